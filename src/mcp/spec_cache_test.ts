import { assertEquals, assertRejects } from "../core/_assert_test.ts";
import type { DocumentSet, ParseResult } from "../core/mod.ts";
import { estimateBytes, SpecCache } from "./spec_cache.ts";

/** A stand-in document set of one root of `sizeBytes` bytes in `format`. */
function doc(sizeBytes: number, format: "json" | "yaml" = "json"): DocumentSet {
  return { root: { sizeBytes, format } as ParseResult, files: [{ root: true }] } as DocumentSet;
}

Deno.test("SpecCache: estimated bytes are the source size times 5 (JSON) or 7 (YAML)", () => {
  assertEquals(estimateBytes(doc(1000)), 5000);
  assertEquals(estimateBytes(doc(1000, "yaml")), 7000);
  assertEquals(estimateBytes(doc(1000).root), 5000);
});

Deno.test("SpecCache: a set's estimate counts every file of it, each by its format", () => {
  const set = {
    root: { sizeBytes: 100, format: "json" } as ParseResult,
    files: [{ root: true }, { root: false, text: "a".repeat(10), format: "yaml" }, {
      root: false,
      text: "é".repeat(5), // 10 bytes in UTF-8
      format: "json",
    }],
  } as DocumentSet;
  assertEquals(estimateBytes(set), 100 * 5 + 10 * 7 + 10 * 5);
});

Deno.test("SpecCache: bounded in bytes as in entries; an entry over the budget is not kept", () => {
  const events: string[] = [];
  const cache = new SpecCache(10, {
    maxBytes: 100,
    listener: {
      loaded: (key, bytes, stored) => events.push(`loaded ${key} ${bytes} ${stored}`),
      hit: (key) => events.push(`hit ${key}`),
      removed: (key) => events.push(`removed ${key}`),
    },
  });
  assertEquals(cache.set("a", doc(10)), true); // 50 bytes
  assertEquals(cache.set("b", doc(8)), true); // 40 bytes
  cache.get("a"); // b is now the least recently used
  assertEquals(cache.set("c", doc(6)), true); // 30 bytes: 120 in all, so b goes
  assertEquals([cache.size, cache.bytes], [2, 80]);
  assertEquals(cache.get("b"), undefined);
  assertEquals(cache.set("huge", doc(21)), false); // 105 bytes alone
  assertEquals([cache.size, cache.bytes], [2, 80]);
  assertEquals(events, ["hit a", "removed b"]);
});

Deno.test("SpecCache: concurrent loads of one key share one; a failed load is not kept", async () => {
  const cache = new SpecCache();
  let loads = 0;
  const load = async () => {
    loads++;
    await new Promise((r) => setTimeout(r, 5));
    return doc(1);
  };
  const results = await Promise.all([1, 2, 3].map(() => cache.getOrLoad("k", load)));
  assertEquals(loads, 1);
  assertEquals(new Set(results).size, 1);
  assertEquals(cache.stats, { hits: 0, misses: 3, loads: 1 });
  await cache.getOrLoad("k", load);
  assertEquals(cache.stats, { hits: 1, misses: 3, loads: 1 });
  await assertRejects(() => cache.getOrLoad("bad", () => Promise.reject(new Error("no"))), Error, "no");
  assertEquals(cache.size, 1);
  const off = new SpecCache(0);
  await Promise.all([1, 2].map(() => off.getOrLoad("k", load))); // off: still one load at a time
  assertEquals([loads, off.size], [2, 0]);
});

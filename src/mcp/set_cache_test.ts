import { assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { connect, countingReader } from "./_test_client.ts";
import { SpecCache } from "./spec_cache.ts";

const ROOT = `openapi: 3.1.0
info: {title: multi, version: "1"}
paths:
  /a: {$ref: paths/a.yaml}
`;
const PATH_ITEM = (id: string) => `get:\n  operationId: ${id}\n  responses:\n    "200": {description: ok}\n`;

/** Sets a file's times `secondsAgo` in the past (older than the cache's 2-second window for recent files). */
async function age(path: string, secondsAgo: number): Promise<void> {
  const then = new Date(Date.now() - secondsAgo * 1000);
  await Deno.utime(path, then, then);
}

async function multiFile(): Promise<{ dir: string; root: string; item: string }> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-set-" });
  await Deno.mkdir(join(dir, "paths"));
  const root = join(dir, "openapi.yaml");
  const item = join(dir, "paths", "a.yaml");
  await Deno.writeTextFile(root, ROOT);
  await Deno.writeTextFile(item, PATH_ITEM("first"));
  await age(root, 60);
  await age(item, 60);
  return { dir, root, item };
}

function operationIds(structured: Record<string, unknown> | undefined): unknown[] {
  return ((structured?.items ?? []) as { operation_id?: unknown }[]).map((i) => i.operation_id);
}

/** Runs `body` on a server over the multi-file specification, with a counting reader and a cache of its own. */
async function withServer(
  body: (
    s: Awaited<ReturnType<typeof connect>>,
    at: { reader: ReturnType<typeof countingReader>; cache: SpecCache; item: string },
  ) => Promise<void>,
): Promise<void> {
  const { dir, item } = await multiFile();
  try {
    const reader = countingReader(dir);
    const cache = new SpecCache();
    const s = await connect({ reader, cache });
    try {
      await body(s, { reader, cache, item });
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("cache: a multi-file root's set is read once for the walk tools, parse and validate", async () => {
  await withServer(async (s, { reader, cache }) => {
    const spec = { file: "openapi.yaml" };
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["first"]);
    assertEquals(reader.reads.length, 2); // the root and paths/a.yaml
    await s.call("walk_paths", { spec });
    const parsed = await s.call("parse", { spec, full: true, resolve_refs: true });
    assertEquals((parsed.structured?.summary as { operation_count: number }).operation_count, 1);
    await s.call("walk_operations", { spec, resolve_refs: true });
    assertEquals((await s.call("validate", { spec })).structured?.valid, true);
    assertEquals(reader.reads.length, 2); // every call took the cached set
    assertEquals(cache.size, 1);
  });
});

Deno.test("cache: a referenced file rewritten gives the new set, never the stale one", async () => {
  await withServer(async (s, { cache, item }) => {
    const spec = { file: "openapi.yaml" };
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["first"]);
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["first"]);
    assertEquals(cache.stats, { hits: 1, misses: 1, loads: 1 });
    // The root is unchanged (its key finds the entry); the referenced file is not, older than 2 seconds.
    await Deno.writeTextFile(item, PATH_ITEM("second_one"));
    await age(item, 30);
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["second_one"]);
    assertEquals(cache.stats, { hits: 1, misses: 2, loads: 2 });
    assertEquals(cache.size, 1); // the stale set was dropped
    // Rewritten just now (same size): within the 2-second window its set is never taken from the cache.
    await Deno.writeTextFile(item, PATH_ITEM("third_one"));
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["third_one"]);
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["third_one"]);
    // A referenced file that was missing when loaded is read once it exists.
    await Deno.remove(item);
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), []);
    await Deno.writeTextFile(item, PATH_ITEM("back"));
    await age(item, 30);
    assertEquals(operationIds((await s.call("walk_operations", { spec })).structured), ["back"]);
  });
});

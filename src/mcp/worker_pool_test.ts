import { assert, assertEquals } from "../core/_assert_test.ts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Tool, ToolDispatch } from "./define_tool.ts";
import { affinityOf, limitCalls, WorkerPool, type WorkerPoolOptions } from "./worker_pool.ts";

const TEST_WORKER = new URL("./_test_worker.ts", import.meta.url).href;
const SETTINGS: WorkerPoolOptions["settings"] = {
  cwd: "/w",
  maxContentSize: 1024,
  walkLimit: 100,
  walkDetailLimit: 25,
  cacheSize: 10,
  cacheMaxBytes: 100,
};

/** What a test worker answered: which worker, the tool, the keys it was told to evict. */
function answer(result: CallToolResult): { worker: string; tool: string; evicted: string[] } {
  return JSON.parse((result.content[0] as { text: string }).text);
}

/** Runs `fn` with a pool of `size` test workers, closing it afterwards. */
async function withPool(
  size: number,
  fn: (pool: WorkerPool) => Promise<void>,
  options: Partial<WorkerPoolOptions> = {},
): Promise<void> {
  const pool = new WorkerPool({ size, settings: SETTINGS, workerUrl: TEST_WORKER, ...options });
  try {
    await fn(pool);
  } finally {
    pool.close();
  }
}

Deno.test("worker pool: calls on one document go to one worker; other calls spread over idle workers", async () => {
  await withPool(3, async (pool) => {
    const same = await Promise.all(
      [1, 2, 3].map(() => pool.run("validate", { spec: { file: "a.yaml" } }, ["/w"])),
    );
    assertEquals(new Set(same.map((r: CallToolResult) => answer(r).worker)).size, 1);
    const spread = await Promise.all(
      [1, 2, 3].map(() => pool.run("convert", { spec: { file: "a.yaml" } }, ["/w"])),
    );
    assertEquals(new Set(spread.map((r: CallToolResult) => answer(r).worker)).size, 3);
  });
});

Deno.test("worker pool: a worker that dies answers its call with an error and is replaced", async () => {
  await withPool(1, async (pool) => {
    const first = answer(await pool.run("parse", {}, ["/w"])).worker;
    const crashed = await pool.run("crash", {}, ["/w"]);
    assertEquals(crashed.isError, true);
    assertEquals(
      (crashed.content[0] as { text: string }).text,
      "The call stopped: its worker failed (Uncaught Error: boom); try again.",
    );
    const next = answer(await pool.run("parse", {}, ["/w"])).worker;
    assert(next !== first, "a new worker");
  });
});

Deno.test("worker pool: a cancelled call ends at once; a queued one never starts", async () => {
  await withPool(1, async (pool) => {
    const running = new AbortController();
    const queued = new AbortController();
    const hang = pool.run("hang", {}, ["/w"], running.signal);
    const waiting = pool.run("parse", {}, ["/w"], queued.signal);
    queued.abort();
    running.abort();
    for (const r of await Promise.all([hang, waiting])) {
      assertEquals((r.content[0] as { text: string }).text, "The call was cancelled by the client.");
    }
    assertEquals(answer(await pool.run("parse", {}, ["/w"])).tool, "parse");
  });
});

Deno.test("worker pool: one cache budget over the workers; the least recently used entry is evicted", async () => {
  await withPool(2, async (pool) => {
    await pool.run("load", { key: "k1", bytes: 60 }, ["/w"]);
    assertEquals(pool.cacheStats, { entries: 1, bytes: 60 });
    await pool.run("load", { key: "k2", bytes: 60 }, ["/w"]); // over 100 bytes: k1 goes
    assertEquals(pool.cacheStats, { entries: 1, bytes: 60 });
    assertEquals(answer(await pool.run("parse", {}, ["/w"])).evicted, ["k1"]);
  });
});

Deno.test("worker pool: when no worker can start, calls run through the fallback (or fail without one)", async () => {
  const missing = new URL("./_no_such_worker.ts", import.meta.url).href;
  const lines: string[] = [];
  const fallback: ToolDispatch = () => Promise.resolve({ content: [{ type: "text", text: "in process" }] });
  const pool = new WorkerPool({
    size: 1,
    settings: SETTINGS,
    workerUrl: missing,
    fallback,
    log: (l) => lines.push(l),
  });
  try {
    const dispatch = pool.dispatch(() => Promise.resolve(["/w"]));
    const tool = { name: "parse" } as Tool;
    const signal = new AbortController().signal;
    assertEquals((await dispatch(tool, {}, signal)).content, [{ type: "text", text: "in process" }]);
    assertEquals((await dispatch(tool, {}, signal)).content, [{ type: "text", text: "in process" }]);
    assertEquals(lines.length, 1);
    assert(lines[0].startsWith("oatool mcp: tool workers cannot start ("), lines[0]);
  } finally {
    pool.close();
  }
  await withPool(1, async (pool) => {
    const r = await pool.run("parse", {}, ["/w"]);
    assertEquals(r.isError, true);
    assert((r.content[0] as { text: string }).text.startsWith("The server's tool workers cannot start"));
  }, { workerUrl: missing });
});

Deno.test("limitCalls: at most max calls at once, the others in arrival order", async () => {
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const inner: ToolDispatch = async (_tool, args) => {
    running++;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, 5));
    order.push(args.n as number);
    running--;
    return { content: [] };
  };
  const limited = limitCalls(inner, 2);
  const signal = new AbortController().signal;
  await Promise.all([0, 1, 2, 3, 4].map((n) => limited({ name: "x" } as Tool, { n }, signal)));
  assertEquals(most, 2);
  assertEquals(order.slice(2), [2, 3, 4]);
});

Deno.test("affinityOf: the first document of a caching tool; none for fix, convert and overlay_validate", () => {
  assertEquals(affinityOf("validate", { spec: { file: "a.yaml" } }, "/w"), "file:/w/a.yaml");
  assertEquals(affinityOf("diff", { base: { file: "/x/b.yaml" } }, "/w"), "file:/x/b.yaml");
  assertEquals(
    affinityOf("join", { specs: [{ file: "c.yaml" }, { file: "d.yaml" }] }, "/w"),
    "file:/w/c.yaml",
  );
  assert(affinityOf("parse", { spec: { content: "openapi: 3.1.0" } }, "/w")!.startsWith("content:14:"));
  assertEquals(affinityOf("parse", { spec: { url: "https://e.com/a" } }, "/w"), undefined);
  for (const tool of ["fix", "convert", "overlay_validate"]) {
    assertEquals(affinityOf(tool, { spec: { file: "a.yaml" } }, "/w"), undefined);
  }
});

/**
 * Concurrency of the tool server, spawned with the binary's permissions and a kill bound (ordering and counts
 * are asserted, never times): a slow call does not hold up a ping sent after it, concurrent calls on one file
 * load it once, a cancelled call frees its worker, and a file rewritten within the same modification time is
 * read again.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { PERMISSIONS, ROOT, withTempDir } from "../_spawn.ts";
import { startMcp } from "../_mcp_client.ts";
import { loadedFiles } from "../_mcp_loads.ts";
import { enumDocument } from "../../scripts/make_spec.ts";
import { connect, countingReader } from "../../src/mcp/_test_client.ts";
import { fileKey } from "../../src/mcp/spec_input.ts";

/** A document with a query parameter of `n` enum values as JSON text (a convert of 2M takes seconds). */
const enumText = (n: number) => JSON.stringify(enumDocument(n));

const VALID = (title: string, pad = "") =>
  `openapi: 3.1.0\ninfo: {title: ${title}, version: "1"}\npaths:\n  /${title}:\n    get:\n      responses:\n        "200": {description: ok}\n${pad}`;

/**
 * Runs `oatool mcp [flags]` with the binary's permissions, writing `batches` of messages to its standard input
 * half a second apart (so that each batch reaches the server after the one before; nothing is timed), and
 * gives the ids of its replies in the order they were written.
 */
async function replyOrder(flags: string[], batches: unknown[][]): Promise<unknown[]> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}cli.ts`, "mcp", ...flags],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  try {
    const input = child.stdin.getWriter();
    for (const [i, batch] of batches.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      await input.write(new TextEncoder().encode(batch.map((m) => JSON.stringify(m) + "\n").join("")));
    }
    await input.close();
    const out = await child.output();
    assert.equal(out.code, 0);
    return new TextDecoder().decode(out.stdout).trim().split("\n").map((line) => JSON.parse(line).id);
  } finally {
    clearTimeout(timer);
  }
}

const INITIALIZE = [
  {
    jsonrpc: "2.0",
    id: "init",
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
];

/** A `tools/call` request. */
function call(id: string, name: string, args: Record<string, unknown>): unknown {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

Deno.test("hostile mcp concurrency: a ping and a call sent while a slow convert runs are answered first", async () => {
  // Inline content and the document in the result: no file is read or written in the call, so without workers
  // the server's thread would be busy from the request to the reply.
  const content = enumText(2_000_000);
  const order = await replyOrder(["--max-content-size", "40M"], [
    INITIALIZE,
    [call("convert", "convert", { spec: { content }, target: "2.0" })],
    [
      { jsonrpc: "2.0", id: "ping", method: "ping" },
      call("parse", "parse", { spec: { content: VALID("p") } }),
    ],
  ]);
  assert.deepEqual(order, ["init", "ping", "parse", "convert"]);
});

Deno.test("hostile mcp concurrency: 12 concurrent calls on one file load it once", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "big.json"), enumText(300_000));
    await Deno.writeTextFile(join(dir, "last.yaml"), VALID("last"));
    const s = await startMcp({ cwd: dir, flags: ["--verbose", "--max-concurrent", "4"] });
    try {
      const tools = ["validate", "parse", "walk_parameters", "walk_operations"];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => s.call(tools[i % 4], { spec: { file: "big.json" } })),
      );
      for (const r of results) assert.equal(r.isError, false, r.text);
      await s.call("parse", { spec: { file: "last.yaml" } });
      assert.deepEqual(await loadedFiles(s.stderr, "last.yaml"), ["big.json", "last.yaml"]);
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile mcp concurrency: in process, concurrent calls share one load of a file", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.yaml"), VALID("a"));
    const reader = countingReader(dir);
    const s = await connect({ reader, maxConcurrent: 8 });
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => s.call("validate", { spec: { file: "a.yaml" } })),
      );
      for (const r of results) assert.equal(r.structured?.valid, true, r.text);
      assert.equal(reader.reads.length, 1);
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile mcp concurrency: a file rewritten within the same modification time is read again", async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, "api.yaml");
    const before = VALID("api");
    const after = "openapi: 3.1.0\ninfo: {title: broken}\npaths: {}\n";
    await Deno.writeTextFile(file, before);
    const s = await startMcp({ cwd: dir });
    try {
      assert.equal((await s.call("validate", { spec: { file: "api.yaml" } })).structured?.valid, true);
      const info = await Deno.stat(file);
      await Deno.writeTextFile(file, after.padEnd(before.length - 1, " ") + "\n"); // same size
      await Deno.utime(file, info.atime!, info.mtime!); // same modification time
      const stat = await Deno.stat(file);
      assert.deepEqual([stat.size, stat.mtime, stat.ino], [info.size, info.mtime, info.ino]);
      assert.equal((await s.call("validate", { spec: { file: "api.yaml" } })).structured?.valid, false);
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile mcp concurrency: a cancelled call is stopped, and the server goes on serving", async () => {
  const content = enumText(2_000_000);
  await withTempDir(async (dir) => {
    const s = await startMcp({ cwd: dir, flags: ["--max-content-size", "40M", "--max-concurrent", "1"] });
    try {
      const abort = new AbortController();
      const slow = s.client.callTool(
        { name: "convert", arguments: { spec: { content }, target: "2.0", output: "out.json" } },
        undefined,
        { signal: abort.signal },
      );
      await new Promise((r) => setTimeout(r, 500)); // lets the slow call reach the server first (not a timing check)
      abort.abort();
      await assert.rejects(slow);
      // One worker: this call runs after the cancelled one's worker was stopped (or after it wrote its output).
      const next = await s.call("parse", { spec: { content: VALID("next") } });
      assert.equal(next.isError, false, next.text);
      assert.equal((next.structured?.summary as { title: string }).title, "next");
      assert.equal(await Deno.stat(join(dir, "out.json")).then(() => true, () => false), false);
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile mcp concurrency: calls past the waiting budget are refused at once, the rest answered", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "big.json"), enumText(2_000_000));
    // One worker, 4 x 1 MiB of inline content may wait for it.
    const flags = ["--max-concurrent", "1", "--max-message-size", "1M", "--max-content-size", "900K"];
    const s = await startMcp({ cwd: dir, flags });
    try {
      const slow = s.call("convert", { spec: { file: "big.json" }, target: "2.0", output: "out.json" });
      await new Promise((r) => setTimeout(r, 500)); // lets the slow call reach the server first (not a timing check)
      const content = VALID("flood", `x-pad: "${"x".repeat(800_000)}"\n`);
      const flood = await Promise.all(
        Array.from({ length: 8 }, () => s.call("parse", { spec: { content } })),
      );
      await s.client.ping();
      const refused = flood.filter((r) => r.isError);
      assert.equal(refused.length, 3, flood.map((r) => r.text.slice(0, 80)).join("\n"));
      for (const r of refused) {
        assert.match(
          r.text,
          /^The server has 5 calls waiting with 3\.8 MiB of inline content; wait for their answers before sending more, or pass large documents as spec\.file\.$/,
        );
      }
      for (const r of flood.filter((r) => !r.isError)) {
        assert.equal((r.structured?.summary as { title: string }).title, "flood");
      }
      assert.equal((await slow).isError, false);
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile mcp concurrency: a file's cache key has a content hash only while its time is recent or ahead", async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, "a.yaml");
    await Deno.writeTextFile(file, VALID("a"));
    const hashed = (key: string | undefined) => /:[0-9a-f]{64}$/.test(key ?? "");
    assert.equal(hashed(await fileKey(file)), true); // just written
    const old = new Date(Date.now() - 3_600_000);
    await Deno.utime(file, old, old);
    const oldKey = await fileKey(file);
    assert.equal(hashed(oldKey), false);
    assert.equal(
      oldKey,
      `file:${file}:${old.getTime()}:${VALID("a").length}:${(await Deno.stat(file)).dev}:${
        (await Deno.stat(file)).ino
      }`,
    );
    const ahead = new Date(Date.now() + 3_600_000);
    await Deno.utime(file, ahead, ahead);
    assert.equal(hashed(await fileKey(file)), true);
    assert.equal(await fileKey(join(dir, "missing.yaml")), undefined);
    assert.equal(await fileKey(dir), undefined);
  });
});

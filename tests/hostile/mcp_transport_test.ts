/**
 * Hostile messages to the tool server's transport, spawned with the binary's permissions and a kill bound: a
 * line over the message size limit gets a JSON-RPC error reply (with its request id when the line starts or
 * ends with it, else null) and the server keeps serving; a content cap that would not fit in a message is a
 * configuration refused at start.
 */
import assert from "node:assert/strict";
import { PERMISSIONS, ROOT, spawnOatool } from "../_spawn.ts";
import { startMcp } from "../_mcp_client.ts";
import { serveStdio } from "../../src/mcp/mod.ts";
import { UsageError } from "../../src/core/mod.ts";

const PETSTORE = `${ROOT}testdata/petstore/petstore-3.1.yaml`;

/** A document as inline content, padded to `bytes` with a long description. */
function bigContent(bytes: number): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "big", version: "1", description: "x".repeat(bytes) },
  });
}

async function overLimitThenServes(flags: string[], contentBytes: number): Promise<void> {
  const s = await startMcp({ flags });
  try {
    const big = await s.call("parse", { spec: { content: bigContent(contentBytes) } });
    // The SDK's client puts the id last: the reply carries it, so the call is answered, not left to time out.
    assert.equal(big.error?.code, -32600, big.text);
    assert.match(
      big.error!.message,
      /^The message is \d+ bytes, more than the .* this server reads \(--max-message-size\); pass large documents as spec\.file instead of spec\.content\.$/,
    );
    await s.client.ping();
    const ok = await s.call("parse", { spec: { file: PETSTORE } });
    assert.equal(ok.isError, false, ok.text);
    assert.equal((ok.structured?.summary as { title: string }).title, "Swagger Petstore");
    assert.match(s.stderr(), /oatool mcp: The message is \d+ bytes/);
  } finally {
    await s.close();
  }
}

Deno.test("hostile mcp transport: a message over --max-message-size gets an error reply; ping and calls go on", async () => {
  await overLimitThenServes(["--max-message-size", "1M", "--max-content-size", "512K"], 2 * 1024 * 1024);
});

Deno.test("hostile mcp transport: a 70 MB message at the default 64 MiB limit gets an error reply", async () => {
  await overLimitThenServes([], 70 * 1000 * 1000);
});

Deno.test("hostile mcp transport: the id is taken from the line's start or end, else null; no newline at the end", async () => {
  const pad = "y".repeat(200_000);
  const lines = [
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    `{"jsonrpc":"2.0","id":"first","method":"tools/call","params":{"name":"parse","arguments":{"spec":{"content":"${pad}"}}}}`,
    `{"method":"tools/call","params":{"name":"parse","arguments":{"spec":{"content":"${pad}"}}},"jsonrpc":"2.0","id":3}`,
    `{"method":"tools/call","params":{"x":{"id":4,"content":"${pad}"}},"id":5,"jsonrpc":"2.0"}`,
    JSON.stringify({ jsonrpc: "2.0", id: 6, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: "x" }),
    JSON.stringify({
      jsonrpc: "2.0",
      id: 8,
      method: "tools/call",
      params: { name: "parse", arguments: { spec: { file: PETSTORE } } },
    }),
    `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${pad}"}}`, // over the limit, at the end of input
  ];
  const r = await spawnOatool(["mcp", "--max-message-size", "100K", "--max-content-size", "50K"], {
    stdin: lines.join("\n"),
    timeoutMs: 120_000,
  });
  assert.equal(r.killed, false);
  assert.equal(r.code, 0, r.stderr);
  const replies = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  const byId = new Map(replies.map((m) => [JSON.stringify(m.id), m]));
  const code = (id: unknown) => (byId.get(JSON.stringify(id))?.error as { code: number } | undefined)?.code;
  assert.equal(code("first"), -32600);
  assert.equal(code(3), -32600);
  assert.equal(code(9), -32600);
  assert.equal(byId.has("4") || byId.has("5"), false); // an id in the middle of the line is not guessed
  assert.equal(replies.filter((m) => m.id === null).length, 1);
  assert.deepEqual(byId.get("6")?.result, {});
  assert.equal(code(7), -32602);
  assert.equal((byId.get("8")?.result as { isError?: boolean }).isError, undefined);
  assert.equal(replies.length, 8);
});

Deno.test("hostile mcp transport: a content cap not below the message limit is refused at start", async () => {
  const r = await spawnOatool(["mcp", "--max-content-size", "2M", "--max-message-size", "2M"], {
    stdin: "",
    timeoutMs: 60_000,
  });
  assert.equal(r.killed, false);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "");
  assert.match(
    r.stderr,
    /^oatool mcp: The content limit \(2097152 bytes \(2 MiB\)\) must be below the message limit \(2097152 bytes \(2 MiB\)\), since content arrives inside a message; lower --max-content-size or raise --max-message-size\.\n/,
  );
  const defaults = await spawnOatool(["mcp", "--max-content-size", "64M"], { stdin: "", timeoutMs: 60_000 });
  assert.equal(defaults.code, 1);
  await assert.rejects(serveStdio({ maxContentSize: 1024, maxMessageSize: 1024 }), UsageError);
});

Deno.test("hostile mcp transport: a client that closes the server's output does not keep it running", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}cli.ts`, "mcp"],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, 60_000);
  try {
    await child.stdout.cancel(); // nothing the server writes can arrive
    const input = child.stdin.getWriter();
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "ping" },
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "parse", arguments: { spec: { file: PETSTORE } } },
      },
    ];
    await input.write(new TextEncoder().encode(lines.map((l) => JSON.stringify(l) + "\n").join("")));
    await input.close();
    await child.status;
    assert.equal(killed, false);
  } finally {
    clearTimeout(timer);
  }
});

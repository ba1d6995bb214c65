/**
 * Hostile input to the tool server over standard input, with the binary's permissions and a kill bound: lines
 * that are not JSON, JSON that is not JSON-RPC, arguments of the wrong shape, deeply nested arguments, and a
 * URL to the machine itself. Every line on standard output is a JSON-RPC message, every request is answered,
 * and the server ends cleanly when its input ends.
 */
import assert from "node:assert/strict";
import { ROOT, spawnOatool } from "../_spawn.ts";
import { RAW_OPENING, rawRequest as request } from "../_mcp_client.ts";

const PETSTORE = `${ROOT}testdata/petstore/petstore-3.1.yaml`;

Deno.test("hostile mcp: garbage lines and malformed calls are answered; stdout holds only the protocol", async () => {
  const deep = JSON.parse("[".repeat(5000) + "]".repeat(5000));
  const lines = [
    ...RAW_OPENING,
    "this is not JSON",
    '{"jsonrpc": "2.0", "id": ',
    JSON.stringify({ jsonrpc: "2.0", id: 99 }),
    request(2, "tools/call", { name: "validate", arguments: 5 }),
    request(3, "tools/call", { name: "validate", arguments: { spec: deep } }),
    request(4, "tools/call", { name: "validate", arguments: { spec: { url: "http://127.0.0.1:9/x" } } }),
    request(5, "tools/call", {
      name: "validate",
      arguments: { spec: { url: "http://[::ffff:127.0.0.1]:9/x" } },
    }),
    request(6, "tools/call", { name: "validate", arguments: { spec: { url: "file:///etc/passwd" } } }),
    request(7, "no/such/method", {}),
    request(8, "tools/call", { name: "validate", arguments: { spec: { file: PETSTORE } } }),
  ];
  const r = await spawnOatool(["mcp"], { stdin: lines.join("\n") + "\n", timeoutMs: 120_000 });
  assert.equal(r.killed, false);
  assert.equal(r.code, 0, r.stderr);
  const messages = r.stdout.trim().split("\n").map((line) => JSON.parse(line));
  for (const m of messages) assert.equal(m.jsonrpc, "2.0");
  const byId = new Map(messages.map((m) => [m.id, m]));
  assert.equal(byId.get(1).result.serverInfo.name, "oatool");
  for (const id of [2, 3]) {
    const answer = byId.get(id);
    assert.ok(answer.error !== undefined || answer.result?.isError === true, JSON.stringify(answer));
  }
  for (const id of [4, 5]) {
    assert.match(byId.get(id).result.content[0].text, /leads to a loopback address/);
  }
  assert.equal(byId.get(6).result.isError, true);
  assert.match(byId.get(6).result.content[0].text, /must start with http:\/\/ or https:\/\//);
  assert.equal(byId.get(7).error.code, -32601);
  assert.equal(byId.get(8).result.structuredContent.valid, true);
  assert.ok(!r.stderr.includes("    at "), r.stderr); // no stack trace
});

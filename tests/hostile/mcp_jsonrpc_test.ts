/**
 * Hostile JSON-RPC to the tool server, as raw lines over standard input with the binary's permissions: params
 * that are not an object, arguments that are not an object, unknown arguments, arguments of the wrong type, an
 * unknown tool. Each gets a JSON-RPC error -32602 whose message is one line naming the field, with no schema
 * dump; a tool's own failure stays an `isError` result; the server answers the next request after each.
 */
import assert from "node:assert/strict";
import { ROOT, spawnOatool } from "../_spawn.ts";
import { RAW_OPENING, rawRequest as request } from "../_mcp_client.ts";

const PETSTORE = `${ROOT}testdata/petstore/petstore-3.1.yaml`;

const call = (id: number, name: string, args: unknown) =>
  request(id, "tools/call", { name, arguments: args });

Deno.test("hostile mcp jsonrpc: malformed calls get -32602 with one line naming the field; the server keeps serving", async () => {
  const bad: [number, string, RegExp][] = [
    [10, request(10, "tools/call", "x"), /params/],
    [11, request(11, "tools/call", ["validate"]), /params/],
    [12, request(12, "tools/call", { arguments: {} }), /name/],
    [13, call(13, "no_such_tool", {}), /^There is no tool "no_such_tool"; tools\/list names the tools\.$/],
    [14, call(14, "validate", 5), /^The arguments of tool validate are a number; send an object\.$/],
    [
      15,
      call(15, "validate", { spec: { file: PETSTORE }, bogus: 1 }),
      /^Invalid arguments for tool validate: unknown argument "bogus"; the arguments are spec, strict[^\n]*\.$/,
    ],
    [
      16,
      call(16, "validate", { spec: { file: 42 } }),
      /^Invalid arguments for tool validate: spec\.file must be a string, not a number\.$/,
    ],
    [
      17,
      call(17, "join", { specs: [{ content: "a" }, { file: "b", where: "c" }] }),
      /^Invalid arguments for tool join: unknown field "where" in specs\[1\]; its fields are file, url, content\.$/,
    ],
    [18, call(18, "validate", {}), /^Invalid arguments for tool validate: spec is required but missing; /],
    [
      19,
      call(19, "walk_operations", { spec: { file: PETSTORE }, ["x".repeat(5000)]: 1 }),
      /^Invalid arguments for tool walk_operations: unknown argument "x{39}…"; /,
    ],
  ];
  const lines = [...RAW_OPENING];
  // After each malformed call, a ping and a call that works.
  for (const [id, line] of bad) {
    lines.push(line, request(id + 100, "ping"), call(id + 200, "validate", { spec: { file: PETSTORE } }));
  }
  // A tool's own failure (a file that does not exist) is a result with isError, not a protocol error.
  lines.push(call(300, "validate", { spec: { file: "no/such/file.yaml" } }));
  const r = await spawnOatool(["mcp"], { stdin: lines.join("\n") + "\n", timeoutMs: 120_000 });
  assert.equal(r.killed, false);
  assert.equal(r.code, 0, r.stderr);
  const messages = r.stdout.trim().split("\n").map((line) => JSON.parse(line));
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const [id, , pattern] of bad) {
    const answer = byId.get(id);
    assert.ok(answer !== undefined, `no answer to ${id}`);
    assert.equal(answer.error?.code, -32602, JSON.stringify(answer));
    const message: string = answer.error.message;
    assert.ok(!message.includes("\n"), message);
    assert.ok(message.length <= 300, message);
    assert.ok(!/"code"|"path"|invalid_type|ZodError|Input validation/.test(message), message);
    assert.match(message, pattern);
    assert.deepEqual(byId.get(id + 100)?.result, {}, `ping after ${id}`);
    assert.equal(byId.get(id + 200)?.result?.structuredContent?.valid, true, `call after ${id}`);
  }
  const failure = byId.get(300);
  assert.equal(failure.result.isError, true);
  assert.equal(failure.result.content[0].text, 'file "no/such/file.yaml" does not exist; check the path.');
  assert.ok(!r.stderr.includes("    at "), r.stderr);
});

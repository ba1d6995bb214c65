/**
 * Issue 28 in the tool server: the `join` tool takes `dedup-or-rename` and a default strategy, counts identical
 * components apart from collisions, and names every collision of a failed join in its one-line error.
 */
import assert from "node:assert/strict";
import { connect } from "../src/mcp/_test_client.ts";

const doc = (title: string, schemas: string, path: string) =>
  `openapi: 3.1.0\ninfo: {title: ${title}, version: '1'}\n` +
  `paths: {${path}: {get: {operationId: list, responses: {'200': {description: ok}}}}}\n` +
  `components: {schemas: {${schemas}}}\n`;

Deno.test("mcp join: dedup-or-rename, default_strategy, identical_count, every collision named", async () => {
  const a = doc("a", "Id: {type: string}, Same: {type: boolean}", "/a");
  const b = doc("b", "Id: {type: integer}, Same: {type: boolean}", "/b");
  const s = await connect();
  try {
    const merged = await s.call("join", {
      specs: [{ content: a }, { content: b }],
      schema_strategy: "dedup-or-rename",
      default_strategy: "accept-left",
    });
    assert.equal(merged.isError, false, merged.text);
    assert.equal(merged.structured?.identical_count, 1);
    // Id renamed, and the operationId list of b renamed: two collisions.
    assert.equal(merged.structured?.collision_count, 2);
    const document = merged.structured?.document as { components: { schemas: object } };
    assert.deepEqual(Object.keys(document.components.schemas).length, 3);
    const failed = await s.call("join", { specs: [{ content: a }, { content: b }] });
    assert.equal(failed.isError, true);
    assert.match(failed.text, /^schema collision: 'Id' .*\(and 1 more collision: operationId 'list'\)\.$/);
  } finally {
    await s.close();
  }
});

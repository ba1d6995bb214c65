/**
 * Issue 31: an empty operationId (`operationId: ""`) is missing, not a duplicate. With
 * `fixDuplicateOperationIds`, each is generated from the method and path (`{method}{path:pascal}`), unique in the
 * whole document, and the fix says so; duplicates of real ids are still renamed by the template.
 */
import assert from "node:assert/strict";
import { fix } from "../src/fixer/mod.ts";

const FILE = new URL("../testdata/fix/operation-ids/empty-and-generated.yaml", import.meta.url).pathname;

type Doc = { paths: Record<string, Record<string, { operationId?: string }>> };

Deno.test("fix: empty operationIds are generated from method and path, unique, and said to be missing", async () => {
  const r = await fix({ file: FILE }, { fixDuplicateOperationIds: true });
  const doc = r.document as unknown as Doc;
  // "getUsers" is taken by another operation: the generated id gets a suffix instead.
  assert.equal(doc.paths["/users"].get.operationId, "getUsers_2");
  assert.equal(doc.paths["/users"].post.operationId, "postUsers");
  const ids = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).map((op) => op.operationId).filter((id) => id !== undefined)
  );
  assert.equal(new Set(ids).size, ids.length, `ids not unique: ${ids.join(", ")}`);
  assert.ok(!ids.includes(""));
  const empties = r.fixes.filter((f) => f.before === "");
  assert.equal(empties.length, 2);
  for (const f of empties) {
    assert.equal(f.type, "duplicate-operation-id");
    assert.match(f.description, /empty, which is missing rather than a duplicate/);
    assert.match(f.description, /\{method\}\{path:pascal\}/);
  }
  // The duplicate of a real id is renamed by the template, to an id nobody has.
  const renamed = r.fixes.find((f) => f.before === "getUsers");
  assert.ok(renamed !== undefined);
  assert.equal(renamed.after, "getUsers3");
});

Deno.test("fix: a single empty operationId is generated too (missing, whatever the template)", async () => {
  const content = [
    "openapi: 3.1.0",
    "info: {title: t, version: '1'}",
    "paths:",
    "  /a/{id}/b:",
    "    delete:",
    '      operationId: ""',
    "      responses: {'204': {description: gone}}",
  ].join("\n");
  const r = await fix({ content }, { fixDuplicateOperationIds: true, operationIdTemplate: "{tag}_{n}" });
  const doc = r.document as unknown as Doc;
  assert.equal(doc.paths["/a/{id}/b"].delete.operationId, "deleteAIdB");
  const generated = r.fixes.filter((f) => f.type === "duplicate-operation-id");
  assert.deepEqual(generated.map((f) => [f.before, f.after]), [["", "deleteAIdB"]]);
});

/**
 * `join` of multi-file inputs in different folders: the components of each input's referenced files take part
 * in collision handling, renaming and reference rewriting like the root's; the result holds only local
 * references and validates from wherever it is written.
 */
import assert from "node:assert/strict";
import { join as joinPath } from "node:path";
import { join } from "../src/joiner/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { loadDocument, serializeDocument } from "../src/core/mod.ts";

const A = "testdata/multifile_stats/join/accounts/openapi.yaml";
const B = "testdata/multifile_stats/join/billing/openapi.yaml";

/** Every `$ref` string of a document, wherever it is. */
function refsOf(doc: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    for (const [k, x] of Object.entries(v)) {
      if (k === "$ref" && typeof x === "string") out.push(x);
      else stack.push(x);
    }
  }
  return out.sort();
}

Deno.test("multi-file join: a schema of A's schemas/pet.yaml collides with B's Pet; rename-right renames B's and its uses", async () => {
  const result = await join({ filePaths: [A, B], schemaStrategy: "rename-right" });
  assert.deepEqual(result.stats, { pathCount: 2, operationCount: 3, schemaCount: 4, webhookCount: 0 });
  assert.equal(result.collisionCount, 1);
  const schemas = (result.document.components as { schemas: Record<string, unknown> }).schemas;
  assert.deepEqual(Object.keys(schemas), ["Account", "Pet", "Pet_openapi", "Invoice"]);
  // A's Pet (from its file) stays Pet; B's root Pet is renamed, and B's file that referred to it follows.
  assert.deepEqual(schemas.Pet, { type: "object", properties: { name: { type: "string" } } });
  assert.deepEqual(schemas.Pet_openapi, { type: "object", properties: { species: { type: "string" } } });
  assert.deepEqual((schemas.Invoice as { properties: { pet: unknown } }).properties.pet, {
    $ref: "#/components/schemas/Pet_openapi",
  });
  assert.deepEqual(refsOf(result.document), [
    "#/components/schemas/Account",
    "#/components/schemas/Invoice",
    "#/components/schemas/Pet",
    "#/components/schemas/Pet",
    "#/components/schemas/Pet_openapi",
  ]);
});

Deno.test("multi-file join: the default strategy refuses the collision of a file's schema with the other's", async () => {
  await assert.rejects(
    join({ filePaths: [A, B] }),
    (e: Error) => e.name === "JoinCollisionError" && /schema collision: 'Pet'/.test(e.message),
  );
});

Deno.test("multi-file join: parsed inputs from two folders give a document with only local references that validates elsewhere", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const result = await join({
      parsed: [await loadDocument(A), await loadDocument(B)],
      schemaStrategy: "rename-right",
    });
    assert.deepEqual(result.stats, { pathCount: 2, operationCount: 3, schemaCount: 4, webhookCount: 0 });
    assert.ok(refsOf(result.document).every((ref) => ref.startsWith("#/")), refsOf(result.document).join());
    const out = joinPath(dir, "joined.yaml");
    await Deno.writeTextFile(out, serializeDocument(result.document, "yaml"));
    const v = await validate(out);
    assert.deepEqual(v.errors, []);
    assert.deepEqual(v.stats, result.stats);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * Issue 28 (speed): the output check compares with the inputs as loaded. Inputs read from files are not copied
 * before the merge (which changes them); when the output has errors, their text is parsed again to find the
 * inputs' own ones. Inputs given parsed are still copied.
 */
import assert from "node:assert/strict";
import { documentFromObject } from "../src/core/mod.ts";
import { join, JoinOutputError, useCustomValue } from "../src/joiner/mod.ts";
import { emptyDoc, type Obj, put, withTemp, writeInputs } from "./join_helpers_test.ts";

/** b has its own dangling reference, into the Pet it shares with a (renamed by rename-right). */
function fleet(): Record<string, Obj> {
  const a = emptyDoc("3.x", "a");
  const b = emptyDoc("3.x", "b");
  put(a, ["components", "schemas", "Pet"], { type: "string" });
  put(b, ["components", "schemas", "Pet"], { type: "integer" });
  put(b, ["components", "schemas", "Broken"], { $ref: "#/components/schemas/Pet/properties/nope" });
  put(b, ["components", "schemas", "Missing"], { $ref: "#/components/schemas/Nowhere" });
  return { "a.json": a, "b.json": b };
}

const options = { validateInputs: false, schemaStrategy: "rename-right" } as const;

Deno.test("files: an input's own dangling references are its own after the merge changed it", async () => {
  await withTemp(async (dir) => {
    const files = await writeInputs(dir, fleet());
    const r = await join(files, options);
    const schemas = (r.document.components as Obj).schemas as Obj;
    assert.deepEqual(schemas.Broken, { $ref: "#/components/schemas/Pet_b/properties/nope" });
    assert.deepEqual(schemas.Missing, { $ref: "#/components/schemas/Nowhere" });
  });
});

Deno.test("files: a dangling reference no input had still fails the join", async () => {
  await withTemp(async (dir) => {
    const files = await writeInputs(dir, fleet());
    const e = await join(files, {
      ...options,
      collisionHandler: () => useCustomValue({ $ref: "#/components/schemas/Gone" }),
    }).then(() => undefined, (x: unknown) => x);
    assert.ok(e instanceof JoinOutputError, `expected a JoinOutputError, got ${e}`);
    assert.deepEqual(e.findings.map((f) => f.path), ["components.schemas.Pet.$ref"]);
  });
});

Deno.test("parsed inputs are copied for the check, and never changed", async () => {
  const docs = Object.entries(fleet()).map(([source, doc]) => documentFromObject(doc, { source }));
  const before = JSON.stringify(docs.map((d) => d.document));
  await join(docs, options);
  assert.equal(JSON.stringify(docs.map((d) => d.document)), before);
});

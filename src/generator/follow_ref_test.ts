import assert from "node:assert/strict";
import { RefIndex } from "../refs/ref_index.ts";
import { followedObject, followedValue, followRef, isRef } from "./follow_ref.ts";

const doc = {
  openapi: "3.1.0",
  components: {
    schemas: {
      A: { $ref: "#/components/schemas/B" },
      B: { type: "string" },
      N: { $ref: "#/components/schemas/Missing" },
    },
  },
};

Deno.test("followRef: a Reference Object is followed (chains too); any other value stays where it is", () => {
  const index = RefIndex.of(doc, "3.1");
  const ref = { $ref: "#/components/schemas/A" };
  const r = followRef(index, ref);
  assert.ok(r.ok);
  assert.equal(r.value, doc.components.schemas.B);
  assert.deepEqual(r.segments, ["components", "schemas", "B"]);
  // The index's own answer (the type model keys its places by it).
  assert.equal(r, index.follow(ref.$ref));
  const plain = { type: "integer" };
  assert.deepEqual(followRef(index, plain, "other"), { ok: true, value: plain, file: "other" });
  const bad = followRef(index, doc.components.schemas.N);
  assert.equal(bad.ok, false);
  assert.equal(followedValue(index, doc.components.schemas.N), undefined);
  assert.equal(followedValue(index, true), true);
  assert.equal(followedObject(index, true), undefined);
  assert.equal(followedObject(index, ref), doc.components.schemas.B);
  assert.ok(isRef(ref) && !isRef({ $ref: 1 }) && !isRef(["$ref"]) && !isRef(null));
});

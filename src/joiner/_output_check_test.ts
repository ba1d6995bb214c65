import assert from "node:assert/strict";
import { finding } from "../core/mod.ts";
import { mappingErrors, newErrors } from "./_output_check.ts";

const err = (rule: string, message: string, at = "x") => finding("error", [at], message, { rule });

Deno.test("an output error is an input's by rule and message, then by what is left of the rule's count", () => {
  const inputs = [
    err("ref-resolves", "'#/components/schemas/A' resolves to nothing"),
    err("ref-resolves", "'#/components/schemas/B' resolves to nothing"),
  ];
  const output = [
    err("ref-resolves", "'#/components/schemas/A' resolves to nothing"),
    // B was renamed by the join: its message changed, the input's error is the same one.
    err("ref-resolves", "'#/components/schemas/B_b' resolves to nothing"),
    err("ref-resolves", "'#/components/schemas/C' resolves to nothing"),
    err("operation-id-unique", "operationId 'x' is used twice"),
  ];
  assert.deepEqual(newErrors(output, inputs).map((f) => f.message), [
    "'#/components/schemas/C' resolves to nothing",
    "operationId 'x' is used twice",
  ]);
  assert.deepEqual(newErrors(inputs, inputs), []);
});

Deno.test("discriminator mappings: local references and bare names that name no schema", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }],
          discriminator: {
            propertyName: "kind",
            mapping: { cat: "Cat", dog: "Dog", fox: "#/components/schemas/Fox", ext: "other.yaml#/Ext" },
          },
        },
        Cat: { type: "object" },
      },
    },
  };
  assert.deepEqual(mappingErrors(doc, "3.1").map((f) => `${f.path} ${f.rule}`), [
    "components.schemas.Pet.discriminator.mapping.dog discriminator-mapping",
    "components.schemas.Pet.discriminator.mapping.fox discriminator-mapping",
  ]);
});

Deno.test("the mapping check finds a mapping deep in an operation, from the objects or from the JSON text", () => {
  const schema = {
    allOf: [{ discriminator: { propertyName: "kind", mapping: { x: "Missing", y: "Cat" } } }],
  };
  const ok = { description: "ok", content: { "application/json": { schema } } };
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: { "/a": { get: { responses: { "200": ok } } } },
    components: { schemas: { Cat: { type: "object" } } },
  };
  const expected = [
    "paths./a.get.responses.200.content.application/json.schema.allOf[0].discriminator.mapping.x",
  ];
  assert.deepEqual(mappingErrors(doc, "3.1").map((f) => f.path), expected);
  assert.deepEqual(mappingErrors(doc, "3.1", JSON.stringify(doc)).map((f) => f.path), expected);
  // Without any mapping: nothing, however it is looked at (a property named like the keyword is no discriminator).
  const none = { ...doc, paths: {}, components: { schemas: { D: { properties: { discriminator: {} } } } } };
  assert.deepEqual(mappingErrors(none, "3.1"), []);
  assert.deepEqual(mappingErrors(none, "3.1", JSON.stringify(none)), []);
});

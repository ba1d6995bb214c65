import assert from "node:assert/strict";
import { componentRef, encodeRefSegment, renameKeys, renameRef, rewriteReferences } from "./_rewrite_refs.ts";

const schemas = {
  section: ["components", "schemas"],
  names: new Map([["User", "User_b"], ["a/b", "a/b_2"]]),
  kind: "schema" as const,
};
const security = {
  section: ["components", "securitySchemes"],
  names: new Map([["key", "key_b"]]),
  kind: "security" as const,
};

Deno.test("renameRef changes only local references into a renamed map, keeping pointer suffixes", () => {
  assert.equal(renameRef("#/components/schemas/User", [schemas]), "#/components/schemas/User_b");
  assert.equal(
    renameRef("#/components/schemas/User/properties/id", [schemas]),
    "#/components/schemas/User_b/properties/id",
  );
  assert.equal(renameRef("#/components/schemas/a~1b", [schemas]), "#/components/schemas/a~1b_2");
  assert.equal(renameRef("#/components/schemas/Users", [schemas]), undefined);
  assert.equal(renameRef("#/components/responses/User", [schemas]), undefined);
  assert.equal(renameRef("other.yaml#/components/schemas/User", [schemas]), undefined);
  assert.equal(renameRef("#/components/schemas", [schemas]), undefined);
  assert.equal(
    renameRef("#/definitions/User", [{ ...schemas, section: ["definitions"] }]),
    "#/definitions/User_b",
  );
});

Deno.test("encoded names: ~ and / are escaped, characters a fragment cannot hold are percent-encoded", () => {
  assert.equal(encodeRefSegment("a/b~c"), "a~1b~0c");
  assert.equal(encodeRefSegment("with space%"), "with%20space%25");
  assert.equal(componentRef(["components", "schemas"], "Ünïcode"), "#/components/schemas/Ünïcode");
  assert.equal(renameRef("#/components/schemas/Us%65r", [schemas]), "#/components/schemas/User_b");
});

Deno.test("rewriteReferences: structural $refs, discriminator mappings, security requirements; never data", () => {
  const doc = {
    openapi: "3.1.0",
    security: [{ key: [] }, { other: [] }],
    paths: {
      "/a": {
        get: {
          security: [{ key: ["x"] }],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    oneOf: [{ $ref: "#/components/schemas/User" }],
                    discriminator: {
                      propertyName: "t",
                      mapping: { u: "User", v: "#/components/schemas/User", w: "Other" },
                    },
                  },
                  example: { $ref: "#/components/schemas/User" },
                  examples: { e: { value: { $ref: "#/components/schemas/User" } } },
                },
              },
            },
          },
          "x-meta": { $ref: "#/components/schemas/User" },
        },
      },
    },
    components: {
      schemas: {
        User: {
          properties: { $ref: { type: "string" }, enum: { enum: [{ $ref: "#/components/schemas/User" }] } },
        },
      },
      securitySchemes: { key: { type: "apiKey", name: "k", in: "header", security: [{ key: [] }] } },
    },
  };
  const changed = rewriteReferences(doc, "3.1", [schemas, security]);
  assert.equal(changed, 5);
  const schema = doc.paths["/a"].get.responses["200"].content["application/json"].schema;
  assert.deepEqual(schema.oneOf, [{ $ref: "#/components/schemas/User_b" }]);
  assert.deepEqual(schema.discriminator.mapping, {
    u: "User_b",
    v: "#/components/schemas/User_b",
    w: "Other",
  });
  assert.deepEqual(doc.security, [{ key_b: [] }, { other: [] }]);
  assert.deepEqual(doc.paths["/a"].get.security, [{ key_b: ["x"] }]);
  // Data stays as written.
  const media = doc.paths["/a"].get.responses["200"].content["application/json"];
  assert.deepEqual(media.example, { $ref: "#/components/schemas/User" });
  assert.deepEqual(media.examples.e.value, { $ref: "#/components/schemas/User" });
  assert.deepEqual(doc.paths["/a"].get["x-meta"], { $ref: "#/components/schemas/User" });
  assert.deepEqual(doc.components.schemas.User.properties.enum.enum, [{ $ref: "#/components/schemas/User" }]);
  // Only root and operation security are requirements.
  assert.deepEqual(doc.components.securitySchemes.key.security, [{ key: [] }]);
});

Deno.test("a shared object is rewritten once, even with chained renames", () => {
  const shared = { $ref: "#/components/schemas/A" };
  const doc = { components: { schemas: { X: { items: shared }, Y: { items: shared } } } };
  rewriteReferences(doc, "3.1", [{
    section: ["components", "schemas"],
    names: new Map([["A", "B"], ["B", "C"]]),
    kind: "schema",
  }]);
  assert.equal(shared.$ref, "#/components/schemas/B");
});

Deno.test("renameKeys keeps the order of keys", () => {
  assert.deepEqual(Object.keys(renameKeys({ a: 1, b: 2, c: 3 }, new Map([["b", "z"]]))), ["a", "z", "c"]);
});

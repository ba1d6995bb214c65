import assert from "node:assert/strict";
import {
  componentRef,
  encodeRefSegment,
  renameComponents,
  renameKeys,
  renameRef,
  rewriteReferences,
} from "./rename.ts";

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

Deno.test("references into the renamed document from another file change when the caller says so", () => {
  const isCommon = (file: string) => file === "common.yaml" || file === "./common.yaml";
  assert.equal(renameRef("common.yaml#/components/schemas/User", [schemas]), undefined);
  assert.equal(
    renameRef("./common.yaml#/components/schemas/User/properties/id", [schemas], isCommon),
    "./common.yaml#/components/schemas/User_b/properties/id",
  );
  assert.equal(renameRef("other.yaml#/components/schemas/User", [schemas], isCommon), undefined);
  assert.equal(renameRef("common.yaml", [schemas], isCommon), undefined);
  const schema = {
    oneOf: [{ $ref: "common.yaml#/components/schemas/User" }, { $ref: "#/components/schemas/User" }],
    discriminator: {
      propertyName: "t",
      mapping: { u: "common.yaml#/components/schemas/User", v: "other.yaml#/components/schemas/User" },
    },
  };
  const media = { "application/json": { schema } };
  const doc = {
    openapi: "3.0.3",
    paths: { "/u": { get: { responses: { "200": { description: "ok", content: media } } } } },
  };
  const changes: unknown[] = [];
  const count = rewriteReferences(doc, "3.0", [schemas], {
    isRenamedDocument: isCommon,
    onChange: (c) => changes.push(c),
  });
  const base = "/paths/~1u/get/responses/200/content/application~1json/schema";
  assert.equal(count, 3);
  assert.deepEqual(changes, [
    {
      pointer: `${base}/discriminator/mapping/u`,
      kind: "mapping",
      from: "common.yaml#/components/schemas/User",
      to: "common.yaml#/components/schemas/User_b",
    },
    {
      pointer: `${base}/oneOf/0/$ref`,
      kind: "ref",
      from: "common.yaml#/components/schemas/User",
      to: "common.yaml#/components/schemas/User_b",
    },
    {
      pointer: `${base}/oneOf/1/$ref`,
      kind: "ref",
      from: "#/components/schemas/User",
      to: "#/components/schemas/User_b",
    },
  ]);
  assert.equal(schema.discriminator.mapping.v, "other.yaml#/components/schemas/User");
});

Deno.test("renameComponents renames the keys in order, rewrites references and reports both", () => {
  const doc = {
    openapi: "3.1.0",
    security: [{ key: [] }],
    paths: { "/u": { get: { responses: { "200": { $ref: "#/components/responses/Ok" } } } } },
    components: {
      schemas: {
        A: { type: "string" },
        User: { properties: { a: { $ref: "#/components/schemas/A" } } },
        Z: {},
      },
      responses: {
        Ok: { description: "ok", content: { "a/b": { schema: { $ref: "#/components/schemas/User" } } } },
      },
      securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } },
    },
  };
  const report = renameComponents(doc, [
    {
      section: ["components", "schemas"],
      names: new Map([["User", "Account"], ["Missing", "X"]]),
      kind: "schema",
    },
    { section: ["components", "securitySchemes"], names: new Map([["key", "apiKey"]]), kind: "security" },
    { section: ["components", "links"], names: new Map([["L", "M"]]), kind: "other" },
  ], { oasVersion: "3.1" });
  assert.deepEqual(Object.keys(doc.components.schemas), ["A", "Account", "Z"]);
  assert.deepEqual(Object.keys(doc.components.securitySchemes), ["apiKey"]);
  assert.deepEqual(doc.security, [{ apiKey: [] }]);
  assert.deepEqual(report.components, [
    { section: ["components", "schemas"], from: "User", to: "Account" },
    { section: ["components", "securitySchemes"], from: "key", to: "apiKey" },
  ]);
  assert.deepEqual(report.references, [
    { pointer: "/security/0/key", kind: "security", from: "key", to: "apiKey" },
    {
      pointer: "/components/responses/Ok/content/a~1b/schema/$ref",
      kind: "ref",
      from: "#/components/schemas/User",
      to: "#/components/schemas/Account",
    },
  ]);
});

Deno.test("renameComponents refuses a new name that is taken", () => {
  const doc = { openapi: "3.1.0", components: { schemas: { A: {}, B: {} } } };
  assert.throws(
    () =>
      renameComponents(doc, [{
        section: ["components", "schemas"],
        names: new Map([["A", "B"]]),
        kind: "schema",
      }], {
        oasVersion: "3.1",
      }),
    /cannot rename \/components\/schemas\/A to 'B': the name is taken/,
  );
  const swapped = renameComponents(doc, [
    { section: ["components", "schemas"], names: new Map([["A", "B"], ["B", "A"]]), kind: "schema" },
  ], { oasVersion: "3.1" });
  assert.equal(swapped.components.length, 2);
});

Deno.test("rewriteReferences with `to`: a moved section's references point at its new place, also in other files", () => {
  const doc = {
    openapi: "3.0.3",
    paths: {
      "/a": {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { $ref: "#/definitions/Pet" },
                  example: { $ref: "#/definitions/Pet" },
                },
              },
            },
            "404": { $ref: "common.yaml#/definitions/Error/properties/x" },
          },
        },
      },
    },
  };
  const n = rewriteReferences(doc, "3.0", [
    { section: ["definitions"], to: ["components", "schemas"], names: new Map(), kind: "schema" },
  ], { isRenamedDocument: () => true });
  assert.equal(n, 2);
  const responses = doc.paths["/a"].get.responses;
  assert.equal(responses["200"].content["application/json"].schema.$ref, "#/components/schemas/Pet");
  assert.equal(
    responses["200"].content["application/json"].example.$ref,
    "#/definitions/Pet",
    "data is data",
  );
  assert.equal(responses["404"].$ref, "common.yaml#/components/schemas/Error/properties/x");
  assert.equal(
    renameRef("#/components/schemas/A", [{
      section: ["components", "schemas"],
      to: ["definitions"],
      names: new Map([["A", "B"]]),
      kind: "schema",
    }]),
    "#/definitions/B",
  );
});

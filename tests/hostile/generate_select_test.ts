/**
 * Hostile documents for a slice of the API (`generate --include-…`, `--types-only-from`): reference cycles
 * between schemas and between path items, references to places that are not components or do not exist,
 * discriminator mappings naming nothing, tags and ids that are not strings, and 20,000 schemas in one chain.
 * Each selection ends, keeps what it reaches, and the code is generated.
 */
import assert from "node:assert/strict";
import { generate } from "../../src/generator/mod.ts";

const HOSTILE = {
  openapi: "3.1.0",
  info: { title: "hostile", version: "1" },
  tags: [{ name: 7 }, "x", null, { name: "a" }],
  paths: {
    "/a": {
      get: {
        operationId: "getA",
        tags: ["a", 3, null],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } },
          },
          default: { $ref: "#/components/responses/Missing" },
        },
      },
    },
    "/b": { $ref: "#/paths/~1b" },
    "/c": { $ref: "#/paths/~1a" },
    "/d": { get: { operationId: { not: "a string" }, responses: { "204": { description: "no" } } } },
  },
  components: {
    responses: {},
    schemas: {
      Node: {
        type: "object",
        properties: {
          next: { $ref: "#/components/schemas/Node" },
          other: { $ref: "#/components/schemas/Other/properties/back" },
          weird: { $ref: "#/info" },
          bad: { $ref: "#/components/schemas/%ZZ" },
        },
        discriminator: { propertyName: "k", mapping: { a: "Nowhere", b: "#/nowhere", c: "Other" } },
      },
      Other: { type: "object", properties: { back: { $ref: "#/components/schemas/Node" } } },
      Unused: { type: "string" },
      ...Object.fromEntries(
        Array.from({ length: 20_000 }, (_, i) => [`C${i}`, { $ref: `#/components/schemas/C${i + 1}` }]),
      ),
      C20000: { type: "string" },
    },
  },
};

Deno.test("hostile selection: cycles, dangling and odd references, non-string tags and ids, a long chain", async () => {
  const content = JSON.stringify(HOSTILE);
  const a = await generate({ content }, { client: true, server: true, includeTags: ["a"], noReadme: true });
  assert.equal(a.operations, 2); // getA and /c, which refers to /a's item
  const types = a.files.find((f) => f.name === "types.go")!.content;
  assert.match(types, /^type Node struct/m);
  assert.match(types, /^type Other struct/m);
  assert.doesNotMatch(types, /^type (Unused|C0) /m);
  const chain = await generate({ content }, { typesOnlyFrom: ["C0"], noReadme: true });
  assert.equal(chain.operations, 0);
  assert.ok(chain.types >= 1);
  const odd = await generate({ content }, { client: true, includeOperations: ["GET /d"], noReadme: true });
  assert.equal(odd.operations, 1);
});

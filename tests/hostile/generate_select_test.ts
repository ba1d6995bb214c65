/**
 * Hostile documents for a slice of the API (`generate --include-…`, `--types-only-from`): reference cycles
 * between schemas and between path items, references to places that are not components or do not exist,
 * discriminator mappings naming nothing, tags and ids that are not strings, and 20,000 schemas in one chain;
 * references into left-out operations that form cycles and long chains. Each selection ends, keeps what it
 * reaches, and the code is generated.
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

/** `/keep` refers into `/gone` (left out), whose parts refer to each other: a cycle, a self-reference, a chain. */
const INTO_PATHS = {
  openapi: "3.0.3",
  info: { title: "hostile", version: "1" },
  paths: {
    "/keep": {
      get: {
        operationId: "keep",
        parameters: [{ $ref: "#/paths/~1gone/get/parameters/0" }, {
          $ref: "#/paths/~1gone/get/parameters/2",
        }],
        responses: { "200": { $ref: "#/paths/~1gone/get/responses/200" } },
      },
    },
    "/gone": {
      get: {
        operationId: "gone",
        parameters: [
          { $ref: "#/paths/~1gone/get/parameters/1" },
          { $ref: "#/paths/~1gone/get/parameters/0" },
          { $ref: "#/paths/~1gone/get/parameters/2" },
        ],
        responses: {
          "200": {
            description: "deep",
            content: { "application/json": { schema: { $ref: "#/paths/~1gone/get/x-chain/0" } } },
          },
        },
        "x-chain": [
          ...Array.from({ length: 5_000 }, (_, i) => ({
            type: "object",
            properties: { next: { $ref: `#/paths/~1gone/get/x-chain/${i + 1}` } },
          })),
          { $ref: "#/paths/~1gone/get/responses/200/content/application~1json/schema" },
        ],
      },
    },
  },
};

Deno.test("hostile selection: references into a left-out operation that cycle, refer to themselves, chain", async () => {
  const r = await generate({ content: JSON.stringify(INTO_PATHS) }, {
    client: true,
    includeOperations: ["keep"],
    noReadme: true,
  });
  assert.equal(r.operations, 1);
  // The chain is kept (copied once, its end referring back to its start): its types are generated down to the
  // generator's depth bound. The cycle of references resolves nowhere, in the source either: it is reported.
  const said = r.issues.map((i) => i.message);
  assert.ok(said.some((m) => /^schema nesting deeper than \d+ levels/.test(m)), said.join("\n"));
  assert.ok(r.types > 30, String(r.types));
  assert.ok(said.some((m) => /parameter reference .* cannot be resolved/.test(m)), said.join("\n"));
});

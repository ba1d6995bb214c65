import assert from "node:assert/strict";
import { applySemanticDedup, findSemanticDuplicates, stronglyConnected } from "./_semantic_dedup.ts";
import { canonicalForm, isEmptySchema } from "./_canonical.ts";
import { getAt } from "../core/mod.ts";

const FIXTURES = new URL("../../testdata/joiner_naming/", import.meta.url);

function load(name: string): Record<string, unknown> {
  return JSON.parse(Deno.readTextFileSync(new URL(name, FIXTURES)));
}

function doc30(
  schemas: Record<string, unknown>,
  paths: Record<string, unknown> = {},
): Record<string, unknown> {
  return { openapi: "3.0.3", info: { title: "t", version: "1" }, paths, components: { schemas } };
}

function ref(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

function renamesOf(schemas: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(findSemanticDuplicates(doc30(schemas), "3.0").renames);
}

/** Merges two documents the way a join without collisions does, for cross-document tests. */
function merged(): Record<string, unknown> {
  const left = load("dedup-left.json");
  const right = load("dedup-right.json");
  const schemas = (d: Record<string, unknown>) =>
    (d.components as { schemas: Record<string, unknown> }).schemas;
  return {
    ...left,
    paths: { ...(left.paths as object), ...(right.paths as object) },
    components: { schemas: { ...schemas(left), ...schemas(right) } },
  };
}

Deno.test("structurally identical schemas are found by identity class", async (t) => {
  const str = { type: "string" };
  const int = { type: "integer" };
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ["identical pair, survivor alphabetically first", {
      User: { type: "object", properties: { id: int } },
      Account: { type: "object", properties: { id: int } },
    }, { User: "Account" }],
    ["three identical", { C: str, A: str, B: str }, { B: "A", C: "A" }],
    ["metadata does not count", {
      A: {
        type: "object",
        title: "A",
        description: "x",
        example: { a: 1 },
        deprecated: true,
        properties: { p: str },
      },
      B: {
        type: "object",
        title: "B",
        externalDocs: { url: "https://e.x" },
        properties: { p: { ...str, description: "y" } },
      },
    }, { B: "A" }],
    ["key order and required order do not count", {
      A: { required: ["a", "b"], type: "object", properties: { a: str, b: int } },
      B: { properties: { b: int, a: str }, type: "object", required: ["b", "a"] },
    }, { B: "A" }],
    ["enum order counts", { A: { enum: ["x", "y"] }, B: { enum: ["y", "x"] } }, {}],
    [
      "different formats",
      { A: { type: "string", format: "date" }, B: { type: "string", format: "uuid" } },
      {},
    ],
    [
      "extensions count",
      { A: { type: "string", "x-go-type": "a" }, B: { type: "string", "x-go-type": "b" } },
      {},
    ],
    ["a property named like a metadata keyword counts", {
      A: { type: "object", properties: { title: str } },
      B: { type: "object", properties: { name: str } },
    }, {}],
    ["empty schemas are never consolidated", {
      A: {},
      B: {},
      C: { description: "d", title: "t", example: 1, deprecated: true },
      D: { description: "d", title: "t", example: 1, deprecated: true },
      E: { default: 1, readOnly: true, "x-note": 1 },
      F: { default: 1, readOnly: true, "x-note": 1 },
    }, {}],
    ["a single keyword makes a schema non-empty", { A: { nullable: true }, B: { nullable: true } }, {
      B: "A",
    }],
    ["refs to different targets are not identical", {
      A: { type: "array", items: ref("X") },
      B: { type: "array", items: ref("Y") },
      X: str,
      Y: int,
    }, {}],
    ["refs to identical targets are identical", {
      A: { type: "array", items: ref("X") },
      B: { type: "array", items: ref("Y") },
      X: str,
      Y: { ...str, description: "same" },
    }, { B: "A", Y: "X" }],
    ["chains of identical targets", {
      A1: { items: ref("A2") },
      A2: { items: ref("A3") },
      A3: str,
      B1: { items: ref("B2") },
      B2: { items: ref("B3") },
      B3: str,
    }, { B1: "A1", B2: "A2", B3: "A3" }],
    ["refs to distinct empty schemas are not identical", {
      A: { items: ref("E1") },
      B: { items: ref("E2") },
      E1: {},
      E2: {},
    }, {}],
    ["ref aliases of the same target are identical", { A: ref("T"), B: ref("T"), T: str }, { B: "A" }],
    ["an alias is not identical to its target", { A: ref("T"), T: str }, {}],
    ["pointer suffixes count", {
      A: ref("T/properties/a"),
      B: ref("T/properties/b"),
      T: { properties: { a: str, b: str } },
    }, {}],
    ["recursive schemas", {
      Node: { type: "object", properties: { children: { type: "array", items: ref("Node") } } },
      Tree: { type: "object", properties: { children: { type: "array", items: ref("Tree") } } },
    }, { Tree: "Node" }],
    ["recursive schemas that differ", {
      S1: { properties: { next: ref("S1"), v: str } },
      S2: { properties: { next: ref("S2"), v: int } },
    }, {}],
    ["a two-schema cycle and a self-loop of the same shape", {
      P: { properties: { next: ref("Q") } },
      Q: { properties: { next: ref("P") } },
      R: { properties: { next: ref("R") } },
    }, { Q: "P", R: "P" }],
    ["mutually recursive pairs", {
      A: { properties: { b: ref("B"), kind: { const: "a" } } },
      B: { properties: { a: ref("A"), kind: { const: "b" } } },
      C: { properties: { b: ref("D"), kind: { const: "a" } } },
      D: { properties: { a: ref("C"), kind: { const: "b" } } },
    }, { C: "A", D: "B" }],
    ["schemas pointing into recursive ones", {
      ListA: { type: "array", items: ref("NodeA") },
      ListB: { type: "array", items: ref("NodeB") },
      NodeA: { properties: { next: ref("NodeA") } },
      NodeB: { properties: { next: ref("NodeB") } },
    }, { ListB: "ListA", NodeB: "NodeA" }],
    ["discriminator mappings are references", {
      A: { oneOf: [ref("X")], discriminator: { propertyName: "k", mapping: { x: "X" } } },
      B: {
        oneOf: [ref("Y")],
        discriminator: { propertyName: "k", mapping: { x: "#/components/schemas/Y" } },
      },
      X: str,
      Y: int,
    }, {}],
    ["boolean schemas are never consolidated", { T1: true, T2: true, F1: false, F2: false }, {}],
  ];
  for (const [name, schemas, want] of cases) {
    await t.step(name, () => assert.deepEqual(renamesOf(schemas), want));
  }
});

Deno.test("the result counts removals and carries the spec's warning", () => {
  const none = findSemanticDuplicates(doc30({ A: { type: "string" } }), "3.0");
  assert.equal(none.count, 0);
  assert.equal(none.warning, undefined);
  const some = findSemanticDuplicates(
    doc30({ A: { type: "string" }, B: { type: "string" }, C: { type: "string" } }),
    "3.0",
  );
  assert.equal(some.count, 2);
  assert.equal(some.warning, "semantic deduplication: consolidated 2 duplicate definition(s)");
  assert.deepEqual(findSemanticDuplicates({ openapi: "3.0.3", paths: {} }, "3.0").count, 0);
});

Deno.test("finding duplicates does not modify the document and is order-independent", () => {
  const doc = merged();
  const before = structuredClone(doc);
  const result = findSemanticDuplicates(doc, "3.0");
  assert.deepEqual(doc, before);
  const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
  const reversed = Object.fromEntries(Object.entries(schemas).reverse());
  const again = findSemanticDuplicates({ ...doc, components: { schemas: reversed } }, "3.0");
  assert.deepEqual([...again.renames], [...result.renames]);
});

Deno.test("semantic deduplication across documents rewrites every reference", () => {
  const doc = merged();
  const result = applySemanticDedup(doc, "3.0");
  assert.deepEqual(Object.fromEntries(result.renames), {
    Location: "Address",
    TreeNode: "Node",
    User: "Customer",
  });
  assert.equal(result.warning, "semantic deduplication: consolidated 3 duplicate definition(s)");
  const schemas = (doc.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
  assert.deepEqual(Object.keys(schemas), [
    "Address",
    "Node",
    "Money",
    "Anything",
    "Note",
    "Customer",
    "Price",
    "Whatever",
    "Comment",
    "Party",
    "CustomerId",
  ]);
  const at = (...path: string[]): unknown => getAt(doc, path);
  const usersSchema = [
    "paths",
    "/users/{id}",
    "get",
    "responses",
    "200",
    "content",
    "application/json",
    "schema",
  ];
  assert.equal(at(...usersSchema, "$ref"), "#/components/schemas/Customer");
  const media = ["paths", "/customers", "get", "responses", "200", "content", "application/json"];
  assert.equal(at(...media, "schema", "items", "$ref"), "#/components/schemas/Customer");
  assert.deepEqual(at(...media, "example"), { $ref: "#/components/schemas/Customer" }, "examples are data");
  const schema = (...path: string[]): unknown => at("components", "schemas", ...path);
  assert.equal(schema("Customer", "properties", "address", "$ref"), "#/components/schemas/Address");
  assert.equal(schema("Node", "properties", "children", "items", "$ref"), "#/components/schemas/Node");
  assert.deepEqual(schema("Party", "discriminator", "mapping"), {
    customer: "Customer",
    where: "#/components/schemas/Address",
  });
  assert.deepEqual(
    schema("Party", "x-source"),
    { $ref: "#/components/schemas/Location" },
    "extensions are data",
  );
  assert.equal(schema("CustomerId", "$ref"), "#/components/schemas/Address/properties/street");
  assert.equal(applySemanticDedup(doc, "3.0").count, 0, "a second pass finds nothing");
});

Deno.test("bare discriminator mapping names are rewritten", () => {
  const doc = doc30({
    Cat: { type: "object", properties: { meow: { type: "boolean" } } },
    Kitten: { type: "object", properties: { meow: { type: "boolean" } } },
    Pet: { oneOf: [ref("Kitten")], discriminator: { propertyName: "kind", mapping: { kitten: "Kitten" } } },
  });
  applySemanticDedup(doc, "3.0");
  const pet = getAt(doc, ["components", "schemas", "Pet"]);
  assert.deepEqual(pet, {
    oneOf: [ref("Cat")],
    discriminator: { propertyName: "kind", mapping: { kitten: "Cat" } },
  });
});

Deno.test("OAS 2.0 definitions are deduplicated", () => {
  const doc: Record<string, unknown> = {
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        post: {
          parameters: [{ in: "body", name: "b", schema: { $ref: "#/definitions/Beta" } }],
          responses: { "200": { description: "", schema: { $ref: "#/definitions/Alpha" } } },
        },
      },
    },
    definitions: {
      Beta: { type: "object", properties: { x: { type: "string" } } },
      Alpha: { type: "object", properties: { x: { type: "string" } } },
    },
  };
  const result = applySemanticDedup(doc, "2.0");
  assert.deepEqual(Object.fromEntries(result.renames), { Beta: "Alpha" });
  assert.deepEqual(Object.keys(doc.definitions as object), ["Alpha"]);
  assert.equal(getAt(doc, ["paths", "/a", "post", "parameters", 0, "schema", "$ref"]), "#/definitions/Alpha");
});

Deno.test("deeply nested schemas do not overflow the stack", () => {
  const deep = (): Record<string, unknown> => {
    const root: Record<string, unknown> = { type: "object" };
    let node = root;
    for (let i = 0; i < 50_000; i++) {
      const child: Record<string, unknown> = { type: "object" };
      node.properties = { next: child };
      node = child;
    }
    node.properties = { end: ref("Leaf") };
    return root;
  };
  const doc = doc30({ A: deep(), B: deep(), Leaf: { type: "string" } });
  const result = applySemanticDedup(doc, "3.0");
  assert.deepEqual(Object.fromEntries(result.renames), { B: "A" });
});

Deno.test("canonical forms and emptiness", async (t) => {
  await t.step("references become slots", () => {
    const form = canonicalForm({ type: "array", items: ref("X"), description: "d" }, "3.0");
    assert.deepEqual(form.targets, ["X"]);
    assert.equal(form.texts.length, 2);
    assert.ok(!form.texts.join("").includes("description"));
  });
  await t.step("foreign references stay literal", () => {
    const form = canonicalForm({ $ref: "other.yaml#/Pet" }, "3.0");
    assert.deepEqual(form.targets, []);
    assert.match(form.texts[0], /other\.yaml/);
  });
  await t.step("2.0 references", () => {
    assert.deepEqual(canonicalForm({ $ref: "#/definitions/Pet" }, "2.0").targets, ["Pet"]);
    assert.deepEqual(canonicalForm({ $ref: "#/components/schemas/Pet" }, "2.0").targets, []);
  });
  await t.step("escaped names", () => {
    assert.deepEqual(canonicalForm({ $ref: "#/components/schemas/a~1b%20c" }, "3.0").targets, ["a/b c"]);
  });
  const empties: [unknown, boolean][] = [
    [{}, true],
    [{ title: "t", description: "d", example: 1, examples: [1], deprecated: true }, true],
    [{ "x-a": 1, default: 2 }, true],
    [{ type: "string" }, false],
    [{ format: "uuid" }, false],
    [{ properties: {} }, false],
    [{ minLength: 1 }, false],
    [{ allOf: [] }, false],
    [{ $ref: "#/components/schemas/A" }, false],
    [true, true],
  ];
  for (const [schema, want] of empties) {
    await t.step(`isEmptySchema ${JSON.stringify(schema)}`, () => assert.equal(isEmptySchema(schema), want));
  }
});

Deno.test("strongly connected components come out dependencies first", () => {
  // 0 -> 1 -> 2 -> 1, 3 -> 0, 4 alone
  const components = stronglyConnected([[1], [2], [1], [0], []]);
  const normalised = components.map((c) => [...c].sort());
  assert.deepEqual(normalised, [[1, 2], [0], [3], [4]]);
});

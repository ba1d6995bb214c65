import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

/** A document with a response, a parameter, a schema and a Path Item reference, each with siblings. */
function doc(version: string) {
  const get = op({
    parameters: [{ $ref: "#/components/parameters/P", description: "d", summary: "s", "x-a": 1 }],
    responses: {
      "200": {
        $ref: "#/components/responses/R",
        description: "kept from 3.1",
        content: {},
        headers: {},
      },
    },
  });
  return oas3({
    paths: { "/a": { get }, "/b": { $ref: "#/paths/~1a", summary: "item" } },
    components: {
      parameters: { P: { name: "p", in: "query", schema: { type: "string" } } },
      responses: { R: { description: "r" } },
      schemas: { S: { $ref: "#/components/schemas/T", description: "d" }, T: { type: "string" } },
    },
  }, version);
}

Deno.test("ref-siblings: 3.0 ignores every sibling, schemas included; a Path Item's $ref is not one", async () => {
  const f = await findings(doc("3.0.3"), "ref-siblings");
  assert.deepEqual(f.map((x) => [x.severity, x.path]), [
    ["warning", "paths./a.get.responses.200"],
    ["warning", "paths./a.get.parameters[0]"],
    ["warning", "components.schemas.S"],
  ]);
  assert.match(f[1].message, /^"description", "summary", "x-a" beside "\$ref" are ignored/);
  assert.match(
    f[1].message,
    /cannot be extended with additional properties and any properties added SHALL be ignored/,
  );
});

Deno.test("ref-siblings: 3.1 and 3.2 keep summary and description, and a Schema's siblings apply", async (t) => {
  for (const version of ["3.1.0", "3.1.1", "3.2.0"]) {
    await t.step(version, async () => {
      const f = await findings(doc(version), "ref-siblings");
      assert.deepEqual(f.map((x) => x.path), ["paths./a.get.responses.200", "paths./a.get.parameters[0]"]);
      assert.match(f[1].message, /^"x-a" beside "\$ref" is ignored/);
      assert.match(f[0].message, /^"content", "headers" beside/);
    });
  }
  const [f] = await findings(doc("3.2.0"), "ref-siblings");
  assert.match(f.message, /additional properties, and any properties added/);
});

Deno.test("ref-siblings: 2.0 follows JSON Reference", async () => {
  const d = oas2({
    paths: { "/a": { get: { responses: { "200": { $ref: "#/responses/R", description: "x" } } } } },
    responses: { R: { description: "r" } },
    definitions: { S: { $ref: "#/definitions/T", type: "object" }, T: { type: "string" } },
  });
  const f = await findings(d, "ref-siblings");
  assert.deepEqual(f.map((x) => x.path), ["paths./a.get.responses.200", "definitions.S"]);
  assert.match(f[0].message, /Any members other than "\$ref" in a JSON Reference object SHALL be ignored/);
});

Deno.test("ref-siblings: a lone $ref is fine", async () => {
  const d = oas3(
    { paths: {}, components: { schemas: { S: { $ref: "#/components/schemas/T" }, T: {} } } },
    "3.0.3",
  );
  assert.deepEqual(await findings(d, "ref-siblings"), []);
});

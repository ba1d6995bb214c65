import assert from "node:assert/strict";
import { checkSchema } from "./_structural.ts";

const info = { title: "T", version: "1" };

Deno.test("structural issues", async (t) => {
  await t.step("valid documents of every version pass", async () => {
    assert.deepEqual(await checkSchema({ swagger: "2.0", info, paths: {} }, "2.0"), []);
    assert.deepEqual(await checkSchema({ openapi: "3.0.3", info, paths: {} }, "3.0"), []);
    assert.deepEqual(await checkSchema({ openapi: "3.1.0", info, paths: {} }, "3.1"), []);
    assert.deepEqual(await checkSchema({ openapi: "3.2.0", info, paths: {} }, "3.2"), []);
  });
  await t.step("3.0: a missing field inside a Reference-or-Parameter oneOf is one finding", async () => {
    const doc = {
      openapi: "3.0.3",
      info,
      paths: {
        "/a": {
          get: { parameters: [{ in: "query", schema: {} }], responses: { "200": { description: "" } } },
        },
      },
    };
    const issues = await checkSchema(doc, "3.0");
    assert.deepEqual(issues.map((i) => [i.segments.join("/"), i.message]), [
      ["paths//a/get/parameters/0", 'missing required field "name".'],
    ]);
    assert.equal(issues[0].anchor, "parameter-object");
  });
  await t.step("3.0: a wrong type inside a nested schema names the field and both types", async () => {
    const doc = {
      openapi: "3.0.3",
      info,
      paths: {},
      components: { schemas: { A: { properties: { b: { type: "strin" } } } } },
    };
    const issues = await checkSchema(doc, "3.0");
    assert.deepEqual(issues.map((i) => [i.segments.join("/"), i.message]), [
      [
        "components/schemas/A/properties/b/type",
        'must be one of "array", "boolean", "integer", "number", "object", "string"; found "strin".',
      ],
    ]);
  });
  await t.step("paths must start with a slash; unknown fields are named", async () => {
    const doc = { openapi: "3.1.0", info, paths: { pets: {} }, servers: [{ url: "/", bogus: 1 }] };
    const issues = await checkSchema(doc, "3.1");
    assert.deepEqual(issues.map((i) => i.message).sort(), [
      'path "pets" must start with "/".',
      'unknown field "bogus" (extensions must start with x-).',
    ]);
  });
  await t.step("XOR fields: needs one of, and cannot be used together", async () => {
    const doc = {
      openapi: "3.0.3",
      info,
      paths: {},
      components: {
        parameters: {
          P: { name: "p", in: "query" },
          Q: { name: "q", in: "query", schema: {}, example: 1, examples: {} },
        },
      },
    };
    const messages = (await checkSchema(doc, "3.0")).map((i) => i.message);
    assert.ok(messages.includes('needs one of "schema" or "content".'), messages.join("\n"));
    assert.ok(messages.includes('"example" and "examples" cannot be used together.'), messages.join("\n"));
  });
  await t.step("2.0: a missing response description", async () => {
    const doc = { swagger: "2.0", info, paths: { "/a": { get: { responses: { "200": {} } } } } };
    const issues = await checkSchema(doc, "2.0");
    assert.deepEqual(issues.map((i) => i.message), ['missing required field "description".']);
    assert.deepEqual(issues[0].fieldSegments, ["paths", "/a", "get", "responses", "200", "description"]);
  });
});

Deno.test("spec links point at the section of the declared version (2.0 names differ)", async () => {
  const { specLink } = await import("./_oas_types.ts");
  assert.equal(
    specLink("3.0.3", "components-object"),
    "https://spec.openapis.org/oas/v3.0.3.html#components-object",
  );
  assert.equal(
    specLink("2.0", "components-object"),
    "https://spec.openapis.org/oas/v2.0.html#definitions-object",
  );
  assert.equal(specLink("2.0", "openapi-object"), "https://spec.openapis.org/oas/v2.0.html#swagger-object");
});

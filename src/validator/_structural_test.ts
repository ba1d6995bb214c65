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
  const { specLink } = await import("../walker/mod.ts");
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

Deno.test("a failed oneOf is reported against the alternative the object's in/type/flow/$ref says it is", async (t) => {
  const op = (parameters: unknown[]) => ({
    post: { consumes: ["multipart/form-data"], parameters, responses: { "200": { description: "" } } },
  });
  const cases: [string, "2.0" | "3.0" | "3.1" | "3.2", Record<string, unknown>, [string, string][]][] = [
    [
      "2.0 query parameter with a bad type names the type, not `in`",
      "2.0",
      { paths: { "/a": op([{ name: "q", in: "query", type: "strin" }]) } },
      [[
        "paths//a/post/parameters/0/type",
        'must be one of "string", "number", "boolean", "integer", "array"; found "strin".',
      ]],
    ],
    [
      "2.0 body parameter without schema",
      "2.0",
      { paths: { "/a": op([{ name: "b", in: "body" }]) } },
      [["paths//a/post/parameters/0", 'missing required field "schema".']],
    ],
    [
      "2.0 formData parameter with an unknown field",
      "2.0",
      { paths: { "/a": op([{ name: "f", in: "formData", type: "file", bogus: 1 }]) } },
      [["paths//a/post/parameters/0/bogus", 'unknown field "bogus" (extensions must start with x-).']],
    ],
    [
      "2.0 path parameter without required: true",
      "2.0",
      { paths: { "/a/{p}": op([{ name: "p", in: "path", type: "string" }]) } },
      [["paths//a/{p}/post/parameters/0", 'missing required field "required".']],
    ],
    [
      "2.0 unknown `in` lists every location once",
      "2.0",
      { paths: { "/a": op([{ name: "c", in: "cookie", type: "string" }]) } },
      [[
        "paths//a/post/parameters/0/in",
        'must be one of "body", "header", "formData", "query", "path"; found "cookie".',
      ]],
    ],
    [
      "2.0 parameter without `in`",
      "2.0",
      { paths: { "/a": op([{ name: "c", type: "string" }]) } },
      [["paths//a/post/parameters/0", 'missing required field "in".']],
    ],
    [
      "2.0 reference with a sibling field",
      "2.0",
      { paths: { "/a": op([{ $ref: "#/parameters/p", description: "x" }]) }, parameters: {} },
      [[
        "paths//a/post/parameters/0/description",
        'unknown field "description" (extensions must start with x-).',
      ]],
    ],
    [
      "2.0 oauth2 implicit flow without authorizationUrl (by type, then flow)",
      "2.0",
      { paths: {}, securityDefinitions: { o: { type: "oauth2", flow: "implicit", scopes: {} } } },
      [["securityDefinitions/o", 'missing required field "authorizationUrl".']],
    ],
    [
      "2.0 apiKey without `in`",
      "2.0",
      { paths: {}, securityDefinitions: { k: { type: "apiKey", name: "k" } } },
      [["securityDefinitions/k", 'missing required field "in".']],
    ],
    [
      "3.0 query parameter with a path style names the style, not `in`",
      "3.0",
      {
        paths: {
          "/a": {
            get: {
              parameters: [{ name: "q", in: "query", style: "simple", schema: {} }],
              responses: { "200": { description: "" } },
            },
          },
        },
      },
      [[
        "paths//a/get/parameters/0/style",
        'must be one of "form", "spaceDelimited", "pipeDelimited", "deepObject"; found "simple".',
      ]],
    ],
    [
      "3.0 http security scheme without scheme is one finding",
      "3.0",
      { paths: {}, components: { securitySchemes: { h: { type: "http" } } } },
      [["components/securitySchemes/h", 'missing required field "scheme".']],
    ],
    [
      "3.0 apiKey security scheme with an http field",
      "3.0",
      {
        paths: {},
        components: { securitySchemes: { k: { type: "apiKey", name: "k", in: "header", scheme: "x" } } },
      },
      [["components/securitySchemes/k/scheme", 'unknown field "scheme" (extensions must start with x-).']],
    ],
    [
      "3.1 query parameter with a path style",
      "3.1",
      { paths: { "/a": { get: { parameters: [{ name: "q", in: "query", style: "simple", schema: {} }] } } } },
      [[
        "paths//a/get/parameters/0/style",
        'must be one of "form", "spaceDelimited", "pipeDelimited", "deepObject"; found "simple".',
      ]],
    ],
    [
      "3.2 http security scheme without scheme",
      "3.2",
      { paths: {}, components: { securitySchemes: { h: { type: "http" } } } },
      [["components/securitySchemes/h", 'missing required field "scheme".']],
    ],
  ];
  for (const [name, version, body, expected] of cases) {
    await t.step(`${version}: ${name}`, async () => {
      const head = version === "2.0"
        ? { swagger: "2.0" }
        : { openapi: { "3.0": "3.0.3", "3.1": "3.1.0", "3.2": "3.2.0" }[version] };
      const issues = await checkSchema({ ...head, info, ...body }, version);
      assert.deepEqual(issues.map((i) => [i.segments.join("/"), i.message]), expected);
    });
  }
});

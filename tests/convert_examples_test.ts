/**
 * Issue 31, 3.x → 2.0 (from 3.0, 3.1 and 3.2): Example Objects and references to them become literal values,
 * the first per media type kept, the others reported in one issue per response, `externalValue`s reported and
 * left out; references written in extensions and example data move with their sections; an output still
 * referring to a section its version lacks is the converter's internal error (never the input's own refs).
 * Every output validates with no error its input lacked, by oatool and by swagger-parser (when npm is at hand).
 */
import assert from "node:assert/strict";
import { convertDocument, ConverterInternalError } from "../src/converter/mod.ts";
import { checkSections, refsOutside } from "../src/converter/_sections.ts";
import { OatoolError } from "../src/core/mod.ts";
import { assertNoNewErrors, assertSwaggerParserAccepts } from "./_convert_check.ts";

const VERSIONS = ["3.0.3", "3.1.1", "3.2.0"] as const;

function withExamples(openapi: string): Record<string, unknown> {
  return {
    openapi,
    info: { title: "examples", version: "1" },
    paths: {
      "/a": {
        get: {
          "x-breaking": [{ responses: { "451": { $ref: "#/components/responses/NotFound" } } }],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    "x-shape": { $ref: "#/components/schemas/Thing" },
                    example: { $ref: "#/components/examples/Two" },
                  },
                  examples: {
                    first: { $ref: "#/components/examples/One" },
                    second: { value: { b: 2 } },
                    third: { $ref: "#/components/examples/Two" },
                  },
                },
                "application/xml": {
                  schema: { type: "object" },
                  examples: {
                    remote: { externalValue: "https://example.com/x.xml" },
                    local: { value: "<a/>" },
                  },
                },
              },
            },
            "404": { $ref: "#/components/responses/NotFound" },
          },
        },
      },
    },
    components: {
      schemas: { Thing: { type: "object" } },
      examples: {
        One: { value: { a: 1, nested: { $ref: "#/components/examples/Two" } } },
        Two: { summary: "two", value: { c: 3 } },
      },
      responses: {
        NotFound: {
          description: "missing",
          content: {
            "application/json": {
              schema: { type: "object" },
              examples: { only: { value: { error: "gone" } }, other: { value: { error: "also" } } },
            },
          },
        },
      },
    },
  };
}

// deno-lint-ignore no-explicit-any
type Obj = Record<string, any>;

Deno.test("convert 3.x → 2.0: Example Objects resolved to values, first per media type, drops reported per response", async () => {
  const pairs = [];
  for (const v of VERSIONS) {
    const input = withExamples(v);
    const r = convertDocument(input, { target: "2.0" });
    const doc = r.document as Obj;
    const ok = doc.paths["/a"].get.responses["200"];
    assert.deepEqual(ok.examples, {
      "application/json": { a: 1, nested: { c: 3 } },
      "application/xml": "<a/>",
    }, v);
    assert.deepEqual(doc.responses.NotFound.examples, { "application/json": { error: "gone" } }, v);
    // One issue per response for the examples left out, naming them.
    const dropped = r.issues.filter((i) => i.rule === "convert-examples-dropped");
    assert.deepEqual(
      dropped.map((i) => i.path),
      [
        "components.responses.NotFound.content",
        "paths./a.get.responses.200.content",
      ].sort(),
      v,
    );
    assert.match(dropped.find((i) => i.path.startsWith("paths"))!.message, /"application\/json: second"/);
    const external = r.issues.filter((i) => i.rule === "convert-external-value");
    assert.equal(external.length, 1, v);
    assert.match(external[0].path, /application\/xml\.examples\.remote$/);
    // References in data (extensions, schema examples) follow their sections or become values.
    assert.deepEqual(ok.schema["x-shape"], { $ref: "#/definitions/Thing" });
    assert.deepEqual(ok.schema.example, { c: 3 });
    assert.deepEqual(doc.paths["/a"].get["x-breaking"][0].responses["451"], { $ref: "#/responses/NotFound" });
    assert.ok(!JSON.stringify(doc).includes('"#/components/'), `${v}: a reference into components is left`);
    await assertNoNewErrors(input, doc, `${v} → 2.0`);
    pairs.push({ label: `${v} → 2.0`, input, output: doc });
  }
  await assertSwaggerParserAccepts(pairs);
});

Deno.test("convert 2.0 → 3.x: references in extension data move to components too", async () => {
  const input = {
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        get: {
          "x-meta": { shape: { $ref: "#/definitions/Thing" } },
          responses: { "200": { description: "ok", schema: { $ref: "#/definitions/Thing" } } },
        },
      },
    },
    definitions: { Thing: { type: "object" } },
  };
  const pairs = [];
  for (const target of ["3.0", "3.1", "3.2"]) {
    const doc = convertDocument(input, { target }).document as Obj;
    assert.deepEqual(doc.paths["/a"].get["x-meta"].shape, { $ref: "#/components/schemas/Thing" });
    assert.ok(!JSON.stringify(doc).includes('"#/definitions/'), target);
    await assertNoNewErrors(input, doc, `2.0 → ${target}`);
    if (target !== "3.2") pairs.push({ label: `2.0 → ${target}`, input, output: doc });
  }
  await assertSwaggerParserAccepts(pairs);
});

Deno.test("convert: an output referring to a section its version lacks is the converter's internal error", () => {
  const out = {
    swagger: "2.0",
    paths: { "/a": { get: { responses: { "200": { $ref: "#/components/responses/R" } } } } },
  };
  assert.throws(() => checkSections(out, "3.0", "2.0", "2.0"), (e: unknown) => {
    assert.ok(e instanceof ConverterInternalError && e instanceof OatoolError);
    assert.equal(e.code, "CONVERTER_INTERNAL_ERROR");
    assert.match(e.message, /internal error of the converter.*"#\/components\/responses\/R"/);
    return true;
  });
  // The input's own references into sections its version lacks are not the converter's.
  const input = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: { "/a": { get: { responses: { "200": { $ref: "#/responses/Old" } } } } },
  };
  assert.deepEqual([...refsOutside(input, "3.0")], ["#/responses/Old"]);
  // Converted from 2.0, where "#/responses/" exists, it would be the converter's mistake; from 3.0, the input's.
  assert.throws(() => checkSections(input, "2.0", "3.1", "3.1"), ConverterInternalError);
  checkSections(input, "3.0", "3.1", "3.1");
  const r = convertDocument(input, { target: "3.1" });
  assert.equal((r.document as Obj).paths["/a"].get.responses["200"].$ref, "#/responses/Old");
});

Deno.test("convert 3.1/3.2 → 3.0: references to reusable path items and webhooks become copies", async () => {
  const pairs = [];
  for (const v of ["3.1.1", "3.2.0"]) {
    const input = {
      openapi: v,
      info: { title: "t", version: "1" },
      paths: {
        "/a": { $ref: "#/components/pathItems/P" },
        "/b": {
          post: {
            callbacks: {
              done: { "{$request.body#/url}": { $ref: "#/components/pathItems/P" } },
              hook: { "{$request.body#/hook}": { $ref: "#/webhooks/w" } },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
      webhooks: { w: { post: { responses: { "202": { description: "taken" } } } } },
      components: { pathItems: { P: { get: { responses: { "200": { description: "ok" } } } } } },
    };
    const r = convertDocument(input, { target: "3.0" });
    const doc = r.document as Obj;
    assert.ok(
      !JSON.stringify(doc).includes("#/components/pathItems/"),
      `${v}: a reference to a path item is left`,
    );
    assert.ok(!JSON.stringify(doc).includes('"#/webhooks/'), `${v}: a reference to a webhook is left`);
    assert.deepEqual(doc.paths["/b"].post.callbacks.done["{$request.body#/url}"].get.responses["200"], {
      description: "ok",
    });
    await assertNoNewErrors(input, doc, `${v} → 3.0`);
    if (v !== "3.2.0") pairs.push({ label: `${v} → 3.0`, input, output: doc });
  }
  await assertSwaggerParserAccepts(pairs);
});

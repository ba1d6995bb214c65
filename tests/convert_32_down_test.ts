/**
 * Issue 31, 3.2 → 3.1 and 3.0: every 3.2-only field gets an issue naming it (with the 3.1 mapping where one
 * exists), none is left in the output, and the output validates for its target: a table of one field each,
 * then every 3.2 document of testdata/ and of the conformance suites (/work/shared/testsuites, skipped with one
 * line when absent) converted to 3.1, 3.0 and 2.0 with no validation error its input lacked.
 */
import assert from "node:assert/strict";
import { convertDocument } from "../src/converter/mod.ts";
import { detectVersion, getAt, parseText } from "../src/core/mod.ts";
import { assertNoNewErrors, assertSwaggerParserAccepts } from "./_convert_check.ts";
import { listDocs, SUITES, suitesPresent, TESTDATA } from "./_corpus_docs.ts";

type Obj = Record<string, unknown>;

function doc(extra: { paths?: Obj; components?: Obj; top?: Obj }): Obj {
  return {
    openapi: "3.2.0",
    info: { title: "3.2 fields", version: "1" },
    ...extra.top,
    paths: extra.paths ?? {},
    ...(extra.components ? { components: extra.components } : {}),
  };
}

const ok = { "200": { description: "ok" } };
const get = (op: Obj) => ({ "/a": { get: { responses: ok, ...op } } });
const jsonl = (media: Obj) =>
  get({ responses: { "200": { description: "ok", content: { "application/jsonl": media } } } });
const MEDIA = ["paths", "/a", "get", "responses", "200", "content", "application/jsonl"];

interface Case {
  name: string;
  input: Obj;
  /** Where the field was, and must no longer be (path segments of the output). */
  gone: (string | number)[];
  /** The field the issue names. */
  field: string;
  /** A member the mapping puts in its place, when there is one. */
  mapped?: { at: (string | number)[]; value: unknown };
}

const xmlSchema = (schema: Obj) => ({ schemas: { S: schema } });

const CASES: Case[] = [
  {
    name: "$self",
    input: doc({ top: { $self: "https://example.com/api" } }),
    gone: ["$self"],
    field: "$self",
  },
  {
    name: "server name",
    input: doc({ top: { servers: [{ url: "https://a.example.com", name: "prod" }] } }),
    gone: ["servers", 0, "name"],
    field: "name",
  },
  {
    name: "query method",
    input: doc({ paths: { "/a": { query: { responses: ok } } } }),
    gone: ["paths", "/a", "query"],
    field: "query",
  },
  {
    name: "additionalOperations",
    input: doc({ paths: { "/a": { additionalOperations: { COPY: { responses: ok } } } } }),
    gone: ["paths", "/a", "additionalOperations"],
    field: "additionalOperations",
  },
  {
    name: "querystring parameter",
    input: doc({
      paths: get({
        parameters: [{
          name: "q",
          in: "querystring",
          content: { "application/x-www-form-urlencoded": { schema: {} } },
        }],
      }),
    }),
    gone: ["paths", "/a", "get", "parameters", 0],
    field: "querystring",
  },
  {
    name: "cookie style",
    input: doc({ paths: get({ parameters: [{ name: "c", in: "cookie", style: "cookie", schema: {} }] }) }),
    gone: ["paths", "/a", "get", "parameters", 0, "style"],
    field: "style",
  },
  {
    name: "allowReserved on a path parameter",
    input: doc({
      paths: {
        "/a/{p}": {
          get: {
            parameters: [{ name: "p", in: "path", required: true, allowReserved: true, schema: {} }],
            responses: ok,
          },
        },
      },
    }),
    gone: ["paths", "/a/{p}", "get", "parameters", 0, "allowReserved"],
    field: "allowReserved",
  },
  {
    name: "itemSchema",
    input: doc({ paths: jsonl({ itemSchema: { type: "object" } }) }),
    gone: [...MEDIA, "itemSchema"],
    field: "itemSchema",
  },
  {
    name: "itemEncoding",
    input: doc({ paths: jsonl({ itemEncoding: { contentType: "application/json" } }) }),
    gone: [...MEDIA, "itemEncoding"],
    field: "itemEncoding",
  },
  {
    name: "prefixEncoding",
    input: doc({ paths: jsonl({ prefixEncoding: [{ contentType: "application/json" }] }) }),
    gone: [...MEDIA, "prefixEncoding"],
    field: "prefixEncoding",
  },
  {
    name: "media type description",
    input: doc({ paths: jsonl({ description: "lines", schema: {} }) }),
    gone: [...MEDIA, "description"],
    field: "description",
  },
  {
    name: "nested Encoding.encoding",
    input: doc({
      paths: get({
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: { type: "object", properties: { part: { type: "object" } } },
              encoding: {
                part: { contentType: "multipart/mixed", encoding: { inner: { contentType: "text/plain" } } },
              },
            },
          },
        },
      }),
    }),
    gone: [
      "paths",
      "/a",
      "get",
      "requestBody",
      "content",
      "multipart/form-data",
      "encoding",
      "part",
      "encoding",
    ],
    field: "encoding",
  },
  {
    name: "response summary",
    input: doc({ paths: get({ responses: { "200": { summary: "fine", description: "ok" } } }) }),
    gone: ["paths", "/a", "get", "responses", "200", "summary"],
    field: "summary",
  },
  {
    name: "example dataValue (mapped to value)",
    input: doc({ paths: jsonl({ examples: { e: { dataValue: { a: 1 } } } }) }),
    gone: [...MEDIA, "examples", "e", "dataValue"],
    field: "dataValue",
    mapped: { at: [...MEDIA, "examples", "e", "value"], value: { a: 1 } },
  },
  {
    name: "example serializedValue",
    input: doc({ paths: jsonl({ examples: { e: { value: { a: 1 }, serializedValue: '{"a":1}' } } }) }),
    gone: [...MEDIA, "examples", "e", "serializedValue"],
    field: "serializedValue",
  },
  {
    name: "xml nodeType attribute (mapped)",
    input: doc({ components: xmlSchema({ type: "string", xml: { nodeType: "attribute" } }) }),
    gone: ["components", "schemas", "S", "xml", "nodeType"],
    field: "nodeType",
    mapped: { at: ["components", "schemas", "S", "xml", "attribute"], value: true },
  },
  {
    name: "xml nodeType element on an array (mapped)",
    input: doc({
      components: xmlSchema({ type: "array", items: { type: "string" }, xml: { nodeType: "element" } }),
    }),
    gone: ["components", "schemas", "S", "xml", "nodeType"],
    field: "nodeType",
    mapped: { at: ["components", "schemas", "S", "xml", "wrapped"], value: true },
  },
  {
    name: "xml nodeType cdata",
    input: doc({ components: xmlSchema({ type: "string", xml: { nodeType: "cdata" } }) }),
    gone: ["components", "schemas", "S", "xml", "nodeType"],
    field: "nodeType",
  },
  {
    name: "discriminator defaultMapping",
    input: doc({
      components: xmlSchema({
        type: "object",
        properties: { kind: { type: "string" } },
        discriminator: { propertyName: "kind", defaultMapping: "#/components/schemas/S" },
      }),
    }),
    gone: ["components", "schemas", "S", "discriminator", "defaultMapping"],
    field: "defaultMapping",
  },
  {
    name: "tag parent, kind and summary",
    input: doc({ top: { tags: [{ name: "a" }, { name: "b", parent: "a", kind: "nav", summary: "B" }] } }),
    gone: ["tags", 1, "parent"],
    field: "parent",
  },
  {
    name: "device authorization flow (deviceAuthorizationUrl)",
    input: doc({
      components: {
        securitySchemes: {
          o: {
            type: "oauth2",
            flows: {
              deviceAuthorization: {
                deviceAuthorizationUrl: "https://a.example.com/device",
                tokenUrl: "https://a.example.com/token",
                scopes: {},
              },
              clientCredentials: { tokenUrl: "https://a.example.com/token", scopes: {} },
            },
          },
        },
      },
    }),
    gone: ["components", "securitySchemes", "o", "flows", "deviceAuthorization"],
    field: "deviceAuthorizationUrl",
  },
  {
    name: "security scheme oauth2MetadataUrl and deprecated",
    input: doc({
      components: {
        securitySchemes: {
          o: {
            type: "oauth2",
            deprecated: true,
            oauth2MetadataUrl: "https://a.example.com/.well-known/oauth-authorization-server",
            flows: { clientCredentials: { tokenUrl: "https://a.example.com/token", scopes: {} } },
          },
        },
      },
    }),
    gone: ["components", "securitySchemes", "o", "oauth2MetadataUrl"],
    field: "oauth2MetadataUrl",
  },
  {
    name: "components.mediaTypes (copied where used)",
    input: doc({
      paths: get({
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { $ref: "#/components/mediaTypes/J" } },
          },
        },
      }),
      components: { mediaTypes: { J: { schema: { type: "object" } } } },
    }),
    gone: ["components", "mediaTypes"],
    field: "mediaTypes",
    mapped: {
      at: ["paths", "/a", "get", "responses", "200", "content", "application/json", "schema"],
      value: { type: "object" },
    },
  },
];

for (const target of ["3.1", "3.0"]) {
  Deno.test(`convert 3.2 → ${target}: every 3.2-only field named in an issue, gone, output valid`, async () => {
    const pairs = [];
    for (const c of CASES) {
      const r = convertDocument(c.input, { target });
      const out = r.document;
      assert.equal(getAt(out, c.gone), undefined, `${c.name}: still in the ${target} output`);
      assert.ok(
        r.issues.some((i) => i.message.includes(`"${c.field}"`) || i.message.includes(c.field)),
        `${c.name}: no issue names "${c.field}": ${r.issues.map((i) => i.message).join(" | ")}`,
      );
      if (c.mapped) assert.deepEqual(getAt(out, c.mapped.at), c.mapped.value, `${c.name}: mapping`);
      await assertNoNewErrors(c.input, out, `${c.name} → ${target}`);
      pairs.push({ label: `${c.name} → ${target}`, input: c.input, output: out });
    }
    await assertSwaggerParserAccepts(pairs);
  });
}

const suites = suitesPresent("convert 3.2 corpus");

Deno.test(`convert: every 3.2 document (testdata${suites ? " + suites" : ""}) → 3.1, 3.0, 2.0 with no new error`, async () => {
  let n = 0;
  for (const file of [...listDocs(TESTDATA), ...listDocs(SUITES)]) {
    let input: Obj;
    try {
      input = parseText(await Deno.readTextFile(file), { source: file }).data as Obj;
      if (detectVersion(input).oasVersion !== "3.2") continue;
    } catch {
      continue;
    }
    n++;
    for (const target of ["3.1", "3.0", "2.0"]) {
      const r = convertDocument(input, { target });
      await assertNoNewErrors(input, r.document, `${file} → ${target}`);
    }
  }
  assert.ok(n >= (suites ? 50 : 1), `only ${n} 3.2 documents`);
});

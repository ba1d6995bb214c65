/**
 * Labelled pairs in the spirit of oasdiff's checker fixtures (written here, not copied): each pair is a minimal
 * base and revision (each the same small document with one edit), labelled with oasdiff's check id and level and with the id our policy gives it; the severity
 * is read from docs/diff-severity.md, so the labels are the policy page's. Each pair asserts oatool's verdict:
 * the change with that id and severity, and the breaking verdict it implies. A last test asserts that where our
 * breaking verdict differs from oasdiff's, the policy page names the deviation.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { diff } from "../src/differ/mod.ts";
import { OASDIFF_DEVIATIONS } from "../src/differ/policy.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
type Edit = (d: Any) => void;

const root = fileURLToPath(new URL("../", import.meta.url));
const NOW = new Date("2026-06-01T00:00:00Z");

/** Severities by check id, as the policy page's tables give them. */
async function pageSeverities(): Promise<Map<string, string>> {
  const page = await Deno.readTextFile(`${root}docs/diff-severity.md`);
  const out = new Map<string, string>();
  for (const m of page.matchAll(/^\| `([a-z0-9-]+)` +\| ([A-Z]+) /gm)) out.set(m[1], m[2]);
  return out;
}

const S = () => ({ type: "string" });
const OBJ = () => ({ type: "object", properties: { name: S(), tag: S() } });

/** A 3.1 document: GET /pets/{id} (query `limit`, a 200 JSON object, header X-Rate) and POST /pets (a body). */
function base(): Any {
  return {
    openapi: "3.1.0",
    info: { title: "Pets", version: "1" },
    paths: {
      "/pets/{id}": {
        get: {
          operationId: "getPet",
          parameters: [
            { name: "id", in: "path", required: true, schema: S() },
            { name: "limit", in: "query", schema: { type: "integer" } },
          ],
          responses: {
            "200": {
              description: "OK",
              headers: { "X-Rate": { schema: { type: "integer" } } },
              content: { "application/json": { schema: OBJ() } },
            },
            "404": { description: "missing" },
          },
        },
        delete: { responses: { "204": { description: "gone" } } },
      },
      "/pets": {
        post: {
          requestBody: { content: { "application/json": { schema: OBJ() } } },
          responses: { "201": { description: "created" } },
        },
      },
    },
  };
}

const GET = (d: Any) => d.paths["/pets/{id}"].get;
const LIMIT = (d: Any) => GET(d).parameters[1];
const RES = (d: Any) => GET(d).responses["200"].content["application/json"].schema;
const BODY = (d: Any) => d.paths["/pets"].post.requestBody;
const REQ = (d: Any) => BODY(d).content["application/json"].schema;
const none: Edit = () => {};

/** `[oasdiff id, oasdiff level, edit of the base, edit of the revision, our id]`. */
const PAIRS: [string, string, Edit, Edit, string][] = [
  // Endpoints, operations, deprecation and sunset.
  ["api-path-removed-without-deprecation", "ERR", none, (d) => delete d.paths["/pets"], "endpoint-removed"],
  [
    "api-removed-without-deprecation",
    "ERR",
    none,
    (d) => delete d.paths["/pets/{id}"].delete,
    "operation-removed",
  ],
  [
    "api-removed-before-sunset",
    "ERR",
    (d) => Object.assign(d.paths["/pets/{id}"].delete, { deprecated: true, "x-sunset": "2027-01-01" }),
    (d) => delete d.paths["/pets/{id}"].delete,
    "operation-removed-before-sunset",
  ],
  [
    "api-removed-with-deprecation",
    "INFO",
    (d) => d.paths["/pets/{id}"].delete.deprecated = true,
    (d) => delete d.paths["/pets/{id}"].delete,
    "deprecated-operation-removed",
  ],
  [
    "api-removed-with-deprecation (sunset passed)",
    "INFO",
    (d) => Object.assign(d.paths["/pets/{id}"].delete, { deprecated: true, "x-sunset": "2026-01-01" }),
    (d) => delete d.paths["/pets/{id}"].delete,
    "sunset-operation-removed",
  ],
  [
    "api-path-removed-before-sunset",
    "ERR",
    (d) => Object.assign(d.paths["/pets"].post, { deprecated: true, "x-sunset": "2027-01-01" }),
    (d) => delete d.paths["/pets"],
    "endpoint-removed-before-sunset",
  ],
  ["api-operation-id-updated", "WARN", none, (d) => GET(d).operationId = "fetchPet", "operation-id-changed"],
  ["api-security-added", "INFO", none, (d) => GET(d).security = [{ key: [] }], "security-added"],
  // Parameters.
  ["request-parameter-removed", "WARN", none, (d) => GET(d).parameters.pop(), "request-parameter-removed"],
  [
    "request-parameter-removed-before-sunset",
    "ERR",
    (d) => Object.assign(LIMIT(d), { deprecated: true, "x-sunset": "2027-01-01" }),
    (d) => GET(d).parameters.pop(),
    "request-parameter-removed-before-sunset",
  ],
  [
    "new-required-request-parameter",
    "ERR",
    none,
    (d) => GET(d).parameters.push({ name: "q", in: "query", required: true, schema: S() }),
    "new-required-request-parameter",
  ],
  [
    "new-optional-request-parameter",
    "INFO",
    none,
    (d) => GET(d).parameters.push({ name: "q", in: "query", schema: S() }),
    "new-optional-request-parameter",
  ],
  [
    "request-parameter-became-required",
    "ERR",
    none,
    (d) => LIMIT(d).required = true,
    "request-parameter-became-required",
  ],
  [
    "request-parameter-became-optional",
    "INFO",
    (d) => LIMIT(d).required = true,
    none,
    "request-parameter-became-optional",
  ],
  [
    "request-parameter-enum-value-removed",
    "ERR",
    (d) => LIMIT(d).schema.enum = [1, 2],
    (d) => LIMIT(d).schema.enum = [1],
    "request-enum-value-removed",
  ],
  [
    "request-parameter-enum-value-added",
    "INFO",
    (d) => LIMIT(d).schema.enum = [1],
    (d) => LIMIT(d).schema.enum = [1, 2],
    "request-enum-value-added",
  ],
  [
    "request-parameter-max-decreased",
    "ERR",
    (d) => LIMIT(d).schema.maximum = 100,
    (d) => LIMIT(d).schema.maximum = 50,
    "request-maximum-decreased",
  ],
  [
    "request-parameter-min-increased",
    "ERR",
    (d) => LIMIT(d).schema.minimum = 1,
    (d) => LIMIT(d).schema.minimum = 5,
    "request-minimum-increased",
  ],
  [
    "request-parameter-type-changed",
    "ERR",
    none,
    (d) => LIMIT(d).schema.type = "string",
    "request-type-changed",
  ],
  [
    "request-parameter-default-value-changed",
    "ERR",
    (d) => LIMIT(d).schema.default = 10,
    (d) => LIMIT(d).schema.default = 20,
    "request-default-changed",
  ],
  [
    "request-parameter-pattern-added",
    "ERR",
    (d) => LIMIT(d).schema = S(),
    (d) => LIMIT(d).schema = { ...S(), pattern: "^[0-9]+$" },
    "request-pattern-added",
  ],
  [
    "request-parameter-x-extensible-enum-value-removed",
    "ERR",
    (d) => LIMIT(d).schema = { ...S(), "x-extensible-enum": ["a", "b"] },
    (d) => LIMIT(d).schema = { ...S(), "x-extensible-enum": ["a"] },
    "request-x-extensible-enum-value-removed",
  ],
  [
    "request-parameter-style-changed",
    "ERR",
    none,
    (d) => LIMIT(d).style = "spaceDelimited",
    "request-parameter-style-changed",
  ],
  // Request bodies.
  [
    "request-body-removed",
    "ERR",
    none,
    (d) => delete d.paths["/pets"].post.requestBody,
    "request-body-removed",
  ],
  [
    "added-required-request-body",
    "ERR",
    none,
    (d) => GET(d).requestBody = { required: true, content: { "application/json": { schema: OBJ() } } },
    "new-required-request-body",
  ],
  [
    "request-body-became-required",
    "ERR",
    none,
    (d) => BODY(d).required = true,
    "request-body-became-required",
  ],
  [
    "request-body-media-type-removed",
    "ERR",
    (d) => BODY(d).content["application/xml"] = { schema: OBJ() },
    none,
    "request-media-type-removed",
  ],
  [
    "new-required-request-property",
    "ERR",
    none,
    (d) => Object.assign(REQ(d), { properties: { ...REQ(d).properties, age: S() }, required: ["age"] }),
    "request-required-property-added",
  ],
  [
    "new-optional-request-property",
    "INFO",
    none,
    (d) => REQ(d).properties.age = S(),
    "request-optional-property-added",
  ],
  [
    "request-property-became-required",
    "ERR",
    none,
    (d) => REQ(d).required = ["name"],
    "request-property-became-required",
  ],
  [
    "request-property-removed",
    "WARN",
    none,
    (d) => delete REQ(d).properties.tag,
    "request-optional-property-removed",
  ],
  [
    "request-property-enum-value-removed",
    "ERR",
    (d) => REQ(d).properties.tag.enum = ["a", "b"],
    (d) => REQ(d).properties.tag.enum = ["a"],
    "request-enum-value-removed",
  ],
  [
    "request-property-max-length-decreased",
    "ERR",
    (d) => REQ(d).properties.name.maxLength = 50,
    (d) => REQ(d).properties.name.maxLength = 10,
    "request-max-length-decreased",
  ],
  [
    "request-property-became-not-nullable",
    "ERR",
    (d) => REQ(d).properties.tag.type = ["string", "null"],
    none,
    "request-became-not-nullable",
  ],
  [
    "request-property-x-extensible-enum-value-removed",
    "ERR",
    (d) => REQ(d).properties.tag["x-extensible-enum"] = ["a", "b"],
    (d) => REQ(d).properties.tag["x-extensible-enum"] = ["a"],
    "request-x-extensible-enum-value-removed",
  ],
  [
    "request-property-all-of-added (a required constraint through composition)",
    "ERR",
    none,
    (d) => REQ(d).allOf = [{ required: ["name"] }],
    "request-property-became-required",
  ],
  // 3.1 / JSON Schema 2020-12 keywords in a request.
  [
    "request-body-contains-added",
    "ERR",
    (d) => REQ(d).properties.tags = { type: "array", items: S() },
    (d) => REQ(d).properties.tags = { type: "array", items: S(), contains: { const: "x" } },
    "request-contains-added",
  ],
  [
    "request-property-prefix-items-added",
    "ERR",
    (d) => REQ(d).properties.pair = { type: "array" },
    (d) => REQ(d).properties.pair = { type: "array", prefixItems: [S(), { type: "integer" }] },
    "request-prefix-items-added",
  ],
  [
    "request-body-dependent-required-added",
    "ERR",
    none,
    (d) => REQ(d).dependentRequired = { name: ["tag"] },
    "request-dependent-required-added",
  ],
  ["request-body-if-added", "ERR", none, (d) => {
    Object.assign(REQ(d), { if: { required: ["name"] }, then: { required: ["tag"] } });
  }, "request-if-added"],
  [
    "request-body-property-names-added",
    "ERR",
    none,
    (d) => REQ(d).propertyNames = { pattern: "^[a-z]+$" },
    "request-property-names-added",
  ],
  [
    "request-body-pattern-properties-added",
    "ERR",
    none,
    (d) => REQ(d).patternProperties = { "^x-": { type: "integer" } },
    "request-pattern-property-added",
  ],
  [
    "request-body-unevaluated-properties-added",
    "ERR",
    none,
    (d) => REQ(d).unevaluatedProperties = false,
    "request-unevaluated-properties-added",
  ],
  [
    "request-property-content-media-type-added",
    "ERR",
    none,
    (d) => REQ(d).properties.name.contentMediaType = "application/json",
    "request-content-media-type-added",
  ],
  // Responses.
  [
    "response-success-status-removed",
    "ERR",
    none,
    (d) => delete GET(d).responses["200"],
    "response-success-status-removed",
  ],
  [
    "response-media-type-removed",
    "ERR",
    (d) => GET(d).responses["200"].content["application/xml"] = { schema: OBJ() },
    none,
    "response-media-type-removed",
  ],
  [
    "response-required-property-removed",
    "ERR",
    (d) => RES(d).required = ["name"],
    (d) => delete RES(d).properties.name,
    "response-required-property-removed",
  ],
  [
    "response-optional-property-removed",
    "WARN",
    none,
    (d) => delete RES(d).properties.tag,
    "response-optional-property-removed",
  ],
  [
    "response-property-became-optional",
    "ERR",
    (d) => RES(d).required = ["name"],
    none,
    "response-property-became-optional",
  ],
  [
    "response-property-became-nullable",
    "ERR",
    none,
    (d) => RES(d).properties.tag.type = ["string", "null"],
    "response-became-nullable",
  ],
  [
    "response-property-enum-value-added",
    "WARN",
    (d) => RES(d).properties.tag.enum = ["a"],
    (d) => RES(d).properties.tag.enum = ["a", "b"],
    "response-enum-value-added",
  ],
  [
    "response-property-max-increased",
    "ERR",
    (d) => RES(d).properties.n = { type: "integer", maximum: 10 },
    (d) => RES(d).properties.n = { type: "integer", maximum: 20 },
    "response-maximum-increased",
  ],
  [
    "response-property-min-decreased",
    "ERR",
    (d) => RES(d).properties.n = { type: "integer", minimum: 1 },
    (d) => RES(d).properties.n = { type: "integer", minimum: 0 },
    "response-minimum-decreased",
  ],
  ["response-body-type-changed", "ERR", none, (d) => RES(d).type = "array", "response-type-changed"],
  [
    "response-optional-property-added",
    "INFO",
    none,
    (d) => RES(d).properties.age = S(),
    "response-optional-property-added",
  ],
  [
    "required-response-header-removed",
    "ERR",
    (d) => GET(d).responses["200"].headers["X-Rate"].required = true,
    (d) => delete GET(d).responses["200"].headers["X-Rate"],
    "response-required-header-removed",
  ],
  [
    "optional-response-header-removed",
    "WARN",
    none,
    (d) => delete GET(d).responses["200"].headers["X-Rate"],
    "response-optional-header-removed",
  ],
  [
    "response-header-became-optional",
    "ERR",
    (d) => GET(d).responses["200"].headers["X-Rate"].required = true,
    none,
    "response-header-became-optional",
  ],
];

const BREAKING = new Set(["CRITICAL", "ERROR"]);

for (const [label, , editBase, editRevision, id] of PAIRS) {
  Deno.test(`labelled: ${label} is ${id} as docs/diff-severity.md says`, async () => {
    const severity = (await pageSeverities()).get(id);
    assert.ok(severity !== undefined, `${id} is not on the policy page`);
    const a = base();
    editBase(a);
    const b = base();
    editRevision(b);
    for (const d of [a, b]) d.components = { securitySchemes: { key: apiKey() } };
    const r = await diff({ content: JSON.stringify(a) }, { content: JSON.stringify(b) }, { now: NOW });
    // The page spells severities as the reports do (ERROR); the library's result is on its lower-case scale.
    const expected = `${id} ${severity!.toLowerCase()}`;
    const found = r.changes.map((c) => `${c.id} ${c.severity}`);
    assert.ok(found.includes(expected), `expected ${expected}; found ${found.join(", ")}`);
    assert.equal(r.hasBreakingChanges, BREAKING.has(severity!), found.join(", "));
  });
}

function apiKey() {
  return { type: "apiKey", name: "X-Key", in: "header" };
}

Deno.test("labelled: where our breaking verdict differs from oasdiff's, the policy page names why", async () => {
  const page = await pageSeverities();
  const differ = PAIRS.filter(([, level, , , id]) => (level === "ERR") !== BREAKING.has(page.get(id) ?? ""));
  const unexplained = differ.map(([, , , , id]) => id).filter((id) => OASDIFF_DEVIATIONS[id] === undefined);
  assert.deepEqual(unexplained, []);
  const agreement = 1 - differ.length / PAIRS.length;
  // Every disagreement is a named deviation; they stay few.
  assert.ok(agreement >= 0.9, `agreement with oasdiff's breaking verdicts ${agreement}`);
  console.log(`agreement with oasdiff's breaking verdicts: ${PAIRS.length - differ.length}/${PAIRS.length}`);
});

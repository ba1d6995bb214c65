/**
 * One pair of schemas per schema check, in both directions: the same change put in a request body gives the
 * `request-` check, in a response the `response-` check, each with its exact severity.
 */
import assert from "node:assert/strict";
import { diffDocs, idsOf, schemaDoc } from "./_test_helpers.ts";
import { listChecks } from "./mod.ts";

type Case = [suffix: string, before: unknown, after: unknown, request: string, response: string];

const S = { type: "string" };
const obj = (props: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: props,
  ...extra,
});

const CASES: Case[] = [
  ["type-narrowed", {}, S, "error", "info"],
  ["type-widened", S, { type: ["string", "integer"] }, "info", "error"],
  ["type-changed", S, { type: "integer" }, "error", "error"],
  ["became-nullable", S, { type: ["string", "null"] }, "info", "error"],
  ["became-not-nullable", { type: ["string", "null"] }, S, "error", "info"],
  ["format-added", S, { ...S, format: "date" }, "error", "info"],
  ["format-removed", { ...S, format: "date" }, S, "info", "warning"],
  ["format-changed", { ...S, format: "date" }, { ...S, format: "date-time" }, "error", "error"],
  ["enum-value-added", { ...S, enum: ["a"] }, { ...S, enum: ["a", "b"] }, "info", "error"],
  ["enum-value-removed", { ...S, enum: ["a", "b"] }, { ...S, enum: ["a"] }, "error", "info"],
  ["enum-added", S, { ...S, enum: ["a"] }, "error", "info"],
  ["enum-removed", { ...S, enum: ["a"] }, S, "info", "error"],
  ["const-added", S, { ...S, const: "a" }, "error", "info"],
  ["const-removed", { ...S, const: "a" }, S, "info", "error"],
  ["const-changed", { ...S, const: "a" }, { ...S, const: "b" }, "error", "error"],
  ["pattern-added", S, { ...S, pattern: "^a" }, "error", "info"],
  ["pattern-removed", { ...S, pattern: "^a" }, S, "info", "warning"],
  ["pattern-changed", { ...S, pattern: "^a" }, { ...S, pattern: "^b" }, "warning", "warning"],
  ["unique-items-added", { type: "array" }, { type: "array", uniqueItems: true }, "error", "info"],
  ["unique-items-removed", { type: "array", uniqueItems: true }, { type: "array" }, "info", "warning"],
  ["multiple-of-added", { type: "integer" }, { type: "integer", multipleOf: 2 }, "error", "info"],
  ["multiple-of-removed", { type: "integer", multipleOf: 2 }, { type: "integer" }, "info", "warning"],
  [
    "multiple-of-narrowed",
    { type: "integer", multipleOf: 2 },
    { type: "integer", multipleOf: 4 },
    "error",
    "info",
  ],
  [
    "multiple-of-widened",
    { type: "integer", multipleOf: 4 },
    { type: "integer", multipleOf: 2 },
    "info",
    "warning",
  ],
  [
    "multiple-of-changed",
    { type: "integer", multipleOf: 2 },
    { type: "integer", multipleOf: 3 },
    "error",
    "warning",
  ],
  ["property-became-required", obj({ p: S }), obj({ p: S }, { required: ["p"] }), "error", "info"],
  ["property-became-optional", obj({ p: S }, { required: ["p"] }), obj({ p: S }), "info", "error"],
  ["required-property-added", obj({}), obj({ p: S }, { required: ["p"] }), "error", "info"],
  ["optional-property-added", obj({}), obj({ p: S }), "info", "info"],
  ["required-property-removed", obj({ p: S }, { required: ["p"] }), obj({}), "warning", "error"],
  ["optional-property-removed", obj({ p: S }), obj({}), "warning", "warning"],
  ["additional-properties-disallowed", obj({}), obj({}, { additionalProperties: false }), "error", "info"],
  ["additional-properties-allowed", obj({}, { additionalProperties: false }), obj({}), "info", "warning"],
  ["property-became-read-only", S, { ...S, readOnly: true }, "error", "info"],
  ["property-no-longer-read-only", { ...S, readOnly: true }, S, "info", "info"],
  ["property-became-write-only", S, { ...S, writeOnly: true }, "info", "error"],
  ["property-no-longer-write-only", { ...S, writeOnly: true }, S, "info", "info"],
  ["default-added", S, { ...S, default: "a" }, "info", "info"],
  ["default-removed", { ...S, default: "a" }, S, "warning", "warning"],
  ["default-changed", { ...S, default: "a" }, { ...S, default: "b" }, "warning", "warning"],
  ["schema-deprecated", S, { ...S, deprecated: true }, "warning", "warning"],
  ["schema-undeprecated", { ...S, deprecated: true }, S, "info", "info"],
  ["schema-description-changed", { ...S, description: "a" }, { ...S, description: "b" }, "info", "info"],
  ["schema-example-changed", { ...S, examples: ["a"] }, { ...S, examples: ["b"] }, "info", "info"],
  [
    "keyword-changed",
    { type: "array", xml: { name: "a" } },
    { type: "array", xml: { name: "b" } },
    "warning",
    "warning",
  ],
  ["one-of-alternative-added", { oneOf: [S] }, { oneOf: [S, { type: "integer" }] }, "info", "error"],
  ["one-of-alternative-removed", { oneOf: [S, { type: "integer" }] }, { oneOf: [S] }, "error", "info"],
  ["any-of-alternative-added", { anyOf: [S] }, { anyOf: [S, { type: "integer" }] }, "info", "error"],
  ["any-of-alternative-removed", { anyOf: [S, { type: "integer" }] }, { anyOf: [S] }, "error", "info"],
  ["not-added", S, { ...S, not: { const: "x" } }, "error", "info"],
  ["not-removed", { ...S, not: { const: "x" } }, S, "info", "warning"],
];

// JSON Schema 2020-12 keywords, boolean schemas and extensible enums: each added, removed, stricter and looser.
const A = { type: "array" };
const O = { type: "object" };
const IF = { if: { required: ["a"] } };
/**
 * A constraint added (narrower: request ERROR, response INFO) and removed (wider: INFO, and in a response an ERROR:
 * a removed subschema may have guaranteed anything, a looser bound lets values outgrow what clients keep).
 */
const mirror = (add: string, remove: string, without: unknown, withIt: unknown): Case[] => [
  [add, without, withIt, "error", "info"],
  [remove, withIt, without, "info", "error"],
];
CASES.push(
  ["became-false", A, { ...A, items: false }, "error", "error"],
  ["became-not-false", { ...A, items: false }, A, "info", "error"],
  ...mirror("contains-added", "contains-removed", A, { ...A, contains: S }),
  [
    "contains-changed",
    { ...A, contains: S, maxContains: 2 },
    { ...A, contains: { type: "integer" }, maxContains: 2 },
    "warning",
    "warning",
  ],
  ...mirror("min-contains-increased", "min-contains-decreased", { ...A, contains: S }, {
    ...A,
    contains: S,
    minContains: 2,
  }),
  ...mirror("max-contains-decreased", "max-contains-increased", { ...A, contains: S }, {
    ...A,
    contains: S,
    maxContains: 3,
  }),
  ...mirror("prefix-items-added", "prefix-items-removed", A, { ...A, prefixItems: [S] }),
  ...mirror("unevaluated-items-added", "unevaluated-items-removed", A, { ...A, unevaluatedItems: false }),
  ...mirror("unevaluated-properties-added", "unevaluated-properties-removed", O, {
    ...O,
    unevaluatedProperties: false,
  }),
  ["dependent-required-added", O, { ...O, dependentRequired: { a: ["b"] } }, "error", "info"],
  ["dependent-required-removed", { ...O, dependentRequired: { a: ["b"] } }, O, "info", "error"],
  ...mirror("dependent-schema-added", "dependent-schema-removed", O, {
    ...O,
    dependentSchemas: { a: { required: ["b"] } },
  }),
  ...mirror("pattern-property-added", "pattern-property-removed", O, {
    ...O,
    patternProperties: { "^x-": S },
  }),
  ...mirror("property-names-added", "property-names-removed", O, { ...O, propertyNames: { maxLength: 5 } }),
  ...mirror("if-added", "if-removed", O, { ...O, ...IF, then: { required: ["b"] } }),
  [
    "if-changed",
    { ...O, ...IF, then: { required: ["b"] } },
    { ...O, if: { required: ["c"] }, then: { required: ["b"] } },
    "warning",
    "warning",
  ],
  ...mirror("then-added", "then-removed", { ...O, ...IF, else: { required: ["c"] } }, {
    ...O,
    ...IF,
    then: { required: ["b"] },
    else: { required: ["c"] },
  }),
  ...mirror("else-added", "else-removed", { ...O, ...IF, then: { required: ["b"] } }, {
    ...O,
    ...IF,
    then: { required: ["b"] },
    else: { required: ["c"] },
  }),
  ["content-media-type-added", S, { ...S, contentMediaType: "image/png" }, "error", "info"],
  ["content-media-type-removed", { ...S, contentMediaType: "image/png" }, S, "info", "warning"],
  [
    "content-media-type-changed",
    { ...S, contentMediaType: "image/png" },
    { ...S, contentMediaType: "image/gif" },
    "error",
    "error",
  ],
  ["content-encoding-added", S, { ...S, contentEncoding: "base64" }, "error", "info"],
  ["content-encoding-removed", { ...S, contentEncoding: "base64" }, S, "info", "warning"],
  [
    "content-encoding-changed",
    { ...S, contentEncoding: "base64" },
    { ...S, contentEncoding: "base32" },
    "error",
    "error",
  ],
  ...mirror(
    "content-schema-added",
    "content-schema-removed",
    { ...S, contentMediaType: "application/json" },
    {
      ...S,
      contentMediaType: "application/json",
      contentSchema: O,
    },
  ),
  [
    "x-extensible-enum-value-added",
    { ...S, "x-extensible-enum": ["a"] },
    { ...S, "x-extensible-enum": ["a", "b"] },
    "info",
    "info",
  ],
  [
    "x-extensible-enum-value-removed",
    { ...S, "x-extensible-enum": ["a", "b"] },
    { ...S, "x-extensible-enum": ["a"] },
    "error",
    "info",
  ],
);

const disc = (extra: Record<string, unknown>) => ({
  oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }],
  ...extra,
});
const ref = (n: string) => `#/components/schemas/${n}`;
CASES.push(
  ["discriminator-added", disc({}), disc({ discriminator: { propertyName: "kind" } }), "warning", "warning"],
  [
    "discriminator-removed",
    disc({ discriminator: { propertyName: "kind" } }),
    disc({}),
    "warning",
    "warning",
  ],
  [
    "discriminator-property-changed",
    disc({ discriminator: { propertyName: "kind" } }),
    disc({ discriminator: { propertyName: "type" } }),
    "error",
    "error",
  ],
  [
    "discriminator-mapping-added",
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A") } } }),
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A"), b: ref("B") } } }),
    "info",
    "error",
  ],
  [
    "discriminator-mapping-removed",
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A"), b: ref("B") } } }),
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A") } } }),
    "error",
    "info",
  ],
  [
    "discriminator-mapping-changed",
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A") } } }),
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("B") } } }),
    "error",
    "error",
  ],
);

// The bounds: each added, removed, stricter and looser.
const BOUND_CASES: [string, string, boolean, Record<string, unknown>][] = [
  ["max-length", "maxLength", true, S],
  ["min-length", "minLength", false, S],
  ["maximum", "maximum", true, { type: "number" }],
  ["minimum", "minimum", false, { type: "number" }],
  ["max-items", "maxItems", true, { type: "array" }],
  ["min-items", "minItems", false, { type: "array" }],
  ["max-properties", "maxProperties", true, { type: "object" }],
  ["min-properties", "minProperties", false, { type: "object" }],
];
for (const [name, kw, upper, base] of BOUND_CASES) {
  const at = (v: number) => ({ ...base, [kw]: v });
  CASES.push(
    [`${name}-added`, base, at(5), "error", "info"],
    [`${name}-removed`, at(5), base, "info", "error"],
    [`${name}-${upper ? "decreased" : "increased"}`, at(upper ? 10 : 1), at(upper ? 5 : 2), "error", "info"],
    [
      `${name}-${upper ? "increased" : "decreased"}`,
      at(upper ? 5 : 2),
      at(upper ? 10 : 1),
      "info",
      "error",
    ],
  );
}

for (const [suffix, before, after, reqSeverity, respSeverity] of CASES) {
  Deno.test(`schema check ${suffix}: request ${reqSeverity}, response ${respSeverity}`, async () => {
    const request = await diffDocs(schemaDoc(before, S), schemaDoc(after, S));
    assert.deepEqual(idsOf(request), [`request-${suffix} ${reqSeverity}`]);
    const response = await diffDocs(schemaDoc(S, before), schemaDoc(S, after));
    assert.deepEqual(idsOf(response), [`response-${suffix} ${respSeverity}`]);
  });
}

Deno.test("schema checks: every schema check of the table has a case above", () => {
  const covered = new Set(CASES.flatMap(([s]) => [`request-${s}`, `response-${s}`]));
  const missing = listChecks().filter((c) => c.category === "schema" && !covered.has(c.id)).map((c) => c.id);
  assert.deepEqual(missing, []);
});

Deno.test("schema checks: 3.0 boolean and 3.1 numeric exclusive bounds compare as one bound", async () => {
  const r = await diffDocs(
    schemaDoc({ type: "number", maximum: 10 }, S),
    schemaDoc({ type: "number", exclusiveMaximum: 10 }, S),
  );
  assert.deepEqual(idsOf(r), ["request-maximum-decreased error"]);
  const same30 = await diffDocs(
    schemaDoc({ type: "number", exclusiveMaximum: 10 }, S, "3.1.0"),
    schemaDoc({ type: "number", exclusiveMaximum: 10 }, S, "3.1.0"),
  );
  assert.deepEqual(idsOf(same30), []);
  const v30 = await diffDocs(
    schemaDoc({ type: "number", maximum: 10, exclusiveMaximum: true }, S, "3.0.3"),
    schemaDoc({ type: "number", maximum: 10 }, S, "3.0.3"),
  );
  assert.deepEqual(idsOf(v30), ["request-maximum-increased info"]);
});

Deno.test("schema checks: 3.0 nullable is the same as a null type", async () => {
  const r = await diffDocs(
    schemaDoc(S, { ...S, nullable: true }, "3.0.3"),
    schemaDoc(S, S, "3.0.3"),
  );
  assert.deepEqual(idsOf(r), ["response-became-not-nullable info"]);
});

Deno.test("schema checks: a readOnly property required in a request does not bind clients", async () => {
  const r = await diffDocs(
    schemaDoc(obj({}), S),
    schemaDoc(obj({ id: { ...S, readOnly: true } }, { required: ["id"] }), S),
  );
  assert.deepEqual(idsOf(r), ["request-optional-property-added info"]);
});

Deno.test("schema checks: inside `not` the direction flips", async () => {
  const r = await diffDocs(
    schemaDoc({ not: { type: "string" } }, S),
    schemaDoc({ not: { type: ["string", "integer"] } }, S),
  );
  // The request excludes more values: judged as a widening of what `not` matches, i.e. breaking for requests.
  assert.deepEqual(idsOf(r), ["response-type-widened error"]);
});

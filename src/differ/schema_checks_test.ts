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
  ["type-narrowed", {}, S, "ERROR", "INFO"],
  ["type-widened", S, { type: ["string", "integer"] }, "INFO", "ERROR"],
  ["type-changed", S, { type: "integer" }, "ERROR", "ERROR"],
  ["became-nullable", S, { type: ["string", "null"] }, "INFO", "ERROR"],
  ["became-not-nullable", { type: ["string", "null"] }, S, "ERROR", "INFO"],
  ["format-added", S, { ...S, format: "date" }, "ERROR", "INFO"],
  ["format-removed", { ...S, format: "date" }, S, "INFO", "WARNING"],
  ["format-changed", { ...S, format: "date" }, { ...S, format: "date-time" }, "ERROR", "ERROR"],
  ["enum-value-added", { ...S, enum: ["a"] }, { ...S, enum: ["a", "b"] }, "INFO", "ERROR"],
  ["enum-value-removed", { ...S, enum: ["a", "b"] }, { ...S, enum: ["a"] }, "ERROR", "INFO"],
  ["enum-added", S, { ...S, enum: ["a"] }, "ERROR", "INFO"],
  ["enum-removed", { ...S, enum: ["a"] }, S, "INFO", "ERROR"],
  ["const-added", S, { ...S, const: "a" }, "ERROR", "INFO"],
  ["const-removed", { ...S, const: "a" }, S, "INFO", "ERROR"],
  ["const-changed", { ...S, const: "a" }, { ...S, const: "b" }, "ERROR", "ERROR"],
  ["pattern-added", S, { ...S, pattern: "^a" }, "ERROR", "INFO"],
  ["pattern-removed", { ...S, pattern: "^a" }, S, "INFO", "WARNING"],
  ["pattern-changed", { ...S, pattern: "^a" }, { ...S, pattern: "^b" }, "WARNING", "WARNING"],
  ["unique-items-added", { type: "array" }, { type: "array", uniqueItems: true }, "ERROR", "INFO"],
  ["unique-items-removed", { type: "array", uniqueItems: true }, { type: "array" }, "INFO", "WARNING"],
  ["multiple-of-added", { type: "integer" }, { type: "integer", multipleOf: 2 }, "ERROR", "INFO"],
  ["multiple-of-removed", { type: "integer", multipleOf: 2 }, { type: "integer" }, "INFO", "WARNING"],
  [
    "multiple-of-narrowed",
    { type: "integer", multipleOf: 2 },
    { type: "integer", multipleOf: 4 },
    "ERROR",
    "INFO",
  ],
  [
    "multiple-of-widened",
    { type: "integer", multipleOf: 4 },
    { type: "integer", multipleOf: 2 },
    "INFO",
    "WARNING",
  ],
  [
    "multiple-of-changed",
    { type: "integer", multipleOf: 2 },
    { type: "integer", multipleOf: 3 },
    "ERROR",
    "WARNING",
  ],
  ["property-became-required", obj({ p: S }), obj({ p: S }, { required: ["p"] }), "ERROR", "INFO"],
  ["property-became-optional", obj({ p: S }, { required: ["p"] }), obj({ p: S }), "INFO", "ERROR"],
  ["required-property-added", obj({}), obj({ p: S }, { required: ["p"] }), "ERROR", "INFO"],
  ["optional-property-added", obj({}), obj({ p: S }), "INFO", "INFO"],
  ["required-property-removed", obj({ p: S }, { required: ["p"] }), obj({}), "WARNING", "ERROR"],
  ["optional-property-removed", obj({ p: S }), obj({}), "WARNING", "WARNING"],
  ["additional-properties-disallowed", obj({}), obj({}, { additionalProperties: false }), "ERROR", "INFO"],
  ["additional-properties-allowed", obj({}, { additionalProperties: false }), obj({}), "INFO", "WARNING"],
  ["property-became-read-only", S, { ...S, readOnly: true }, "ERROR", "INFO"],
  ["property-no-longer-read-only", { ...S, readOnly: true }, S, "INFO", "INFO"],
  ["property-became-write-only", S, { ...S, writeOnly: true }, "INFO", "ERROR"],
  ["property-no-longer-write-only", { ...S, writeOnly: true }, S, "INFO", "INFO"],
  ["default-added", S, { ...S, default: "a" }, "INFO", "INFO"],
  ["default-removed", { ...S, default: "a" }, S, "WARNING", "WARNING"],
  ["default-changed", { ...S, default: "a" }, { ...S, default: "b" }, "WARNING", "WARNING"],
  ["schema-deprecated", S, { ...S, deprecated: true }, "WARNING", "WARNING"],
  ["schema-undeprecated", { ...S, deprecated: true }, S, "INFO", "INFO"],
  ["schema-description-changed", { ...S, description: "a" }, { ...S, description: "b" }, "INFO", "INFO"],
  ["schema-example-changed", { ...S, examples: ["a"] }, { ...S, examples: ["b"] }, "INFO", "INFO"],
  [
    "keyword-changed",
    { type: "array", xml: { name: "a" } },
    { type: "array", xml: { name: "b" } },
    "WARNING",
    "WARNING",
  ],
  ["one-of-alternative-added", { oneOf: [S] }, { oneOf: [S, { type: "integer" }] }, "INFO", "ERROR"],
  ["one-of-alternative-removed", { oneOf: [S, { type: "integer" }] }, { oneOf: [S] }, "ERROR", "INFO"],
  ["any-of-alternative-added", { anyOf: [S] }, { anyOf: [S, { type: "integer" }] }, "INFO", "ERROR"],
  ["any-of-alternative-removed", { anyOf: [S, { type: "integer" }] }, { anyOf: [S] }, "ERROR", "INFO"],
  ["not-added", S, { ...S, not: { const: "x" } }, "ERROR", "INFO"],
  ["not-removed", { ...S, not: { const: "x" } }, S, "INFO", "WARNING"],
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
  [add, without, withIt, "ERROR", "INFO"],
  [remove, withIt, without, "INFO", "ERROR"],
];
CASES.push(
  ["became-false", A, { ...A, items: false }, "ERROR", "ERROR"],
  ["became-not-false", { ...A, items: false }, A, "INFO", "ERROR"],
  ...mirror("contains-added", "contains-removed", A, { ...A, contains: S }),
  [
    "contains-changed",
    { ...A, contains: S, maxContains: 2 },
    { ...A, contains: { type: "integer" }, maxContains: 2 },
    "WARNING",
    "WARNING",
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
  ["dependent-required-added", O, { ...O, dependentRequired: { a: ["b"] } }, "ERROR", "INFO"],
  ["dependent-required-removed", { ...O, dependentRequired: { a: ["b"] } }, O, "INFO", "ERROR"],
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
    "WARNING",
    "WARNING",
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
  ["content-media-type-added", S, { ...S, contentMediaType: "image/png" }, "ERROR", "INFO"],
  ["content-media-type-removed", { ...S, contentMediaType: "image/png" }, S, "INFO", "WARNING"],
  [
    "content-media-type-changed",
    { ...S, contentMediaType: "image/png" },
    { ...S, contentMediaType: "image/gif" },
    "ERROR",
    "ERROR",
  ],
  ["content-encoding-added", S, { ...S, contentEncoding: "base64" }, "ERROR", "INFO"],
  ["content-encoding-removed", { ...S, contentEncoding: "base64" }, S, "INFO", "WARNING"],
  [
    "content-encoding-changed",
    { ...S, contentEncoding: "base64" },
    { ...S, contentEncoding: "base32" },
    "ERROR",
    "ERROR",
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
    "INFO",
    "INFO",
  ],
  [
    "x-extensible-enum-value-removed",
    { ...S, "x-extensible-enum": ["a", "b"] },
    { ...S, "x-extensible-enum": ["a"] },
    "ERROR",
    "INFO",
  ],
);

const disc = (extra: Record<string, unknown>) => ({
  oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }],
  ...extra,
});
const ref = (n: string) => `#/components/schemas/${n}`;
CASES.push(
  ["discriminator-added", disc({}), disc({ discriminator: { propertyName: "kind" } }), "WARNING", "WARNING"],
  [
    "discriminator-removed",
    disc({ discriminator: { propertyName: "kind" } }),
    disc({}),
    "WARNING",
    "WARNING",
  ],
  [
    "discriminator-property-changed",
    disc({ discriminator: { propertyName: "kind" } }),
    disc({ discriminator: { propertyName: "type" } }),
    "ERROR",
    "ERROR",
  ],
  [
    "discriminator-mapping-added",
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A") } } }),
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A"), b: ref("B") } } }),
    "INFO",
    "ERROR",
  ],
  [
    "discriminator-mapping-removed",
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A"), b: ref("B") } } }),
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A") } } }),
    "ERROR",
    "INFO",
  ],
  [
    "discriminator-mapping-changed",
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("A") } } }),
    disc({ discriminator: { propertyName: "kind", mapping: { a: ref("B") } } }),
    "ERROR",
    "ERROR",
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
    [`${name}-added`, base, at(5), "ERROR", "INFO"],
    [`${name}-removed`, at(5), base, "INFO", "ERROR"],
    [`${name}-${upper ? "decreased" : "increased"}`, at(upper ? 10 : 1), at(upper ? 5 : 2), "ERROR", "INFO"],
    [
      `${name}-${upper ? "increased" : "decreased"}`,
      at(upper ? 5 : 2),
      at(upper ? 10 : 1),
      "INFO",
      "ERROR",
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
  assert.deepEqual(idsOf(r), ["request-maximum-decreased ERROR"]);
  const same30 = await diffDocs(
    schemaDoc({ type: "number", exclusiveMaximum: 10 }, S, "3.1.0"),
    schemaDoc({ type: "number", exclusiveMaximum: 10 }, S, "3.1.0"),
  );
  assert.deepEqual(idsOf(same30), []);
  const v30 = await diffDocs(
    schemaDoc({ type: "number", maximum: 10, exclusiveMaximum: true }, S, "3.0.3"),
    schemaDoc({ type: "number", maximum: 10 }, S, "3.0.3"),
  );
  assert.deepEqual(idsOf(v30), ["request-maximum-increased INFO"]);
});

Deno.test("schema checks: 3.0 nullable is the same as a null type", async () => {
  const r = await diffDocs(
    schemaDoc(S, { ...S, nullable: true }, "3.0.3"),
    schemaDoc(S, S, "3.0.3"),
  );
  assert.deepEqual(idsOf(r), ["response-became-not-nullable INFO"]);
});

Deno.test("schema checks: a readOnly property required in a request does not bind clients", async () => {
  const r = await diffDocs(
    schemaDoc(obj({}), S),
    schemaDoc(obj({ id: { ...S, readOnly: true } }, { required: ["id"] }), S),
  );
  assert.deepEqual(idsOf(r), ["request-optional-property-added INFO"]);
});

Deno.test("schema checks: inside `not` the direction flips", async () => {
  const r = await diffDocs(
    schemaDoc({ not: { type: "string" } }, S),
    schemaDoc({ not: { type: ["string", "integer"] } }, S),
  );
  // The request excludes more values: judged as a widening of what `not` matches, i.e. breaking for requests.
  assert.deepEqual(idsOf(r), ["response-type-widened ERROR"]);
});

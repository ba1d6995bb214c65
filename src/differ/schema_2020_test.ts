/**
 * JSON Schema 2020-12 keywords judged by meaning: subschemas of `contains`, `prefixItems`, `then`/`else`,
 * `dependentSchemas`, `patternProperties` and `propertyNames` compared in the direction the keyword gives them,
 * boolean schemas anywhere a schema may be, and `x-extensible-enum` in parameters. Each change is put in a
 * request body and in a response (`schemaDoc`), so each case checks both contexts.
 */
import assert from "node:assert/strict";
import { diffDocs, type Doc, idsOf, schemaDoc } from "./_test_helpers.ts";

const S = { type: "string" };
const I = { type: "integer" };
const A = { type: "array" };
const O = { type: "object" };

type Case = [name: string, before: unknown, after: unknown, request: string[], response: string[]];

const CASES: Case[] = [
  [
    "a narrower `contains` (no maxContains) narrows the arrays",
    { ...A, contains: { type: ["string", "integer"] } },
    { ...A, contains: S },
    ["request-type-narrowed error"],
    ["response-type-narrowed info"],
  ],
  [
    "a wider `contains` widens the arrays",
    { ...A, contains: S },
    { ...A, contains: { type: ["string", "integer"] } },
    ["request-type-widened info"],
    ["response-type-widened error"],
  ],
  [
    "`minContains: 1` is the default: setting it changes nothing",
    { ...A, contains: S },
    { ...A, contains: S, minContains: 1 },
    [],
    [],
  ],
  [
    "`contains` under `minContains: 0` (and no maximum) constrains nothing",
    { ...A, contains: S, minContains: 0 },
    { ...A, contains: I, minContains: 0 },
    [],
    [],
  ],
  [
    "a `prefixItems` position is compared with its counterpart",
    { ...A, prefixItems: [S, I] },
    { ...A, prefixItems: [S, { ...I, maximum: 9 }] },
    ["request-maximum-added error"],
    ["response-maximum-added info"],
  ],
  [
    "a new `prefixItems` position is compared with the `items` that held it",
    { ...A, prefixItems: [S], items: I },
    { ...A, prefixItems: [S, { ...I, minimum: 0 }], items: I },
    ["request-minimum-added error"],
    ["response-minimum-added info"],
  ],
  [
    "a new `prefixItems` position after `items: false` allows an item where none could be",
    { ...A, prefixItems: [S], items: false },
    { ...A, prefixItems: [S, I], items: false },
    ["request-became-not-false info"],
    ["response-became-not-false error"],
  ],
  [
    "`items: true` is the same as no `items`",
    { ...A, prefixItems: [S] },
    { ...A, prefixItems: [S], items: true },
    [],
    [],
  ],
  [
    "a property that became `false` may no longer be sent",
    { ...O, properties: { a: S } },
    { ...O, properties: { a: false } },
    ["request-became-false error"],
    ["response-became-false error"],
  ],
  [
    "a new property named `false` forbids a name any value was allowed for",
    O,
    { ...O, properties: { a: false } },
    ["request-became-false error"],
    ["response-became-false error"],
  ],
  [
    "a property named `false` dropped allows the name again",
    { ...O, properties: { a: false } },
    O,
    ["request-became-not-false info"],
    ["response-became-not-false error"],
  ],
  [
    "a property named `false` where `additionalProperties: false` already refused it is no change",
    { ...O, additionalProperties: false },
    { ...O, additionalProperties: false, properties: { a: false } },
    [],
    [],
  ],
  [
    "a pattern property where `additionalProperties: false` refused the names widens",
    { ...O, additionalProperties: false },
    { ...O, additionalProperties: false, patternProperties: { "^x-": S } },
    ["request-became-not-false info"],
    ["response-became-not-false error"],
  ],
  [
    "a pattern property where `additionalProperties` had a schema is compared with it",
    { ...O, additionalProperties: S },
    { ...O, additionalProperties: S, patternProperties: { "^x-": { ...S, maxLength: 3 } } },
    ["request-max-length-added error"],
    ["response-max-length-added info"],
  ],
  [
    "a pattern property's schema is compared under the same pattern",
    { ...O, patternProperties: { "^x-": S } },
    { ...O, patternProperties: { "^x-": { type: ["string", "null"] } } },
    ["request-became-nullable info"],
    ["response-became-nullable error"],
  ],
  [
    "a narrower `propertyNames` narrows the objects",
    { ...O, propertyNames: { maxLength: 10 } },
    { ...O, propertyNames: { maxLength: 5 } },
    ["request-max-length-decreased error"],
    ["response-max-length-decreased info"],
  ],
  [
    "a `then` narrowed under the same `if` narrows",
    { ...O, if: { required: ["a"] }, then: { maxProperties: 5 } },
    { ...O, if: { required: ["a"] }, then: { maxProperties: 3 } },
    ["request-max-properties-decreased error"],
    ["response-max-properties-decreased info"],
  ],
  [
    "an `if` alone (no `then`, no `else`) constrains nothing",
    O,
    { ...O, if: { required: ["a"] } },
    [],
    [],
  ],
  [
    "a dependent schema is compared under the same property",
    { ...O, dependentSchemas: { a: { required: ["b"] } } },
    { ...O, dependentSchemas: { a: { required: ["b", "c"] } } },
    ["request-property-became-required error"],
    ["response-property-became-required info"],
  ],
  [
    "a name added to a `dependentRequired` list narrows",
    { ...O, dependentRequired: { a: ["b"] } },
    { ...O, dependentRequired: { a: ["b", "c"] } },
    ["request-dependent-required-added error"],
    ["response-dependent-required-added info"],
  ],
  [
    "a `contentSchema` is compared as a schema",
    { ...S, contentMediaType: "application/json", contentSchema: { ...O, required: ["a"] } },
    { ...S, contentMediaType: "application/json", contentSchema: O },
    ["request-property-became-optional info"],
    ["response-property-became-optional error"],
  ],
  [
    "an `unevaluatedProperties` schema is compared as a schema",
    { ...O, unevaluatedProperties: S },
    { ...O, unevaluatedProperties: false },
    ["request-became-false error"],
    ["response-became-false error"],
  ],
  ["`not: false` excludes nothing", S, { ...S, not: false }, [], []],
  ["`enum: [x]` rewritten as `const: x` is no change", { ...S, enum: ["a"] }, { ...S, const: "a" }, [], []],
  [
    "`const` facing an `enum` is compared as a one-value enum",
    { ...S, enum: ["a", "b"] },
    { ...S, const: "a" },
    ["request-enum-value-removed error"],
    ["response-enum-value-removed info"],
  ],
  [
    "an `enum` replacing a `const` adds its other values",
    { ...S, const: "a" },
    { ...S, enum: ["a", "b"] },
    ["request-enum-value-added info"],
    ["response-enum-value-added error"],
  ],
];

for (const [name, before, after, request, response] of CASES) {
  Deno.test(`2020-12 keywords: ${name}`, async () => {
    assert.deepEqual(idsOf(await diffDocs(schemaDoc(before, S), schemaDoc(after, S))), request);
    assert.deepEqual(idsOf(await diffDocs(schemaDoc(S, before), schemaDoc(S, after))), response);
  });
}

Deno.test("2020-12 keywords: a changed `if` is a WARNING that says it cannot be decided", async () => {
  const r = await diffDocs(
    schemaDoc({ ...O, if: { required: ["a"] }, then: { required: ["b"] } }, S),
    schemaDoc({ ...O, if: { required: ["c"] }, then: { required: ["b"] } }, S),
  );
  assert.deepEqual(idsOf(r), ["request-if-changed warning"]);
  assert.match(r.changes[0].message, /cannot be decided/);
});

Deno.test("2020-12 keywords: a changed `contains` under `maxContains` is a WARNING, never silence", async () => {
  const r = await diffDocs(
    schemaDoc({ ...A, contains: { type: ["string", "integer"] }, maxContains: 2 }, S),
    schemaDoc({ ...A, contains: S, maxContains: 2 }, S),
  );
  assert.deepEqual(idsOf(r), ["request-contains-changed warning"]);
  assert.match(r.changes[0].message, /cannot be decided/);
});

/** A 3.1 document whose GET /a takes a query parameter with this schema. */
function paramDoc(schema: unknown): Doc {
  return {
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    paths: {
      "/a": {
        get: {
          parameters: [{ name: "q", in: "query", schema }],
          responses: { "200": { description: "OK" } },
        },
      },
    },
  };
}

Deno.test("x-extensible-enum: compared as an open enum in a parameter, not as an extension", async () => {
  const removed = await diffDocs(
    paramDoc({ ...S, "x-extensible-enum": ["a", "b"] }),
    paramDoc({ ...S, "x-extensible-enum": ["a", "c"] }),
  );
  assert.deepEqual(idsOf(removed), [
    "request-x-extensible-enum-value-added info",
    "request-x-extensible-enum-value-removed error",
  ]);
  // Added or removed as a whole, it is an extension like any other.
  const added = await diffDocs(paramDoc(S), paramDoc({ ...S, "x-extensible-enum": ["a"] }));
  assert.deepEqual(idsOf(added), ["extension-added info"]);
});

Deno.test("boolean schemas: `true` and `{}` are the same, `false` and `true` are not", async () => {
  const props = (a: unknown) => ({ ...O, properties: { a } });
  assert.deepEqual(idsOf(await diffDocs(schemaDoc(props(true), S), schemaDoc(props({}), S))), []);
  assert.deepEqual(idsOf(await diffDocs(schemaDoc(props(false), S), schemaDoc(props(true), S))), [
    "request-became-not-false info",
  ]);
  assert.deepEqual(idsOf(await diffDocs(schemaDoc(S, true), schemaDoc(S, false))), [
    "response-became-false error",
  ]);
});

Deno.test("2020-12 keywords: long lists make one change with a bounded message", async () => {
  const names = Array.from({ length: 10_000 }, (_, i) => `p${i}`);
  const dep = await diffDocs(schemaDoc(O, S), schemaDoc({ ...O, dependentRequired: { a: names } }, S));
  assert.deepEqual(idsOf(dep), ["request-dependent-required-added error"]);
  assert.match(dep.changes[0].message, /"p0", "p1", "p2", "p3", "p4", … \(10,000 in all\) when "a"/);
  const prefix = await diffDocs(schemaDoc(A, S), schemaDoc({ ...A, prefixItems: names.map(() => S) }, S));
  assert.deepEqual(idsOf(prefix), ["request-prefix-items-added error"]);
  assert.match(prefix.changes[0].message, /positions 0, 1, 2, 3, 4, … \(10,000 in all\)/);
});

/**
 * `allOf` judged by what it allows: a member added to a schema brings its constraints as if they were written on
 * the schema (required names, a narrower type, a bound or pattern on a property the schema already has), and a
 * schema rewritten as an `allOf` of the same constraints is no change.
 */
import assert from "node:assert/strict";
import { diffDocs, idsOf, schemaDoc } from "./_test_helpers.ts";
import { mergeCounts, pairMergeLimit } from "./_all_of.ts";

const S = { type: "string" };
const O = { type: "object" };
const base = { ...O, properties: { a: S } };

type Case = [name: string, before: unknown, after: unknown, request: string[], response: string[]];

const CASES: Case[] = [
  [
    "a member requiring a property",
    base,
    { ...base, allOf: [{ required: ["a"] }] },
    ["request-property-became-required error"],
    ["response-property-became-required info"],
  ],
  [
    "a member bounding a property the schema already has",
    base,
    { ...base, allOf: [{ properties: { a: { maxLength: 3 } } }] },
    ["request-max-length-added error"],
    ["response-max-length-added info"],
  ],
  [
    "a member narrowing the type of a property",
    { ...O, properties: { a: { type: ["string", "null"] } } },
    { ...O, properties: { a: { type: ["string", "null"] } }, allOf: [{ properties: { a: S } }] },
    ["request-became-not-nullable error"],
    ["response-became-not-nullable info"],
  ],
  [
    "a member adding a second pattern",
    { ...S, pattern: "^a" },
    { ...S, pattern: "^a", allOf: [{ pattern: "b$" }] },
    ["request-pattern-added error"],
    ["response-pattern-added info"],
  ],
  [
    "a member with a second `not`",
    { ...S, not: { const: "x" } },
    { ...S, not: { const: "x" }, allOf: [{ not: { const: "y" } }] },
    ["request-not-added error"],
    ["response-not-added info"],
  ],
  [
    "a member bounding the items the schema already describes",
    { type: "array", items: S },
    { type: "array", items: S, allOf: [{ items: { maxLength: 2 } }] },
    ["request-max-length-added error"],
    ["response-max-length-added info"],
  ],
  [
    "a member's second pattern removed",
    { ...S, pattern: "^a", allOf: [{ pattern: "b$" }] },
    { ...S, pattern: "^a" },
    ["request-pattern-removed info"],
    ["response-pattern-removed warning"],
  ],
  [
    "a member with another `if` adds a conditional",
    { ...O, if: { required: ["a"] }, then: { required: ["b"] } },
    {
      ...O,
      if: { required: ["a"] },
      then: { required: ["b"] },
      allOf: [{ if: { required: ["c"] }, then: { required: ["d"] } }],
    },
    ["request-if-added error"],
    ["response-if-added info"],
  ],
  [
    "the same constraints moved into members (no change)",
    { ...base, required: ["a"], maxProperties: 3 },
    { allOf: [base, { required: ["a"] }, { maxProperties: 3 }] },
    [],
    [],
  ],
];

for (const [name, before, after, request, response] of CASES) {
  Deno.test(`allOf: ${name}`, async () => {
    assert.deepEqual(idsOf(await diffDocs(schemaDoc(before, S), schemaDoc(after, S))), request);
    assert.deepEqual(idsOf(await diffDocs(schemaDoc(S, before), schemaDoc(S, after))), response);
  });
}

Deno.test("allOf: members giving a recursive property two schemas are compared once each (the comparison ends)", async () => {
  const doc = (max: number) => {
    const d = schemaDoc({ $ref: "#/components/schemas/X" }, S);
    (d.components as Record<string, unknown>).schemas = {
      B: { type: "object", properties: { next: { $ref: "#/components/schemas/X" } } },
      X: {
        allOf: [{ $ref: "#/components/schemas/B" }, {
          maxProperties: max,
          properties: { next: { $ref: "#/components/schemas/Y" } },
        }],
      },
      Y: {
        allOf: [{ $ref: "#/components/schemas/B" }, {
          properties: { next: { $ref: "#/components/schemas/X" } },
        }],
      },
    };
    return d;
  };
  const r = await diffDocs(doc(5), doc(3));
  // X itself, and `next` (X and Y at once) at each depth until the pairs repeat.
  assert.deepEqual([...new Set(idsOf(r))], ["request-max-properties-decreased error"]);
  assert.ok(r.changes.length <= 3, String(r.changes.length));
});

Deno.test("allOf: members giving a property two references do not merge down the chain of references behind them", async () => {
  // The synthetic spec's shape: each schema's `parent` is the one before, and every third schema is
  // `allOf: [previous, own]`, so its merged `parent` is the previous schema and the one before it at once.
  const n = 300;
  const ref = (i: number) => ({ $ref: `#/components/schemas/M${i}` });
  const doc = (description: string) => {
    const d = schemaDoc(ref(n - 1), S);
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const properties = i === 0 ? { a: S } : { a: S, parent: ref(i - 1) };
      const own = { ...O, description: i === 0 ? description : "", properties };
      schemas[`M${i}`] = i % 3 === 2 ? { allOf: [ref(i - 1), own] } : own;
    }
    (d.components as Record<string, unknown>).schemas = schemas;
    return d;
  };
  const before = { ...mergeCounts };
  const r = await diffDocs(doc("first"), doc("changed"));
  const members = mergeCounts.members - before.members;
  const pairs = mergeCounts.pairs - before.pairs;
  // Each schema is merged once per side (about 3 members) and each pair of references is made once.
  assert.ok(members <= 4 * n, `${members} members merged for ${n} schemas`);
  assert.ok(pairs <= n, `${pairs} pairs made for ${n} schemas`);
  assert.deepEqual([...new Set(idsOf(r))], ["request-schema-description-changed info"]);
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

Deno.test("allOf: a member giving a property a second reference is judged by what that reference adds", async () => {
  const doc = (member: boolean) => {
    const root = {
      ...O,
      properties: { a: ref("X") },
      ...(member ? { allOf: [{ properties: { a: ref("Y") } }] } : {}),
    };
    const d = schemaDoc(root, S);
    (d.components as Record<string, unknown>).schemas = {
      X: { ...O, properties: { p: S } },
      Y: { ...O, required: ["p"], properties: { p: { ...S, maxLength: 3 } } },
    };
    return d;
  };
  assert.deepEqual(idsOf(await diffDocs(doc(false), doc(true))), [
    "request-property-became-required error",
    "request-max-length-added error",
  ]);
  assert.deepEqual(idsOf(await diffDocs(doc(true), doc(false))), [
    "request-property-became-optional info",
    "request-max-length-removed info",
  ]);
});

Deno.test("allOf: merges of reference pairs against one schema stop at the side's budget", async () => {
  // Wrapping every tenth schema of a `parent` chain as `allOf: [previous, own]` pairs each wrapped schema's
  // `parent` with the one before, and merging that pair pairs their parents in turn, down the whole chain.
  const n = 300;
  const doc = (wrapped: boolean) => {
    const d = schemaDoc(ref(`M${n - 1}`), S);
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const own = { ...O, properties: i === 0 ? { a: S } : { a: S, parent: ref(`M${i - 1}`) } };
      schemas[`M${i}`] = wrapped && i % 10 === 9 ? { allOf: [ref(`M${i - 1}`), own] } : own;
    }
    (d.components as Record<string, unknown>).schemas = schemas;
    return d;
  };
  const limit = pairMergeLimit.members;
  pairMergeLimit.members = 500;
  try {
    const before = mergeCounts.members;
    await diffDocs(doc(false), doc(true));
    const members = mergeCounts.members - before;
    // Without the budget: about 5,700 members, growing with the square of the chain.
    assert.ok(members <= 2000, `${members} members merged`);
  } finally {
    pairMergeLimit.members = limit;
  }
});

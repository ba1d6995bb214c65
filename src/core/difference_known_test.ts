import assert from "node:assert/strict";
import { findDifference } from "./difference.ts";

// Comparisons of one join round share what they found equal (`known`): many components refer to the same ones.

const doc = (city: string) => ({
  Address: { type: "object", properties: { city: { type: city } } },
  User: { type: "object", properties: { home: { $ref: "#/Address" } } },
  Shop: { type: "object", properties: { at: { $ref: "#/Address" } } },
});
const lookup = (d: Record<string, unknown>) => (ref: string) => d[ref.slice(2)];

Deno.test("an equivalent comparison records the object pairs it compared; lists are left out", () => {
  const left = doc("string");
  const right = doc("string");
  const known = new Map<object, Set<object>>();
  const options = { mode: "deep" as const, resolveLeft: lookup(left), resolveRight: lookup(right), known };
  assert.equal(findDifference(left.User, right.User, options), undefined);
  assert.ok(known.get(left.User)?.has(right.User));
  assert.ok(known.get(left.Address)?.has(right.Address), "the referenced component is recorded too");
  const withList = { required: ["a"] };
  assert.equal(findDifference(withList, { required: ["a"] }, { mode: "deep", known }), undefined);
  assert.equal(known.has(withList.required), false);
});

Deno.test("a known pair is not compared again, and a comparison that differs records nothing", () => {
  const left = doc("string");
  const right = doc("integer");
  const known = new Map<object, Set<object>>();
  const options = { mode: "deep" as const, resolveLeft: lookup(left), resolveRight: lookup(right), known };
  assert.deepEqual(findDifference(left.User, right.User, options)?.segments, [
    "properties",
    "home",
    "properties",
    "city",
    "type",
  ]);
  assert.equal(known.size, 0);
  // Told that the two Address schemas are equal, the comparison takes it as found.
  known.set(left.Address, new Set([right.Address]));
  assert.equal(findDifference(left.Shop, right.Shop, options), undefined);
  assert.ok(findDifference(left.Shop, right.Shop, { ...options, known: undefined }));
});

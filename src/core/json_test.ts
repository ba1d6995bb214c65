import { assertEquals } from "./_assert_test.ts";
import { deepEqual, isObject } from "./json.ts";

Deno.test("isObject is true for objects only", () => {
  assertEquals([{}, { a: 1 }, Object.create(null)].map(isObject), [true, true, true]);
  assertEquals([null, [], "x", 1, true, undefined].map(isObject), [false, false, false, false, false, false]);
});

Deno.test("deepEqual compares JSON values structurally, keys in any order", () => {
  assertEquals(deepEqual({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] }), true);
  assertEquals(deepEqual([1, 2], [2, 1]), false);
  assertEquals(deepEqual({ a: 1 }, { a: 1, b: 2 }), false);
  assertEquals(deepEqual({ a: 1, b: undefined }, { a: 1, c: undefined }), false);
  assertEquals(deepEqual([], {}), false);
  assertEquals(deepEqual(null, {}), false);
  assertEquals(deepEqual(1, 1), true);
  assertEquals(deepEqual("1", 1), false);
});

Deno.test("deepEqual does not recurse: a 100,000-deep value does not overflow the stack", () => {
  const deep = (): unknown => {
    let v: unknown = 0;
    for (let i = 0; i < 100_000; i++) v = i % 2 ? [v] : { a: v };
    return v;
  };
  assertEquals(deepEqual(deep(), deep()), true);
});

Deno.test("deepEqual: NaN equals NaN only when asked", () => {
  assertEquals(deepEqual([NaN], [NaN]), false);
  assertEquals(deepEqual({ a: [NaN] }, { a: [NaN] }, { nanEqual: true }), true);
  assertEquals(deepEqual(NaN, 1, { nanEqual: true }), false);
});

import assert from "node:assert/strict";
import { treeSize } from "./tree_size.ts";

Deno.test("treeSize counts every value and the nesting of containers, without recursion", () => {
  assert.deepEqual(treeSize("x"), { nodes: 1, depth: 0 });
  assert.deepEqual(treeSize({}), { nodes: 1, depth: 1 });
  assert.deepEqual(treeSize({ a: [1, { b: null }], c: "d" }), { nodes: 6, depth: 3 });
  let deep: unknown = 0;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.deepEqual(treeSize(deep), { nodes: 100_001, depth: 100_000 });
});

import assert from "node:assert/strict";
import {
  GO_ANY,
  GO_READER,
  goDeref,
  goNamed,
  goNilable,
  goPointer,
  goSlice,
  goStringMap,
  goTypeImports,
  goTypeNames,
  goTypeText,
  isGoNamed,
} from "./go_type.ts";

Deno.test("go type: one printer writes every kind", () => {
  const time = goNamed("time.Time", "time");
  assert.equal(goTypeText(goPointer(goNamed("Pet"))), "*Pet");
  assert.equal(goTypeText(goSlice(goPointer(time))), "[]*time.Time");
  assert.equal(goTypeText(goStringMap(GO_ANY)), "map[string]interface{}");
  assert.equal(goTypeText(goNamed("Nullable", undefined, [goSlice(goNamed("byte"))])), "Nullable[[]byte]");
});

Deno.test("go type: questions are answered from the structure, imports from the package", () => {
  const t = goStringMap(goNamed("Nullable", undefined, [goNamed("time.Time", "time")]));
  assert.deepEqual([...goTypeImports(t)], ["time"]);
  assert.deepEqual([...goTypeImports(goSlice(GO_READER))], ["io"]);
  assert.deepEqual(goTypeNames(t), ["string", "Nullable", "time.Time"]);
  assert.equal(goNilable(goNamed("Pet")), false);
  assert.equal(goNilable(goSlice(goNamed("Pet"))), true);
  assert.equal(goNilable(GO_ANY), true);
  assert.deepEqual(goDeref(goPointer(goNamed("Pet"))), goNamed("Pet"));
  assert.equal(isGoNamed(goNamed("Pet"), "Pet"), true);
  assert.equal(isGoNamed(goPointer(goNamed("Pet")), "Pet"), false);
  assert.equal(isGoNamed(goNamed("Nullable", undefined, [goNamed("Pet")]), "Nullable"), false);
});

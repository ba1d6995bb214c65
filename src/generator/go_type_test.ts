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
  goTypeEqual,
  goTypeImports,
  goTypeKey,
  goTypeNames,
  goTypeText,
  goTypeWord,
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

Deno.test("go type: the key tells types apart by package and shape, not by text", () => {
  const pet = goNamed("Pet");
  const types = [
    pet,
    goNamed("time.Time", "time"),
    goNamed("time.Time"),
    goPointer(pet),
    goSlice(pet),
    goStringMap(pet),
    goNamed("Nullable", undefined, [pet]),
    goNamed("Nullable", undefined, [goPointer(pet)]),
    GO_ANY,
  ];
  assert.equal(new Set(types.map(goTypeKey)).size, types.length);
  assert.equal(goTypeKey(goSlice(goNamed("Pet"))), goTypeKey(goSlice(pet)));
  assert.ok(goTypeEqual(goNamed("Nullable", undefined, [goNamed("Pet")]), types[6]));
  assert.ok(!goTypeEqual(goNamed("time.Time"), goNamed("time.Time", "time")));
});

Deno.test("go type: a word for a value of a type, from its names outer to inner", () => {
  assert.equal(goTypeWord(goSlice(goNamed("Pet"))), "Pet");
  assert.equal(goTypeWord(goPointer(goNamed("time.Time", "time"))), "timeTime");
  assert.equal(goTypeWord(goStringMap(goSlice(goNamed("Pet")))), "mapstringPet");
  assert.equal(goTypeWord(goNamed("Nullable", undefined, [goNamed("Café")])), "NullableCaf");
  assert.equal(goTypeWord(GO_ANY), "interface");
});

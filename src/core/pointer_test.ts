import { assertEquals } from "./_assert_test.ts";
import { formatPath, formatPointer, getAtPointer, parsePointer, typedSegments } from "./pointer.ts";

Deno.test("pointers escape ~ and / and decode URI fragments", () => {
  assertEquals(formatPointer(["paths", "/pets/{id}", "get", 0, "a~b"]), "/paths/~1pets~1{id}/get/0/a~0b");
  assertEquals(parsePointer("/paths/~1pets~1{id}/a~0b"), ["paths", "/pets/{id}", "a~b"]);
  assertEquals(parsePointer("#/definitions/a~1b%20c"), ["definitions", "a/b c"]);
  assertEquals(parsePointer("#"), []);
  assertEquals(parsePointer(""), []);
  assertEquals(parsePointer("Pet"), undefined);
  assertEquals(parsePointer("#%E0%A4%A"), undefined);
});

Deno.test("readable paths show indices in brackets and quote awkward keys", () => {
  assertEquals(
    formatPath(["paths", "/pets/{id}", "get", "parameters", 0]),
    "paths./pets/{id}.get.parameters[0]",
  );
  assertEquals(formatPath(["paths", "/a.json", "get"]), "paths['/a.json'].get");
  assertEquals(formatPath(["x", "it's"]), "x['it\\'s']");
  assertEquals(formatPath([]), "");
});

Deno.test("getAtPointer and typedSegments follow objects and arrays", () => {
  const doc = { a: [{ b: 1 }], "c/d": { "": 2 } };
  assertEquals(getAtPointer(doc, "/a/0/b"), 1);
  assertEquals(getAtPointer(doc, "/c~1d/"), 2);
  assertEquals(getAtPointer(doc, "/a/1"), undefined);
  assertEquals(getAtPointer(doc, "/a/01"), undefined);
  assertEquals(getAtPointer(doc, "/a/0/b/c"), undefined);
  assertEquals(typedSegments(doc, ["a", "0", "b"]), ["a", 0, "b"]);
});

Deno.test("one path formatter: the jsonpath and normalized styles", () => {
  assertEquals(formatPath(["components", "schemas", "User"], "jsonpath"), "$.components.schemas.User");
  assertEquals(formatPath(["paths", "/pets/{id}", "get", 0], "jsonpath"), "$.paths['/pets/{id}'].get[0]");
  assertEquals(formatPath(["a-b", "1x", "_ok", "it's\\"], "jsonpath"), "$['a-b']['1x']._ok['it\\'s\\\\']");
  assertEquals(formatPath(["", "a b"], "jsonpath"), "$['']['a b']");
  assertEquals(formatPath([], "jsonpath"), "$");
  assertEquals(formatPath(["", "a b", "é"]), "['']['a b'].é");
  assertEquals(formatPath(["paths", "/pets", 0], "normalized"), "$['paths']['/pets'][0]");
  assertEquals(formatPath(["a\u0001\n'\\"], "normalized"), "$['a\\u0001\\n\\'\\\\']");
  assertEquals(formatPath([], "normalized"), "$");
});

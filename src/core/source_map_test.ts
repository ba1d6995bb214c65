import { assertEquals } from "./_assert_test.ts";
import { createSourceMap } from "./source_map.ts";

const json = `{
  "openapi": "3.0.3",
  "paths": {
    "/pets": {"get": {"responses": {"200": {"description": "a \\"quoted\\" }{ text"}}}},
    "/a\\"b": [10, {"x": [true, null]}]
  }
}`;

Deno.test("JSON positions point at member keys and array elements", () => {
  const map = createSourceMap(json, "json", "api.json");
  assertEquals(map.positionOf("/openapi"), { file: "api.json", line: 2, column: 3 });
  assertEquals(map.positionOf("/paths/~1pets/get/responses/200/description"), {
    file: "api.json",
    line: 4,
    column: 45,
  });
  assertEquals(map.positionOf(["paths", '/a"b', "1", "x", "1"]), { file: "api.json", line: 5, column: 32 });
  // a missing member gives its deepest existing ancestor
  assertEquals(map.positionOf("/paths/~1pets/post"), { file: "api.json", line: 4, column: 5 });
  assertEquals(map.positionOf("not-a-pointer"), undefined);
});

const yaml = `openapi: 3.0.3
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: query
        - &p
          name: offset
  "/quoted":
    x: *p
`;

Deno.test("YAML positions point at keys and sequence items, through aliases", () => {
  const map = createSourceMap(yaml, "yaml", "api.yaml");
  assertEquals(map.positionOf("/paths/~1pets/get"), { file: "api.yaml", line: 4, column: 5 });
  assertEquals(map.positionOf("/paths/~1pets/get/parameters/1/name"), {
    file: "api.yaml",
    line: 9,
    column: 11,
  });
  assertEquals(map.positionOf("/paths/~1pets/get/parameters/0/in"), {
    file: "api.yaml",
    line: 7,
    column: 11,
  });
  assertEquals(map.positionOf("/paths/~1quoted/x/name"), { file: "api.yaml", line: 9, column: 11 });
});

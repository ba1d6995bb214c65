import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("array-items", async (t) => {
  await t.step("2.0: array parameters, headers and items objects need items (errors)", async () => {
    const doc = oas2({
      paths: {
        "/a": {
          get: op({
            parameters: [
              { name: "q", in: "query", type: "array" },
              { name: "ok", in: "query", type: "array", items: { type: "string" } },
              { name: "nested", in: "query", type: "array", items: { type: "array" } },
              { name: "b", in: "body", schema: { type: "array" } },
            ],
            responses: {
              "200": { description: "ok", headers: { X: { type: "array" }, Y: { type: "string" } } },
            },
          }),
        },
      },
      parameters: { P: { name: "p", in: "header", type: "array" } },
    });
    const f = await findings(doc, "array-items");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [
      ["error", "paths./a.get.responses.200.headers.X"],
      ["error", "paths./a.get.parameters[0]"],
      ["error", "paths./a.get.parameters[2].items"],
      ["error", "parameters.P"],
    ]);
    assert.match(f[1].message, /says of items: 'Required if type is "array"\.'/);
    assert.match(f[1].message, /this parameter is an array without "items"/);
    assert.match(f[0].message, /this header is an array without "items"/);
  });
  const arraySchemas = {
    components: {
      schemas: {
        A: { type: "array" },
        B: { type: "array", items: { type: "string" } },
        C: { type: "object", properties: { list: { type: "array" } } },
      },
    },
  };
  const table: [string, string[][]][] = [
    ["3.0.0", [["error", "components.schemas.A"], ["error", "components.schemas.C.properties.list"]]],
    ["3.0.3", [["error", "components.schemas.A"], ["error", "components.schemas.C.properties.list"]]],
    ["3.0.4", [["error", "components.schemas.A"], ["error", "components.schemas.C.properties.list"]]],
    ["3.1.0", []],
    ["3.1.2", []],
    ["3.2.0", []],
  ];
  for (const [version, expected] of table) {
    await t.step(`${version}: array schemas without items: ${expected.length} errors`, async () => {
      const f = await findings(oas3(arraySchemas, version), "array-items");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), expected);
      if (f.length > 0) assert.match(f[0].message, /`items` MUST be present if the `type` is `array`/);
    });
  }
  await t.step("2.0 schemas (body parameters, definitions) are JSON Schema: no finding", async () => {
    const f = await findings(oas2({ definitions: { A: { type: "array" } } }), "array-items");
    assert.deepEqual(f, []);
  });
});

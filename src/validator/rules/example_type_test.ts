import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("example-type", async (t) => {
  await t.step("3.x: schema example/default/enum/examples, and media type examples", async () => {
    const doc = oas3({
      components: {
        schemas: {
          I: { type: "integer", example: "1", default: 1.5, enum: [1, "2"] },
          N: { type: "string", nullable: true, example: null },
          L: { type: ["string", "null"], examples: ["a", null, 3] },
        },
        requestBodies: { B: { content: { "a/b": { schema: { type: "object" }, example: [1] } } } },
      },
    }, "3.1.0");
    const f = await findings(doc, "example-type");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [
      ["warning", "components.schemas.I.example"],
      ["warning", "components.schemas.I.default"],
      ["warning", "components.schemas.I.enum[1]"],
      ["warning", "components.schemas.N.example"],
      ["warning", "components.schemas.L.examples[2]"],
      ["warning", "components.requestBodies.B.content.a/b.example"],
    ]);
  });
  await t.step("3.0 nullable allows null; numbers fit number", async () => {
    const doc = oas3({
      components: { schemas: { N: { type: "number", nullable: true, example: null, default: 2 } } },
    }, "3.0.3");
    assert.deepEqual(await findings(doc, "example-type"), []);
  });
  await t.step("2.0: parameter default and items enum", async () => {
    const doc = oas2({
      parameters: {
        P: { name: "p", in: "query", type: "boolean", default: "yes", items: { type: "string", enum: [1] } },
      },
    });
    assert.deepEqual((await findings(doc, "example-type")).map((x) => x.path), [
      "parameters.P.default",
      "parameters.P.items.enum[0]",
    ]);
  });
});

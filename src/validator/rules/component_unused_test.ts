import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("component-unused", async (t) => {
  await t.step("3.x: components nothing references, and unused security schemes", async () => {
    const doc = oas3({
      security: [{ key: [] }],
      paths: { "/a": { get: op({ responses: { "200": { $ref: "#/components/responses/R" } } }) } },
      components: {
        responses: {
          R: { description: "", content: { "a/b": { schema: { $ref: "#/components/schemas/Used" } } } },
        },
        schemas: { Used: { type: "object" }, Unused: { type: "object" } },
        securitySchemes: {
          key: { type: "apiKey", name: "k", in: "header" },
          other: { type: "http", scheme: "basic" },
        },
      },
    });
    const f = await findings(doc, "component-unused");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [
      ["warning", "components.schemas.Unused"],
      ["warning", "components.securitySchemes.other"],
    ]);
  });
  await t.step("2.0: definitions, parameters, responses", async () => {
    const doc = oas2({
      definitions: { A: { type: "object" }, B: { $ref: "#/definitions/A" } },
      parameters: { P: { name: "p", in: "query", type: "string" } },
    });
    assert.deepEqual((await findings(doc, "component-unused")).map((x) => x.path), [
      "definitions.B",
      "parameters.P",
    ]);
  });
});

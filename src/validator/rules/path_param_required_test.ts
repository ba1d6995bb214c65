import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("path-param-required", async (t) => {
  await t.step("3.x: missing or false required is reported at the field", async () => {
    const doc = oas3({
      components: {
        parameters: {
          A: { name: "a", in: "path", schema: {} },
          B: { name: "b", in: "path", required: false, schema: {} },
          C: { name: "c", in: "path", required: true, schema: {} },
          D: { name: "d", in: "query", schema: {} },
        },
      },
    });
    const f = await findings(doc, "path-param-required");
    assert.deepEqual(f.map((x) => x.path), [
      "components.parameters.A.required",
      "components.parameters.B.required",
    ]);
  });
  await t.step("2.0 too", async () => {
    const doc = oas2({ parameters: { A: { name: "a", in: "path", type: "string" } } });
    assert.deepEqual((await findings(doc, "path-param-required")).map((x) => x.path), [
      "parameters.A.required",
    ]);
  });
});

import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

Deno.test("header-name", async (t) => {
  const doc = (version: string) =>
    oas3({
      components: {
        parameters: {
          H: { name: "Bad[Header]", in: "header", schema: {} },
          G: { name: "X-Ok", in: "header", schema: {} },
        },
        responses: {
          R: { description: "", headers: { "Bad=Header": { schema: {} }, "X-Rate": { schema: {} } } },
        },
      },
    }, version);
  await t.step("3.2: invalid header names are errors", async () => {
    const f = await findings(doc("3.2.0"), "header-name");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [
      ["error", "components.parameters.H.name"],
      ["error", "components.responses.R.headers.Bad=Header"],
    ]);
  });
  await t.step("before 3.2 they are warnings", async () => {
    const f = await findings(doc("3.0.3"), "header-name");
    assert.deepEqual(f.map((x) => x.severity), ["warning", "warning"]);
  });
});

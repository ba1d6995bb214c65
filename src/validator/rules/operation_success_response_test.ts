import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

Deno.test("operation-success-response (strict): a 2XX, 3XX or default response", async () => {
  const doc = oas3({
    paths: {
      "/a": {
        get: { summary: "s", responses: { "404": { description: "" } } },
        put: { summary: "s", responses: { "2XX": { description: "" } } },
        post: { summary: "s", responses: { default: { description: "" } } },
      },
    },
  });
  const f = await findings(doc, "operation-success-response", { strict: true });
  assert.deepEqual(f.map((x) => [x.severity, x.path]), [["error", "paths./a.get.responses"]]);
});

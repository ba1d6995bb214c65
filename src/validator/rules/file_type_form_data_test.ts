import assert from "node:assert/strict";
import { findings, oas2 } from "../_test_helpers.ts";

Deno.test("file-type-form-data (2.0): type file only in formData", async () => {
  const doc = oas2({
    parameters: {
      Q: { name: "q", in: "query", type: "file" },
      F: { name: "f", in: "formData", type: "file" },
    },
  });
  assert.deepEqual((await findings(doc, "file-type-form-data")).map((x) => x.path), ["parameters.Q.type"]);
});

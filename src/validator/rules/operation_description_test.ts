import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("operation-description: a warning without summary or description", async () => {
  const responses = { "200": { description: "" } };
  for (const doc of [oas3(), oas2()]) {
    doc.paths = {
      "/a": { get: { responses }, put: { summary: "s", responses }, post: { description: " ", responses } },
    };
    const f = await findings(doc, "operation-description");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [["warning", "paths./a.get"], [
      "warning",
      "paths./a.post",
    ]]);
  }
});

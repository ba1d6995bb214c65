import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("operation-responses", async (t) => {
  await t.step("an empty responses object is an error in every version", async () => {
    for (const doc of [oas3({}, "3.0.3"), oas3(), oas2()]) {
      doc.paths = { "/a": { get: { summary: "s", responses: { "x-a": 1 } } } };
      const f = await findings(doc, "operation-responses");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), [["error", "paths./a.get.responses"]]);
    }
  });
  await t.step("missing responses: an error in 2.0/3.0, a warning from 3.1 on", async () => {
    const v30 = oas3({ paths: { "/a": { get: { summary: "s" } } } }, "3.0.3");
    assert.deepEqual((await findings(v30, "operation-responses")).map((x) => x.severity), ["error"]);
    const v31 = oas3({ paths: { "/a": { get: { summary: "s" } } } });
    assert.deepEqual((await findings(v31, "operation-responses")).map((x) => x.severity), ["warning"]);
  });
});

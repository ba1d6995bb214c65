import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

Deno.test("ref-remote: remote references are a warning, never fetched", async () => {
  const doc = oas3({ components: { schemas: { A: { $ref: "https://example.com/schemas/a.json" } } } });
  const f = await findings(doc, "ref-remote");
  assert.deepEqual(f.map((x) => [x.severity, x.path]), [["warning", "components.schemas.A.$ref"]]);
  assert.deepEqual(await findings(doc, "ref-resolves"), []);
});

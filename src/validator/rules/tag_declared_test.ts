import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("tag-declared: undeclared tags are a warning, once per tag", async () => {
  for (const doc of [oas3(), oas2()]) {
    doc.tags = [{ name: "pets" }];
    doc.paths = { "/a": { get: op({ tags: ["pets", "store"] }), put: op({ tags: ["store"] }) } };
    const f = await findings(doc, "tag-declared");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [["warning", "paths./a.get.tags[1]"]]);
  }
});

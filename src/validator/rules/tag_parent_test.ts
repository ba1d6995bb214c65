import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

Deno.test("tag-parent (3.2): parents exist, without cycles", async () => {
  const doc = oas3({
    tags: [
      { name: "a" },
      { name: "b", parent: "a" },
      { name: "c", parent: "missing" },
      { name: "d", parent: "e" },
      { name: "e", parent: "d" },
    ],
  }, "3.2.0");
  const f = await findings(doc, "tag-parent");
  assert.deepEqual(f.map((x) => x.path), ["tags[2].parent", "tags[3].parent", "tags[4].parent"]);
  assert.match(f[1].message, /cycle/);
});

import assert from "node:assert/strict";
import { findings, oas3, op } from "../_test_helpers.ts";

Deno.test("media-types (3.x)", async (t) => {
  await t.step("content keys must be media types or ranges", async () => {
    const doc = oas3({
      paths: {
        "/a": {
          post: op({
            requestBody: {
              content: { "application/json": {}, "text/plain; charset=utf-8": {}, "image/*": {}, "json": {} },
            },
            responses: { "200": { description: "", content: { "*/*": {}, "application/": {} } } },
          }),
        },
      },
    });
    assert.deepEqual((await findings(doc, "media-types")).map((x) => x.path), [
      "paths./a.post.responses.200.content.application/",
      "paths./a.post.requestBody.content.json",
    ]);
  });
  // 3.0.x, 3.1.0 and 3.1.1 only make `content` REQUIRED; 3.1.2 and 3.2.0 say the map SHOULD have an entry.
  const table: [string, string[]][] = [
    ["3.0.0", []],
    ["3.0.3", []],
    ["3.0.4", []],
    ["3.1.0", []],
    ["3.1.1", []],
    ["3.1.2", ["warning"]],
    ["3.2.0", ["warning"]],
  ];
  for (const [version, severities] of table) {
    await t.step(`${version}: a request body with empty content is ${severities[0] ?? "legal"}`, async () => {
      const doc = oas3({ components: { requestBodies: { B: { content: {} } } } }, version);
      const f = await findings(doc, "media-types");
      assert.deepEqual(f.map((x) => x.severity), severities);
      if (severities.length > 0) {
        assert.equal(f[0].path, "components.requestBodies.B.content");
        assert.match(f[0].message, /The map SHOULD have at least one entry/);
      }
    });
  }
});

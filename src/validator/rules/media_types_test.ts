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
  await t.step("a request body with empty content is reported", async () => {
    const doc = oas3({ components: { requestBodies: { B: { content: {} } } } }, "3.0.3");
    assert.deepEqual((await findings(doc, "media-types")).map((x) => x.path), [
      "components.requestBodies.B.content",
    ]);
  });
});

import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("operation-id-unique", async (t) => {
  await t.step("3.1: duplicates across paths, webhooks and callbacks", async () => {
    const doc = oas3({
      paths: {
        "/a": {
          get: op({ operationId: "x" }),
          post: op({
            operationId: "y",
            callbacks: { cb: { "{$request.body#/url}": { post: op({ operationId: "x" }) } } },
          }),
        },
      },
      webhooks: { hook: { post: op({ operationId: "y" }) } },
    });
    const f = await findings(doc, "operation-id-unique");
    assert.deepEqual(f.map((x) => x.path), [
      "paths./a.post.callbacks.cb['{$request.body#/url}'].post.operationId",
      "webhooks.hook.post.operationId",
    ]);
    assert.match(f[0].message, /"x" is already used by paths\.\/a\.get/);
  });
  await t.step("2.0: duplicates reported, unique ids accepted", async () => {
    const doc = oas2({
      paths: { "/a": { get: op({ operationId: "x" }) }, "/b": { get: op({ operationId: "x" }) } },
    });
    assert.deepEqual((await findings(doc, "operation-id-unique")).map((x) => x.path), [
      "paths./b.get.operationId",
    ]);
    const ok = oas2({
      paths: { "/a": { get: op({ operationId: "x" }) }, "/b": { get: op({ operationId: "y" }) } },
    });
    assert.deepEqual(await findings(ok, "operation-id-unique"), []);
  });
  await t.step("a Path Item referenced from two paths is not a duplicate", async () => {
    const doc = oas3({
      paths: { "/a": { $ref: "#/components/pathItems/P" }, "/b": { $ref: "#/components/pathItems/P" } },
      components: { pathItems: { P: { get: op({ operationId: "x" }) } } },
    });
    assert.deepEqual(await findings(doc, "operation-id-unique"), []);
  });
});

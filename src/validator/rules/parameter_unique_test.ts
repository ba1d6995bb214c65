import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("parameter-unique", async (t) => {
  const q = { name: "q", in: "query", schema: { type: "string" } };
  await t.step("duplicates in one list are reported (also through $ref)", async () => {
    const doc = oas3({
      paths: { "/a": { get: op({ parameters: [q, { $ref: "#/components/parameters/Q" }] }) } },
      components: { parameters: { Q: q } },
    });
    assert.deepEqual((await findings(doc, "parameter-unique")).map((x) => x.path), [
      "paths./a.get.parameters[1]",
    ]);
  });
  await t.step(
    "same name in another location, or an operation overriding the Path Item, is fine",
    async () => {
      const doc = oas3({
        paths: { "/a": { parameters: [q], get: op({ parameters: [q, { ...q, in: "header" }] }) } },
      });
      assert.deepEqual(await findings(doc, "parameter-unique"), []);
    },
  );
  await t.step("2.0 Path Item duplicates", async () => {
    const p = { name: "q", in: "query", type: "string" };
    const doc = oas2({ paths: { "/a": { parameters: [p, p], get: op() } } });
    assert.deepEqual((await findings(doc, "parameter-unique")).map((x) => x.path), [
      "paths./a.parameters[1]",
    ]);
  });
});

import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("path-ambiguous", async (t) => {
  await t.step("paths differing only in parameter names are reported", async () => {
    const doc = oas3({ paths: { "/pets/{id}": {}, "/pets/{name}": {}, "/pets/mine": {} } });
    const f = await findings(doc, "path-ambiguous");
    assert.deepEqual(f.map((x) => x.path), ["paths./pets/{name}"]);
    assert.match(f[0].message, /"\/pets\/\{id\}"/);
  });
  await t.step("2.0 too; different shapes are fine", async () => {
    assert.equal(
      (await findings(oas2({ paths: { "/a/{x}": {}, "/a/{y}": {} } }), "path-ambiguous")).length,
      1,
    );
    assert.deepEqual(await findings(oas2({ paths: { "/a/{x}": {}, "/a/{x}/b": {} } }), "path-ambiguous"), []);
  });
});

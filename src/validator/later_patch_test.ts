import assert from "node:assert/strict";
import { check, oas3 } from "./_test_helpers.ts";

Deno.test("a later patch is validated as the latest known patch, with a warning", async (t) => {
  const table: [string, string][] = [["3.0.5", "3.0.4"], ["3.1.3", "3.1.2"], ["3.2.1", "3.2.0"]];
  for (const [declared, known] of table) {
    await t.step(`${declared} → ${known}`, async () => {
      const r = await check(oas3({}, declared));
      assert.equal(r.valid, true);
      assert.equal(r.version, declared);
      assert.deepEqual(r.warnings.map((w) => [w.rule, w.path]), [["oas-version", "openapi"]]);
      assert.match(
        r.warnings[0].message,
        new RegExp(`declares openapi "${declared}".*validated as ${known}`),
      );
      assert.equal(r.warnings[0].specLink, `https://spec.openapis.org/oas/v${known}.html#versions`);
      const strict = await check(oas3({}, declared), { strict: true });
      assert.equal(strict.valid, false);
      assert.deepEqual((await check(oas3({}, declared), { noWarnings: true })).warnings, []);
    });
  }
  await t.step("the rules read the known patch's sentences (3.0.5 as 3.0.4: a SHOULD)", async () => {
    const doc = oas3({
      components: { schemas: { A: { properties: { k: {} }, discriminator: { propertyName: "k" } } } },
    }, "3.0.5");
    const r = await check(doc, { rules: ["discriminator-property"] });
    assert.deepEqual(r.warnings.map((w) => [w.rule, w.path]), [[
      "discriminator-property",
      "components.schemas.A.discriminator.propertyName",
    ]]);
    assert.match(r.warnings[0].message, /specification 3\.0\.4 says/);
  });
  await t.step("anything else keeps the error naming the version", async () => {
    await assert.rejects(() => check(oas3({}, "3.3.0")), /openapi version "3\.3\.0" is not supported/);
  });
});

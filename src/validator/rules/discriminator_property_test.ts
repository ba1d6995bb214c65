import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("discriminator-property", async (t) => {
  await t.step(
    "the property must be defined (directly, via allOf or by every oneOf alternative)",
    async () => {
      const doc = oas3({
        components: {
          schemas: {
            Base: { type: "object", properties: { kind: { type: "string" } }, required: ["kind"] },
            ViaAllOf: {
              allOf: [{ $ref: "#/components/schemas/Base" }],
              discriminator: { propertyName: "kind" },
            },
            Missing: { type: "object", properties: {}, discriminator: { propertyName: "kind" } },
            Alts: {
              oneOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { other: {} } }],
              discriminator: { propertyName: "kind" },
            },
          },
        },
      }, "3.0.3");
      const f = await findings(doc, "discriminator-property");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), [
        ["error", "components.schemas.Missing.discriminator.propertyName"],
        ["error", "components.schemas.Alts.oneOf[1]"],
      ]);
    },
  );
  await t.step("3.x: not required is a warning; 2.0: an error", async () => {
    const v3 = oas3({
      components: { schemas: { A: { properties: { k: {} }, discriminator: { propertyName: "k" } } } },
    });
    assert.deepEqual((await findings(v3, "discriminator-property")).map((x) => x.severity), ["warning"]);
    const v2 = oas2({ definitions: { A: { properties: { k: { type: "string" } }, discriminator: "k" } } });
    const f2 = await findings(v2, "discriminator-property");
    assert.deepEqual(f2.map((x) => [x.severity, x.path]), [["error", "definitions.A.discriminator"]]);
  });
});

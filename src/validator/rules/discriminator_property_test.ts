import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("discriminator-property", async (t) => {
  await t.step(
    "an alternative or schema that does not define the property in `properties` is not a finding (3.x)",
    async () => {
      const doc = oas3({
        components: {
          schemas: {
            Base: { type: "object", properties: { kind: { type: "string" } }, required: ["kind"] },
            ViaAllOf: {
              allOf: [{ $ref: "#/components/schemas/Base" }],
              discriminator: { propertyName: "kind" },
            },
            Missing: {
              type: "object",
              properties: {},
              required: ["kind"],
              discriminator: { propertyName: "kind" },
            },
            Alts: {
              oneOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { other: {} } }],
              required: ["kind"],
              discriminator: { propertyName: "kind" },
            },
          },
        },
      }, "3.0.3");
      assert.deepEqual(await findings(doc, "discriminator-property"), []);
    },
  );
  await t.step("3.x: an alternative that does not require the property is named", async () => {
    const doc = oas3({
      components: {
        schemas: {
          Base: { type: "object", properties: { kind: { type: "string" } }, required: ["kind"] },
          Alts: {
            oneOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { other: {} } }],
            discriminator: { propertyName: "kind" },
          },
        },
      },
    }, "3.0.3");
    const f = await findings(doc, "discriminator-property");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [["error", "components.schemas.Alts.oneOf[1]"]]);
    assert.match(f[0].message, /not required by this oneOf alternative/);
  });
  await t.step("an alternative that is not an object (type: array) has nothing to require", async () => {
    const doc = oas3({
      components: {
        schemas: {
          Alts: {
            oneOf: [{ type: "array", items: {} }, { type: "object", properties: { kind: {} } }],
            discriminator: { propertyName: "kind" },
          },
        },
      },
    }, "3.0.3");
    const f = await findings(doc, "discriminator-property");
    assert.deepEqual(f.map((x) => x.path), ["components.schemas.Alts.oneOf[1]"]);
  });
  // Each version's sentence decides the severity: not required is a MUST in 2.0, 3.0.0–3.0.3 and 3.1.0, a SHOULD
  // in 3.0.4 and 3.1.1+, and in 3.2 a MUST only without a defaultMapping.
  const notRequired = { properties: { k: { type: "string" } }, discriminator: { propertyName: "k" } };
  const table: [string, string[], string][] = [
    ["3.0.0", ["error"], "MUST be a required field"],
    ["3.0.3", ["error"], "MUST be a required field"],
    ["3.0.4", ["warning"], "SHOULD be required in the payload schema"],
    ["3.1.0", ["error"], "MUST be a required field"],
    ["3.1.1", ["warning"], "SHOULD be required in the payload schema"],
    ["3.1.2", ["warning"], "SHOULD be required in the payload schema"],
    ["3.2.0", ["error"], "MUST include a `defaultMapping` field"],
  ];
  for (const [version, severities, sentence] of table) {
    await t.step(`${version}: a property that is not required is ${severities.join(", ")}`, async () => {
      const doc = oas3({ components: { schemas: { A: notRequired } } }, version);
      const f = await findings(doc, "discriminator-property");
      assert.deepEqual(f.map((x) => x.severity), severities);
      assert.equal(f[0].path, "components.schemas.A.discriminator.propertyName");
      assert.ok(f[0].message.includes(sentence), f[0].message);
      assert.ok(f[0].message.includes(`specification ${version} says`), f[0].message);
    });
  }
  await t.step("3.2: an optional property with a defaultMapping is fine", async () => {
    const doc = oas3({
      components: {
        schemas: { A: { ...notRequired, discriminator: { propertyName: "k", defaultMapping: "#/x" } } },
      },
    }, "3.2.0");
    assert.deepEqual(await findings(doc, "discriminator-property"), []);
  });
  await t.step("2.0: not required and not defined are errors (a MUST each)", async () => {
    const v2 = oas2({
      definitions: {
        A: { properties: { k: { type: "string" } }, discriminator: "k" },
        B: { properties: {}, required: ["k"], discriminator: "k" },
        C: { properties: { k: { type: "string" } }, required: ["k"], discriminator: "k" },
      },
    });
    const f2 = await findings(v2, "discriminator-property");
    assert.deepEqual(f2.map((x) => [x.severity, x.path]), [
      ["error", "definitions.A.discriminator"],
      ["error", "definitions.B.discriminator"],
    ]);
    assert.match(f2[0].message, /MUST be in the `required` property list/);
    assert.match(f2[1].message, /not defined in the schema's properties/);
  });
});

import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

function doc(defaultMapping: string, version = "3.2.0") {
  return oas3({
    paths: {},
    components: {
      schemas: {
        Pet: {
          type: "object",
          properties: { kind: { type: "string" } },
          oneOf: [{ $ref: "#/components/schemas/Cat" }],
          discriminator: { propertyName: "kind", defaultMapping },
        },
        Cat: { type: "object", $defs: { Inner: { type: "string" } } },
      },
      responses: { R: { description: "r" } },
    },
  }, version);
}
const AT = "components.schemas.Pet.discriminator.defaultMapping";

Deno.test("discriminator-default-mapping (3.2): names a schema", async (t) => {
  await t.step("a component name, a pointer to a schema, a schema inside one: fine", async () => {
    for (const value of ["Cat", "#/components/schemas/Cat", "#/components/schemas/Cat/$defs/Inner"]) {
      assert.deepEqual(await findings(doc(value), "discriminator-default-mapping"), [], value);
    }
  });
  await t.step("an unknown name", async () => {
    const f = await findings(doc("Dog"), "discriminator-default-mapping");
    assert.deepEqual(f.map((x) => [x.severity, x.path]), [["error", AT]]);
    assert.match(
      f[0].message,
      /components\.schemas has no "Dog" \(a relative reference is written "\.\/Dog"\)/,
    );
    assert.match(f[0].message, /The schema name or URI reference to a schema/);
  });
  await t.step("a pointer to nothing", async () => {
    assert.deepEqual(
      (await findings(doc("#/components/schemas/Dog"), "discriminator-default-mapping")).map((x) => x.path),
      [AT],
    );
  });
  await t.step("a pointer to something that is not a schema", async () => {
    const f = await findings(doc("#/components/responses/R"), "discriminator-default-mapping");
    assert.deepEqual(f.map((x) => x.path), [AT]);
    assert.match(f[0].message, /leads to a response object, not a schema/);
  });
  await t.step("remote references, and files no $ref loads, are not followed", async () => {
    for (const value of ["https://example.com/s.json", "./other.yaml#/Cat"]) {
      assert.deepEqual(await findings(doc(value), "discriminator-default-mapping"), [], value);
    }
  });
});

Deno.test("discriminator-default-mapping: 3.2 only", async () => {
  assert.deepEqual(await findings(doc("Dog", "3.1.0"), "discriminator-default-mapping"), []);
});

import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

function doc(schemas: Record<string, unknown>, version: string) {
  return oas3({ components: { schemas } }, version);
}

const GOOD = {
  type: "object",
  properties: { kind: { type: "string", xml: { name: "k", attribute: true } } },
  required: ["kind"],
  discriminator: { propertyName: "kind", mapping: { a: "#/components/schemas/A" }, "x-d": 1 },
  xml: { name: "pet", namespace: "https://example.com/ns", prefix: "p" },
  externalDocs: { url: "https://example.com/docs" },
};
const BAD = {
  type: "object",
  discriminator: { mapping: { a: 1 }, propertyNames: "kind" },
  xml: { attribute: "yes", namespace: "ns/relative", wrapped: true },
  properties: { p: { type: "string", externalDocs: { description: 1 } } },
};

Deno.test("schema-oas-fields: the OpenAPI keywords of 3.1 and 3.2 Schema Objects", async (t) => {
  for (const version of ["3.1.0", "3.1.1", "3.2.0"]) {
    await t.step(version, async () => {
      assert.deepEqual(await findings(doc({ A: GOOD }, version), "schema-oas-fields"), []);
      const f = await findings(doc({ B: BAD }, version), "schema-oas-fields");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), [
        ["error", "components.schemas.B.discriminator"],
        ["error", "components.schemas.B.discriminator.mapping"],
        ["error", "components.schemas.B.discriminator.propertyNames"],
        ["error", "components.schemas.B.xml.attribute"],
        ["error", "components.schemas.B.xml.namespace"],
        ["error", "components.schemas.B.properties.p.externalDocs"],
        ["error", "components.schemas.B.properties.p.externalDocs.description"],
      ]);
      assert.match(f[0].message, /the Discriminator Object has no "propertyName"; .* makes it REQUIRED/);
      assert.match(f[4].message, /non-relative (URI|IRI)/);
    });
  }
});

Deno.test("schema-oas-fields: defaultMapping and nodeType are fields from 3.2 on", async () => {
  const s = {
    A: { discriminator: { propertyName: "k", defaultMapping: "A" }, xml: { nodeType: "element" } },
  };
  assert.deepEqual(await findings(doc(s, "3.2.0"), "schema-oas-fields"), []);
  assert.deepEqual((await findings(doc(s, "3.1.1"), "schema-oas-fields")).map((x) => x.path), [
    "components.schemas.A.discriminator.defaultMapping",
    "components.schemas.A.xml.nodeType",
  ]);
});

Deno.test("schema-oas-fields: 3.0's structural schema covers these, so the rule stays out", async () => {
  assert.deepEqual(await findings(doc({ B: BAD }, "3.0.3"), "schema-oas-fields"), []);
});

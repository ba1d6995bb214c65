import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("ref-resolves", async (t) => {
  await t.step("reports a local reference to nothing, at its $ref", async () => {
    const doc = oas3({
      paths: { "/a": { get: op({ parameters: [{ $ref: "#/components/parameters/Missing" }] }) } },
    });
    const f = await findings(doc, "ref-resolves");
    assert.deepEqual(f.map((x) => x.path), ["paths./a.get.parameters[0].$ref"]);
    assert.match(f[0].message, /points at nothing/);
    assert.equal(f[0].specLink, "https://spec.openapis.org/oas/v3.1.0.html#reference-object");
  });
  await t.step("accepts resolvable references in 2.0 and 3.x", async () => {
    const v3 = oas3({
      paths: { "/a": { get: op({ parameters: [{ $ref: "#/components/parameters/P" }] }) } },
      components: { parameters: { P: { name: "p", in: "query", schema: { type: "string" } } } },
    });
    assert.deepEqual(await findings(v3, "ref-resolves"), []);
    const v2 = oas2({ definitions: { A: { type: "object" }, B: { $ref: "#/definitions/A" } } });
    assert.deepEqual(await findings(v2, "ref-resolves"), []);
    const bad2 = oas2({ definitions: { B: { $ref: "#/definitions/Nope" } } });
    assert.deepEqual((await findings(bad2, "ref-resolves")).map((x) => x.path), ["definitions.B.$ref"]);
  });
  await t.step("never follows a $ref inside data: examples, defaults, enums, const, extensions", async () => {
    const dangling = { $ref: "#/nowhere" };
    const doc = oas3({
      "x-data": dangling,
      components: {
        schemas: {
          S: {
            type: "object",
            default: dangling,
            enum: [dangling],
            const: dangling,
            examples: [dangling],
            example: dangling,
            "x-ext": dangling,
          },
        },
        examples: { E: { value: dangling } },
      },
    });
    assert.deepEqual(await findings(doc, "ref-resolves"), []);
  });
  await t.step("reports a fragment that is not a pointer", async () => {
    const doc = oas3({ components: { schemas: { A: { $ref: "#components/schemas/B" } } } }, "3.0.3");
    const f = await findings(doc, "ref-resolves");
    assert.equal(f.length, 1);
    assert.match(f[0].message, /not a JSON pointer/);
  });
  await t.step("accepts a 3.1 plain-name anchor that is declared", async () => {
    const doc = oas3({ components: { schemas: { A: { $anchor: "thing" }, B: { $ref: "#thing" } } } });
    assert.deepEqual(await findings(doc, "ref-resolves"), []);
  });
});

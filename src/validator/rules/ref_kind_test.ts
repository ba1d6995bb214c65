import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("ref-kind", async (t) => {
  await t.step("a parameter reference pointing at a schema is reported", async () => {
    const doc = oas3({
      paths: { "/a": { get: op({ parameters: [{ $ref: "#/components/schemas/S" }] }) } },
      components: { schemas: { S: { type: "string" } } },
    });
    const f = await findings(doc, "ref-kind");
    assert.deepEqual(f.map((x) => x.path), ["paths./a.get.parameters[0].$ref"]);
    assert.match(f[0].message, /Schema Object, but a Parameter Object is expected/);
  });
  await t.step("2.0: a schema reference to a response is reported; matching kinds are not", async () => {
    const doc = oas2({
      responses: { R: { description: "r" } },
      definitions: { A: { $ref: "#/responses/R" }, B: { type: "object" }, C: { $ref: "#/definitions/B" } },
    });
    assert.deepEqual((await findings(doc, "ref-kind")).map((x) => x.path), ["definitions.A.$ref"]);
  });
  await t.step("references into places the layout does not describe are not judged", async () => {
    const doc = oas3({
      "x-lib": { P: { name: "p", in: "query" } },
      paths: { "/a": { get: op({ parameters: [{ $ref: "#/x-lib/P" }] }) } },
    });
    assert.deepEqual(await findings(doc, "ref-kind"), []);
  });
});

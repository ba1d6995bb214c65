import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

const id = { name: "id", in: "path", required: true, schema: { type: "string" } };

Deno.test("path-params", async (t) => {
  await t.step("a template variable without a path parameter is reported at the operation", async () => {
    const doc = oas3({ paths: { "/pets/{id}": { get: op() } } });
    const f = await findings(doc, "path-params");
    assert.deepEqual(f.map((x) => x.path), ["paths./pets/{id}.get"]);
    assert.match(f[0].message, /\{id\}/);
  });
  await t.step("a path-level parameter covers every operation", async () => {
    const doc = oas3({ paths: { "/pets/{id}": { parameters: [id], get: op(), put: op() } } });
    assert.deepEqual(await findings(doc, "path-params"), []);
  });
  await t.step("a declared path parameter missing from the template is reported", async () => {
    const doc = oas3({
      paths: { "/pets/{id}": { get: op({ parameters: [id, { ...id, name: "petId" }] }) } },
    });
    assert.deepEqual((await findings(doc, "path-params")).map((x) => x.path), [
      "paths./pets/{id}.get.parameters[1].name",
    ]);
  });
  await t.step("parameters through $ref count, in 2.0 too", async () => {
    const doc = oas2({
      parameters: { Id: { name: "id", in: "path", required: true, type: "string" } },
      paths: { "/pets/{id}": { get: op({ parameters: [{ $ref: "#/parameters/Id" }] }) } },
    });
    assert.deepEqual(await findings(doc, "path-params"), []);
  });
  await t.step("a Path Item without operations is fine", async () => {
    assert.deepEqual(await findings(oas3({ paths: { "/{var}": {} } }), "path-params"), []);
  });
});

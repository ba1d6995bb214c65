import assert from "node:assert/strict";
import { createMemoryReader, documentFromObject, loadDocument } from "../core/mod.ts";
import { listRules, validate } from "./mod.ts";
import { check, oas2, oas3, op } from "./_test_helpers.ts";

const EXTERNAL = new URL("../../testdata/validator/external/api.yaml", import.meta.url).pathname;

Deno.test("validate: result shape and counts", async () => {
  const r = await check(oas3({ paths: { "/a": { get: op({ operationId: "a" }) } } }));
  assert.equal(r.valid, true);
  assert.equal(r.version, "3.1.0");
  assert.equal(r.oasVersion, "3.1");
  assert.equal(r.source, "test.json");
  assert.equal(r.errorCount, 0);
  assert.equal(r.warningCount, r.warnings.length);
  assert.equal(r.stats.operationCount, 1);
  assert.ok(r.validateTimeMs >= 0 && r.loadTimeMs >= 0);
});

Deno.test("validate: every finding has severity, path, pointer, message, rule and a spec link of its version", async () => {
  const r2 = await check(oas2({ paths: { "/a/{x}": { get: op() } } }));
  const r3 = await check(oas3({ paths: { "/a/{x}": { get: op() } } }, "3.0.3"));
  for (const [r, v] of [[r2, "v2.0"], [r3, "v3.0.3"]] as const) {
    assert.equal(r.valid, false);
    for (const f of [...r.errors, ...r.warnings]) {
      assert.ok(f.severity && f.path && f.pointer && f.message && f.rule, JSON.stringify(f));
      assert.ok(f.specLink?.startsWith(`https://spec.openapis.org/oas/${v}.html#`), f.specLink);
      assert.equal(f.location, undefined);
    }
  }
  assert.deepEqual(r3.errors.map((f) => [f.rule, f.pointer, f.specLink]), [[
    "path-params",
    "/paths/~1a~1{x}/get",
    "https://spec.openapis.org/oas/v3.0.3.html#path-templating",
  ]]);
});

Deno.test("validate: findings come in document order, structural and semantic together", async () => {
  const doc = oas3({
    paths: {
      "/b/{id}": { get: op() },
      "/a": { get: { summary: "s", responses: { "200": {} } } },
    },
  }, "3.0.3");
  const r = await check(doc);
  assert.deepEqual(r.errors.map((f) => `${f.rule} ${f.path}`), [
    "path-params paths./b/{id}.get",
    "oas-schema paths./a.get.responses.200",
  ]);
  assert.equal(r.errors[1].message, 'missing required field "description".');
});

Deno.test("validate: a oneOf failure becomes one readable finding", async () => {
  const doc = oas3({
    paths: { "/a": { get: op({ parameters: [{ name: "q", in: "querx", schema: { type: "string" } }] }) } },
  }, "3.0.3");
  const r = await check(doc, { rules: ["oas-schema"] });
  assert.deepEqual(r.errors.map((f) => [f.path, f.message]), [[
    "paths./a.get.parameters[0].in",
    'must be one of "path", "query", "header", "cookie"; found "querx".',
  ]]);
  assert.equal(r.errors[0].specLink, "https://spec.openapis.org/oas/v3.0.3.html#parameter-object");
});

Deno.test("validate: strict promotes warnings, noWarnings drops them", async () => {
  const doc = oas3({
    paths: { "/a": { get: { operationId: "a", responses: { "200": { description: "" } } } } },
  });
  const normal = await check(doc);
  assert.equal(normal.valid, true);
  assert.ok(normal.warningCount > 0);
  const quiet = await check(doc, { noWarnings: true });
  assert.deepEqual(quiet.warnings, []);
  const strict = await check(doc, { strict: true });
  assert.equal(strict.valid, false);
  assert.equal(strict.warningCount, 0);
  assert.ok(strict.errors.every((f) => f.severity === "error"));
  assert.ok(strict.errors.some((f) => f.rule === "operation-description"));
});

Deno.test("validate: rules limits the run; unknown rules are refused", async () => {
  const doc = oas3({
    paths: { "/a": { get: { responses: {} } } },
    components: { schemas: { A: { $ref: "#/x" } } },
  });
  const r = await check(doc, { rules: ["ref-resolves"] });
  assert.deepEqual(r.errors.map((f) => f.rule), ["ref-resolves"]);
  await assert.rejects(() => check(doc, { rules: ["no-such-rule"] }), /unknown rule "no-such-rule"/);
  assert.ok(listRules().some((x) => x.id === "oas-schema"));
});

Deno.test("validate: validateStructure false skips the schema", async () => {
  const doc = oas3({ paths: { "/a": { get: { summary: "s", responses: { "200": { bogus: 1 } } } } } });
  assert.equal((await check(doc)).valid, false);
  assert.equal((await check(doc, { validateStructure: false })).valid, true);
});

Deno.test("validate: accepts a ParseResult, also one built from an object", async () => {
  const parsed = await loadDocument({ content: JSON.stringify(oas2()), name: "x.json" });
  assert.equal((await validate(parsed)).valid, true);
  const fromObject = documentFromObject(oas3({ components: { schemas: { A: { $ref: "#/nope" } } } }));
  const r = await validate(fromObject, { sourceMap: true });
  assert.deepEqual(r.errors.map((f) => f.rule), ["ref-resolves"]);
  assert.equal(r.errors[0].location?.line, 11);
});

Deno.test("validate: sourceMap adds file:line:column, correct inside referenced files", async () => {
  const r = await validate(EXTERNAL, { sourceMap: true });
  assert.equal(r.valid, false);
  const [e] = r.errors;
  assert.equal(e.rule, "ref-resolves");
  assert.match(e.path, /schemas\/pet\.yaml#properties\.owner\.\$ref$/);
  assert.match(e.pointer, /schemas\/pet\.yaml#\/properties\/owner\/\$ref$/);
  assert.match(e.location!.file, /schemas\/pet\.yaml$/);
  assert.deepEqual([e.location!.line, e.location!.column], [6, 5]);
  const [w] = r.warnings.filter((f) => f.rule === "example-type");
  assert.match(w.location!.file, /parameters\.yaml$/);
  assert.deepEqual([w.location!.line, w.location!.column], [6, 5]);
  const plain = await validate(EXTERNAL);
  assert.equal(plain.errors[0].location, undefined);
});

Deno.test("validate: a reference to a missing file is an error, not a crash", async () => {
  const reader = createMemoryReader({
    "/m/api.json": JSON.stringify(oas3({ components: { schemas: { A: { $ref: "./gone.json" } } } })),
  });
  const r = await validate("/m/api.json", { reader });
  assert.deepEqual(r.errors.map((f) => f.rule), ["ref-resolves"]);
});

Deno.test("validate: unreadable input is an exception with a clear message", async () => {
  await assert.rejects(() => validate({ content: "openapi: 9.9.9\n" }), /not supported/);
  await assert.rejects(() => validate({ content: "{ nope" }));
});

Deno.test("validate: objects in referenced files are checked against the schema of their kind", async () => {
  const file = new URL("../../testdata/validator/external_invalid/api.yaml", import.meta.url).pathname;
  const r = await validate(file, { sourceMap: true });
  assert.deepEqual(
    r.errors.map((f) => [f.rule, f.path.replace(/^.*external_invalid\//, ""), f.specLink?.split("#")[1]]),
    [
      ["oas-schema", "parts.yaml#Limit", "parameter-object"],
      ["oas-schema", "parts.yaml#Ok.content.application/json.schema.type", "schema-object"],
    ],
  );
  assert.equal(r.errors[0].message, 'missing required field "name".');
  assert.deepEqual([r.errors[1].location?.line, r.errors[1].location?.column], [10, 9]);
  // Without the structural check they are not reported.
  assert.equal((await validate(file, { validateStructure: false })).errorCount, 0);
});

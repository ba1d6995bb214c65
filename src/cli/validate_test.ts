import assert from "node:assert/strict";
import { run } from "./_test_io.ts";

const DATA = new URL("../../testdata/validator/", import.meta.url).pathname;
const INVALID = `${DATA}invalid.yaml`;
const VALID = `${DATA}valid.json`;

Deno.test("oatool validate: valid document exits 0, banner on stderr, report on stdout", async () => {
  const r = await run(["validate", VALID]);
  assert.equal(r.code, 0);
  assert.match(r.stderr, /^oatool validate v/);
  assert.match(r.stderr, /OAS Version: 2\.0\nSource Size: .*\nPaths: 1\nOperations: 1\nSchemas: 0\n/);
  assert.match(
    r.stdout,
    /^Errors \(0\)\n\nWarnings \(0\)\n\n✓ .*valid\.json is valid \(0 errors, 0 warnings\)\.\n$/,
  );
});

Deno.test("oatool validate: invalid document exits 1 with Errors and Warnings sections", async () => {
  const r = await run(["validate", INVALID]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^Errors \(3\):\n/);
  assert.match(r.stdout, /\[operation-id-unique\]/);
  assert.match(r.stdout, /Warnings \(2\):/);
  assert.match(r.stdout, /is invalid \(3 errors, 2 warnings\)\.\n$/);
  assert.doesNotMatch(r.stdout, /invalid\.yaml:\d+:\d+/);
});

Deno.test("oatool validate: -q prints only the result; -s adds file:line:column", async () => {
  const r = await run(["validate", "-q", "-s", INVALID]);
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /invalid\.yaml:13:7: paths\.\/pets\/\{id\}\.put\.operationId: operationId "getPet"/);
});

Deno.test("oatool validate: --no-warnings and --strict", async () => {
  const quiet = await run(["validate", "-q", "--no-warnings", INVALID]);
  assert.match(quiet.stdout, /Warnings \(0\)/);
  const strict = await run(["validate", "-q", "--strict", VALID]);
  assert.equal(strict.code, 0);
  const strictInvalid = await run(["validate", "-q", "--strict", INVALID]);
  assert.match(strictInvalid.stdout, /Errors \(5\):/);
});

Deno.test("oatool validate: --format json and yaml give the structured report", async () => {
  const json = await run(["validate", "-q", "--format", "json", INVALID]);
  assert.equal(json.code, 1);
  const report = JSON.parse(json.stdout);
  assert.equal(report.valid, false);
  assert.equal(report.errorCount, 3);
  assert.equal(report.warningCount, 2);
  assert.deepEqual(report.errors.map((e: { rule: string }) => e.rule), [
    "path-params",
    "operation-id-unique",
    "ref-resolves",
  ]);
  assert.equal(report.errors[1].pointer, "/paths/~1pets~1{id}/put/operationId");
  const again = await run(["validate", "-q", "--format=json", INVALID]);
  assert.equal(again.stdout, json.stdout);
  const yaml = await run(["validate", "--format", "yaml", VALID]);
  assert.equal(yaml.code, 0);
  assert.match(yaml.stdout, /^valid: true\n/);
  assert.match(yaml.stderr, /^oatool validate/);
});

Deno.test("oatool validate: --format sarif and github carry positions without -s", async () => {
  const sarif = await run(["validate", "-q", "--format", "sarif", INVALID]);
  const log = JSON.parse(sarif.stdout);
  assert.equal(log.runs[0].results[1].locations[0].physicalLocation.region.startLine, 13);
  const gh = await run(["validate", "-q", "--format", "github", INVALID]);
  assert.match(gh.stdout, /^::error file=.*invalid\.yaml,line=7,col=5,title=path-params::/);
  assert.equal(gh.stdout.trim().split("\n").length, 5);
});

Deno.test("oatool validate: unreadable input exits 1 with a clear message and no stack trace", async () => {
  const missing = await run(["validate", `${DATA}no-such-file.yaml`]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^oatool validate: .*no-such-file\.yaml/);
  assert.doesNotMatch(missing.stderr, /\bat \w+ \(/);
  const stdin = await run(["validate", "-"], { stdin: "openapi: 7.0.0\n" });
  assert.equal(stdin.code, 1);
  assert.match(stdin.stderr, /not supported/);
  const usage = await run(["validate"]);
  assert.equal(usage.code, 1);
  const badFormat = await run(["validate", "--format", "xml", VALID]);
  assert.equal(badFormat.code, 1);
});

Deno.test("oatool validate: standard input", async () => {
  const r = await run(["validate", "-q", "-"], {
    stdin: '{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{}}',
  });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /<stdin> is valid/);
});

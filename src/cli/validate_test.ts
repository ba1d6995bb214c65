import assert from "node:assert/strict";
import { createMemoryReader } from "../core/mod.ts";
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

Deno.test("oatool validate: unreadable input exits 2 with a clear message and no stack trace", async () => {
  const missing = await run(["validate", `${DATA}no-such-file.yaml`]);
  assert.equal(missing.code, 2); // validate could not do its job (issue 32)
  assert.match(missing.stderr, /^oatool validate: .*no-such-file\.yaml/);
  assert.doesNotMatch(missing.stderr, /\bat \w+ \(/);
  const stdin = await run(["validate", "-"], { stdin: "openapi: 7.0.0\n" });
  assert.equal(stdin.code, 1);
  assert.match(stdin.stderr, /not supported/);
  const usage = await run(["validate"]);
  assert.equal(usage.code, 2); // usage errors: validate could not do its job (issue 32)
  const badFormat = await run(["validate", "--format", "xml", VALID]);
  assert.equal(badFormat.code, 2);
});

Deno.test("oatool validate: standard input", async () => {
  const r = await run(["validate", "-q", "-"], {
    stdin: '{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{}}',
  });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /<stdin> is valid/);
});

const POLICY_DOC = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/pets": {
      get: { summary: "s", operationId: "listPets", responses: { "200": { description: "ok" } } },
      post: { summary: "s", operationId: "listPets", responses: { "200": { description: "ok" } } },
    },
  },
  components: { schemas: { Unused: { type: "string" } } },
});

Deno.test("oatool validate: the policy file (found in a parent, or --config), --rule and --skip-rule", async () => {
  const files = {
    "/proj/oatool.yaml": "rules:\n  operation-id-unique: warning\n",
    "/proj/api/pets.json": POLICY_DOC,
    "/proj/strict.yaml": "extends: strict\n",
  };
  const reader = createMemoryReader(files, { cwd: "/proj/api" });
  const found = await run(["validate", "-q", "pets.json"], { reader });
  assert.equal(found.code, 0);
  assert.match(found.stdout, /is valid \(0 errors, 2 warnings\)/);
  const named = await run(["validate", "-q", "--config", "../strict.yaml", "pets.json"], { reader });
  assert.equal(named.code, 1);
  assert.match(named.stdout, /is invalid \(2 errors, 0 warnings\)/);
  const flags = await run(
    ["validate", "-q", "--rule", "operation-id-unique=error", "--skip-rule", "component-unused", "pets.json"],
    { reader },
  );
  assert.equal(flags.code, 1);
  assert.match(flags.stdout, /is invalid \(1 error, 0 warnings\)/);
  const info = await run(
    ["validate", "-q", "--rule=component-unused=info", "--format", "json", "pets.json"],
    {
      reader,
    },
  );
  assert.deepEqual(JSON.parse(info.stdout).warnings.map((w: { severity: string }) => w.severity), [
    "warning",
    "info",
  ]);
});

Deno.test("oatool validate: a bad policy file, an unknown rule or a bad --rule exits 2 with where and why", async () => {
  const reader = createMemoryReader({
    "/proj/oatool.yaml": "rules:\n  operation-id-unique: warning\nbaselin: b.yaml\n",
    "/proj/pets.json": POLICY_DOC,
  }, { cwd: "/proj" });
  const bad = await run(["validate", "pets.json"], { reader });
  assert.equal(bad.code, 2);
  assert.equal(
    bad.stderr,
    'oatool validate: oatool.yaml:3:1: unknown key "baselin"; did you mean "baseline"?\n',
  );
  assert.equal(bad.stdout, "");
  const ok = createMemoryReader({ "/proj/pets.json": POLICY_DOC }, { cwd: "/proj" });
  const unknown = await run(["validate", "--skip-rule", "component-unusd", "pets.json"], { reader: ok });
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /unknown rule "component-unusd"; the closest known rule is "component-unused"\./,
  );
  const syntax = await run(["validate", "--rule", "component-unused:off", "pets.json"], { reader: ok });
  assert.equal(syntax.code, 2);
  assert.match(syntax.stderr, /--rule "component-unused:off" is not id=severity/);
  const missing = await run(["validate", "--config", "nope.yaml", "pets.json"], { reader: ok });
  assert.equal(missing.code, 2); // a missing policy file: validate could not do its job (issue 32)
  assert.match(missing.stderr, /nope\.yaml/);
});

Deno.test("oatool validate: --generate-baseline, --baseline (or baseline:), stale entries, --prune-baseline", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-cli-baseline-" });
  try {
    const api = `${dir}/pets.json`;
    const base = `${dir}/baseline.yaml`;
    await Deno.writeTextFile(api, POLICY_DOC);
    const gen = await run(["validate", "-q", "--generate-baseline", base, api]);
    assert.equal(gen.code, 0);
    assert.match(gen.stderr, /wrote 2 baseline entries to .*baseline\.yaml\./);
    const pass = await run(["validate", "-q", "--baseline", base, api]);
    assert.equal(pass.code, 0);
    assert.match(
      pass.stdout,
      /is valid \(0 errors, 0 warnings\)\.\n2 findings accepted by the policy file or the baseline/,
    );
    // The policy file's baseline: key, relative to the policy file.
    await Deno.writeTextFile(`${dir}/policy.yaml`, "baseline: baseline.yaml\n");
    const viaConfig = await run(["validate", "-q", "--config", `${dir}/policy.yaml`, api]);
    assert.equal(viaConfig.code, 0);
    // Fix the accepted error: its entry is listed as stale; the warning's entry still holds.
    const fixed = JSON.parse(POLICY_DOC);
    fixed.paths["/pets"].post.operationId = "createPet";
    await Deno.writeTextFile(api, JSON.stringify(fixed));
    const stale = await run(["validate", "-q", "--baseline", base, api]);
    assert.equal(stale.code, 0);
    assert.match(
      stale.stdout,
      /1 finding accepted .*\nStale baseline entries \(1\): .*--prune-baseline\.\n {2}operation-id-unique \/paths\/~1pets\/post\/operationId: operationId "listPets"/,
    );
    const pruned = await run([
      "validate",
      "-q",
      "--format",
      "json",
      "--baseline",
      base,
      "--prune-baseline",
      api,
    ]);
    assert.equal(pruned.code, 0);
    assert.match(pruned.stderr, /Removed 1 stale baseline entry from .*baseline\.yaml\./);
    assert.doesNotMatch(await Deno.readTextFile(base), /operation-id-unique/);
    const clean = await run(["validate", "-q", "--baseline", base, api]);
    assert.doesNotMatch(clean.stdout, /Stale/);
    // A new error fails.
    fixed.paths["/pets"].put = { operationId: "createPet", responses: { "200": { description: "ok" } } };
    await Deno.writeTextFile(api, JSON.stringify(fixed));
    const worse = await run(["validate", "-q", "--baseline", base, api]);
    assert.equal(worse.code, 1);
    assert.match(worse.stdout, /is invalid \(1 error, 1 warning\)/);
    // Flags that cannot go together, or a prune without a baseline.
    assert.equal((await run(["validate", "--generate-baseline", base, "--baseline", base, api])).code, 2);
    const noBase = await run(["validate", "--prune-baseline", api]);
    assert.equal(noBase.code, 2);
    assert.match(noBase.stderr, /--prune-baseline needs a baseline/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("oatool config schema: prints the policy file's JSON Schema", async () => {
  const r = await run(["config", "schema"]);
  assert.equal(r.code, 0);
  const schema = JSON.parse(r.stdout);
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.deepEqual(Object.keys(schema.properties), [
    "$schema",
    "extends",
    "rules",
    "ignore",
    "baseline",
    "plugins",
    "apis",
    "generate",
  ]);
  assert.equal((await run(["config"])).code, 1);
  assert.match((await run(["help"])).stdout, /\n {2}config +The policy file/);
});

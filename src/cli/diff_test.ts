import assert from "node:assert/strict";
import yaml from "js-yaml";
import { listChecks, toDiffSeverity } from "../differ/mod.ts";
import { run } from "./_test_io.ts";
import { withTempDir } from "../../tests/_spawn.ts";

const DATA = new URL("../../testdata/diff/", import.meta.url).pathname;
const BASE = `${DATA}base.yaml`;
const REFACTORED = `${DATA}refactored.yaml`;
const BREAKING = `${DATA}breaking.yaml`;

Deno.test("oatool diff --breaking: a reordered composition, renamed components and path parameter exit 0", async () => {
  const r = await run(["diff", "--breaking", BASE, REFACTORED]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^Document Changes \(4\)\n/);
  assert.match(r.stdout, /\nParameter Changes \(2\)\n/);
  assert.match(
    r.stdout,
    /\nSummary: 6 changes, 0 breaking, 0 warnings, 6 info\.\n✓ No breaking changes\.\n$/,
  );
  assert.doesNotMatch(r.stdout, /ERROR|CRITICAL|WARNING /);
  // Simple mode: the documents differ, so exit 1.
  const simple = await run(["diff", BASE, REFACTORED]);
  assert.equal(simple.code, 1);
  assert.match(simple.stdout, /^~ paths\.\/pets\/{petId}\.parameters\[0\]: path parameter "id" of GET /);
  assert.match(simple.stdout, /\n6 changes \(0 breaking, 0 warnings, 6 info\)\.\n$/);
});

Deno.test("oatool diff --breaking: one new required request property exits 1 with exactly one breaking change", async () => {
  const r = await run(["diff", "--breaking", "--format", "json", BASE, BREAKING]);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout);
  assert.equal(report.HasBreakingChanges, true);
  assert.equal(report.breakingCount, 1);
  const breaking = report.changes.filter((c: { severity: string }) => c.severity === "ERROR");
  assert.deepEqual(breaking.map((c: { id: string }) => c.id), ["request-required-property-added"]);
  assert.equal(breaking[0].path, "components.schemas.HasName.properties.owner");
  assert.equal(breaking[0].pointer, "/components/schemas/HasName/properties/owner");
  assert.equal(breaking[0].category, "schema");
  assert.equal(breaking[0].type, "added");
  assert.equal(breaking[0].endpoint, "PUT /pets/{petId}");
});

Deno.test("oatool diff: identical documents exit 0 with no changes, in every mode", async () => {
  const r = await run(["diff", BASE, BASE]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "No changes.\n");
  const b = await run(["diff", "--breaking", BASE, BASE]);
  assert.equal(b.code, 0);
  assert.match(b.stdout, /Summary: 0 changes, 0 breaking, 0 warnings, 0 info\./);
});

Deno.test("oatool diff: json and yaml are camelCase with the exact HasBreakingChanges, byte-identical across runs", async () => {
  const a = await run(["diff", "--format", "json", BASE, BREAKING]);
  const b = await run(["diff", "--format", "json", BASE, BREAKING]);
  assert.equal(a.stdout, b.stdout);
  const report = JSON.parse(a.stdout);
  assert.deepEqual(Object.keys(report), [
    "source",
    "target",
    "sourceVersion",
    "targetVersion",
    "HasBreakingChanges",
    "totalChanges",
    "breakingCount",
    "warningCount",
    "infoCount",
    "ignoredCount",
    "changes",
  ]);
  assert.equal(report.totalChanges, 9);
  assert.equal(report.sourceVersion, "3.1.0");
  const renamed = report.changes.find((c: { id: string }) => c.id === "component-renamed");
  assert.deepEqual([renamed.old, renamed.new], ["Cat", "Feline"]);
  const yamlRun = await run(["diff", "--format", "yaml", BASE, BREAKING]);
  assert.deepEqual(yaml.load(yamlRun.stdout), report);
});

Deno.test("oatool diff -s: target positions for additions, source positions for removals and modifications", async () => {
  const r = await run(["diff", "-s", BASE, BREAKING]);
  assert.match(
    r.stdout,
    /^~ .*base\.yaml:8:9: paths\.\/pets\/{petId}\.parameters\[0\]: path parameter "id" of GET/,
  );
  assert.match(r.stdout, /\+ .*breaking\.yaml:53:9: components\.schemas\.HasName\.properties\.owner: /);
  assert.match(r.stdout, /- .*base\.yaml:35:5: components\.schemas\.Pet: /);
});

Deno.test("oatool diff --ignore: check ids and path globs silence changes, and the report counts them", async () => {
  await withTempDir(async (dir) => {
    const ignore = `${dir}/ignore.yaml`;
    await Deno.writeTextFile(
      ignore,
      "- request-required-property-added\n- path: components.schemas.*\n  reason: components are refactored\n",
    );
    const r = await run(["diff", "--breaking", "--ignore", ignore, BASE, BREAKING]);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /\n7 changes ignored by the ignore list\.\nSummary: 2 changes, 0 breaking/);
    const json = JSON.parse(
      (await run(["diff", "--format=json", "--ignore", ignore, BASE, BREAKING])).stdout,
    );
    assert.equal(json.ignoredCount, 7);
    await Deno.writeTextFile(ignore, "- no-such-check-or-path\n- id: no-such-check\n");
    const bad = await run(["diff", "--ignore", ignore, BASE, BREAKING]);
    assert.equal(bad.code, 2); // a bad ignore file: diff could not compare (issue 32)
    assert.match(
      bad.stderr,
      /entry 2 names the unknown check "no-such-check"; see oatool diff --list-checks\./,
    );
  });
});

Deno.test("oatool diff --severity and --fail-on: overrides decide the exit code", async () => {
  await withTempDir(async (dir) => {
    const sev = `${dir}/severity.json`;
    await Deno.writeTextFile(sev, JSON.stringify({ "request-required-property-added": "WARNING" }));
    const r = await run(["diff", "--breaking", "--severity", sev, BASE, BREAKING]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /WARNING {2}components\.schemas\.HasName\.properties\.owner/);
    const failOn = await run([
      "diff",
      "--breaking",
      "--severity",
      sev,
      "--fail-on",
      "WARNING",
      BASE,
      BREAKING,
    ]);
    assert.equal(failOn.code, 1);
    const info = await run(["diff", "--breaking", "--fail-on", "INFO", BASE, REFACTORED]);
    assert.equal(info.code, 1);
    await Deno.writeTextFile(sev, JSON.stringify({ "request-required-property-added": "FATAL" }));
    const bad = await run(["diff", "--severity", sev, BASE, BREAKING]);
    assert.equal(bad.code, 2); // a bad severity file: diff could not compare (issue 32)
    assert.match(
      bad.stderr,
      /the severity of "request-required-property-added" is "FATAL"; use CRITICAL, ERROR/,
    );
  });
});

Deno.test("oatool diff --no-info leaves informational changes out", async () => {
  const r = await run(["diff", "--breaking", "--no-info", BASE, BREAKING]);
  assert.equal(r.code, 1);
  // The one change is breaking: it is listed first, in its own section, and no category section repeats it.
  assert.match(
    r.stdout,
    /^Breaking Changes \(1\)\n {2}ERROR {4}[^\n]*\[request-required-property-added\]\n\nSummary/,
  );
  assert.match(r.stdout, /Summary: 1 change, 1 breaking, 0 warnings, 0 info\./);
  const none = await run(["diff", "--no-info", BASE, REFACTORED]);
  assert.equal(none.code, 0);
  assert.equal(none.stdout, "No changes.\n");
});

Deno.test("oatool diff --list-checks prints every check as text or json", async () => {
  const text = await run(["diff", "--list-checks"]);
  assert.equal(text.code, 0);
  assert.match(text.stdout, /^Document \(7\)\n {2}openapi-version-changed +INFO +/);
  assert.match(
    text.stdout,
    /\n {2}request-property-became-required +ERROR +In a request: A property became required\.\n/,
  );
  assert.match(text.stdout, new RegExp(`\\n${listChecks().length} checks\\.\\n$`));
  const json = await run(["diff", "--list-checks", "--format", "json"]);
  // The checks as the library lists them, the severity spelled in upper case as the specification's output does.
  assert.deepEqual(
    JSON.parse(json.stdout),
    listChecks().map((c) => ({ ...c, severity: toDiffSeverity(c.severity) })),
  );
});

Deno.test("oatool diff: markdown, github and junit reports", async () => {
  const md = await run(["diff", "--breaking", "--format", "markdown", BASE, BREAKING]);
  assert.match(
    md.stdout,
    /^## API changes: .*base\.yaml → .*breaking\.yaml\n\n:x: \*\*1 breaking change\*\*\n/,
  );
  assert.match(md.stdout, /\| 9 \| 1 \| 0 \| 8 \| 0 \|\n/);
  // --breaking: the breaking change's table comes first; its category's table has the other one.
  assert.match(
    md.stdout,
    /\| 0 \|\n\n### Breaking Changes \(1\)\n\n[^#]*\| ERROR \| [^\n]*request-required-property-added \|\n\n###/,
  );
  assert.match(md.stdout, /\n### Schema Changes \(1\)\n/);
  const gh = await run(["diff", "--breaking", "--format", "github", BASE, BREAKING]);
  assert.equal(gh.code, 1);
  const lines = gh.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 9);
  assert.ok(
    lines.every((l) => /^::(error|warning|notice) file=[^,]*breaking\.yaml,line=\d+,col=\d+,title=/.test(l)),
  );
  assert.match(
    gh.stdout,
    /::error file=[^,]*breaking\.yaml,line=53,col=9,title=ERROR request-required-property-added::/,
  );
  const junit = await run(["diff", "--breaking", "--format", "junit", BASE, BREAKING]);
  assert.match(
    junit.stdout,
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="oatool diff" tests="9" failures="1">/,
  );
  assert.match(
    junit.stdout,
    /<failure type="ERROR" message="schema has a new required property &quot;owner&quot;/,
  );
});

Deno.test("oatool diff: unreadable and invalid input exit 2 with one clear message", async () => {
  const missing = await run(["diff", BASE, `${DATA}nope.yaml`]);
  assert.equal(missing.code, 2); // diff could not compare (issue 32): 1 means differences
  assert.equal(missing.stderr.trim().split("\n").length, 1);
  assert.match(missing.stderr, /nope\.yaml/);
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/noinfo.yaml`, "openapi: 3.1.0\npaths: {}\n");
    const invalid = await run(["diff", BASE, `${dir}/noinfo.yaml`]);
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /the target .*noinfo\.yaml is not a valid OpenAPI document: .*info/);
    const text = (await Deno.readTextFile(BASE)).replace(
      '"#/components/schemas/Named"',
      '"#/components/schemas/Nope"',
    );
    await Deno.writeTextFile(`${dir}/badref.yaml`, text);
    const badRef = await run(["diff", BASE, `${dir}/badref.yaml`]);
    assert.equal(badRef.code, 2);
    assert.match(
      badRef.stderr,
      /badref\.yaml: components\.schemas\.Pet\.allOf\[0\]: reference "#\/components\/schemas\/Nope" points at nothing/,
    );
  });
  const stdin = await run(["diff", "-", "-"]);
  assert.equal(stdin.code, 2);
  assert.match(
    stdin.stderr,
    /the source and the target are both - \(standard input\); one of them must be a file\./,
  );
  const one = await run(["diff", BASE]);
  assert.equal(one.code, 2);
  assert.match(one.stderr, /two documents are required \(source and target\), 1 given\./);
});

Deno.test("oatool help lists diff", async () => {
  const r = await run(["help"]);
  assert.match(r.stdout + r.stderr, /diff +Compare two documents; optional breaking-change detection/);
});

import assert from "node:assert/strict";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { REPORT_FORMATS } from "../render/contract.ts";
import { expandGlob, parseShard, shardInputs } from "./_validate_inputs.ts";
import { run } from "./_test_io.ts";

const DATA = new URL("../../testdata/", import.meta.url).pathname;
const VALID = `${DATA}petstore/petstore-3.1.yaml`;
const INVALID = `${DATA}validator/invalid.yaml`;
const V20 = `${DATA}petstore/petstore-2.0.json`;
const SARIF_SCHEMA = new URL("../../../shared/testsuites/sarif/sarif-schema-2.1.0.json", import.meta.url);

/** ajv's draft-04 class (the SARIF schema's draft); its CommonJS default export is the class itself. */
type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
const Draft04 = AjvDraft04 as unknown as new (
  o: Record<string, unknown>,
) => { compile(s: unknown): Validator };

const PETSTORE = await Deno.readTextFile(VALID);

/** A folder of descriptions: apis/a, apis/b/c, and files a glob must skip (node_modules, .git, a linked folder). */
async function tree(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-many-" });
  for (const p of ["apis/a", "apis/b/c", "apis/node_modules/x", "apis/.git/y", "outside/z"]) {
    await Deno.mkdir(join(dir, p), { recursive: true });
    await Deno.writeTextFile(join(dir, p, "openapi.yaml"), PETSTORE);
  }
  await Deno.writeTextFile(join(dir, "apis/a/other.yaml"), PETSTORE);
  await Deno.symlink(join(dir, "outside"), join(dir, "apis/link"));
  return dir;
}

Deno.test("validate globs: ** and * expanded by oatool, sorted, bounded to the tree, skipping node_modules/.git", async () => {
  const dir = await tree();
  try {
    assert.deepEqual(await expandGlob("apis/**/openapi.yaml", dir), [
      "apis/a/openapi.yaml",
      "apis/b/c/openapi.yaml",
    ]);
    assert.deepEqual(await expandGlob("apis/*/*.yaml", dir), ["apis/a/openapi.yaml", "apis/a/other.yaml"]);
    assert.deepEqual(await expandGlob(`${dir}/apis/*/openapi.yaml`, "/"), [`${dir}/apis/a/openapi.yaml`]);
    const r = await run(["validate", "-q", `${dir}/apis/**/openapi.yaml`, VALID]);
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      /✓ .*apis\/a\/openapi\.yaml: valid.*\n✓ .*apis\/b\/c\/openapi\.yaml: valid.*\n✓ .*3\.1\.yaml/,
    );
    assert.match(r.stdout, /3 documents: 3 valid, 0 invalid/);
    const none = await run(["validate", "-q", `${dir}/apis/**/swagger.json`]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /matches no file/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("validate with no input validates the policy file's apis: roots", async () => {
  const dir = await tree();
  try {
    await Deno.writeTextFile(
      join(dir, "oatool.yaml"),
      "apis:\n  first:\n    root: apis/b/c/openapi.yaml\n  second:\n    root: apis/a/other.yaml\n",
    );
    const r = await run(["validate", "-q", "--config", join(dir, "oatool.yaml")]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /b\/c\/openapi\.yaml: valid[^\n]*\n✓ [^\n]*a\/other\.yaml: valid/);
    assert.match(r.stdout, /2 documents: 2 valid/);
    await Deno.writeTextFile(join(dir, "oatool.yaml"), "rules: {}\n");
    const none = await run(["validate", "-q", "--config", join(dir, "oatool.yaml")]);
    assert.equal(none.code, 2); // a usage error: validate could not do its job (issue 32)
    assert.match(none.stderr, /an input is required/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("validate --jobs: the same report as --jobs 1, in input order; the exit code is the worst", async () => {
  const inputs = [INVALID, VALID, V20, `${DATA}malformed/no-version.yaml`];
  const one = await run(["validate", "-q", "--format", "json", "--jobs", "1", ...inputs]);
  const two = await run(["validate", "-q", "--format", "json", "--jobs", "2", ...inputs]);
  assert.equal(one.code, 1);
  assert.equal(two.code, 1);
  assert.equal(two.stdout, one.stdout);
  const report = JSON.parse(two.stdout);
  assert.deepEqual(report.documents.map((d: { source: string }) => d.source), inputs);
  assert.deepEqual(report.documents.map((d: { valid: boolean }) => d.valid), [false, true, true, false]);
  assert.ok(report.documents[3].failure);
  const bad = await run(["validate", "--jobs", "0", VALID, V20]);
  assert.equal(bad.code, 2);
});

Deno.test("validate --shard: the slices are disjoint, cover the list, and do not depend on its order", () => {
  const list = Array.from({ length: 13 }, (_, i) => `api-${String((i * 7) % 13).padStart(2, "0")}.yaml`);
  for (const n of [1, 2, 3, 5, 13, 20]) {
    const slices = Array.from({ length: n }, (_, i) => shardInputs(list, { index: i + 1, count: n }));
    const all = slices.flat();
    assert.equal(all.length, list.length, `${n} slices`);
    assert.deepEqual([...all].sort(), [...list].sort());
    const reversed = [...list].reverse();
    slices.forEach((s, i) =>
      assert.deepEqual(shardInputs(reversed, { index: i + 1, count: n }), [...s].reverse())
    );
    assert.ok(Math.max(...slices.map((s) => s.length)) - Math.min(...slices.map((s) => s.length)) <= 1);
  }
  assert.deepEqual(parseShard("2/4"), { index: 2, count: 4 });
});

Deno.test("validate --shard on the command line: each shard its slice; a bad value exits 2", async () => {
  const inputs = [VALID, INVALID, V20];
  const seen: string[] = [];
  for (const s of ["1/2", "2/2"]) {
    const r = await run(["validate", "-q", "--format", "json", "--shard", s, ...inputs]);
    seen.push(...JSON.parse(r.stdout).documents.map((d: { source: string }) => d.source));
  }
  assert.deepEqual(seen.sort(), [...inputs].sort());
  for (const bad of ["0/2", "3/2", "1/0", "x", "1/2/3"]) {
    const r = await run(["validate", "--shard", bad, VALID]);
    assert.equal(r.code, 2, bad);
    assert.match(r.stderr, /--shard/);
  }
});

Deno.test("validate with several documents: one merged report in every format, each document named", async () => {
  for (const format of REPORT_FORMATS) {
    const r = await run(["validate", "-q", "--format", format, VALID, INVALID]);
    assert.equal(r.code, 1, format);
    assert.match(r.stdout, /invalid\.yaml/, format);
    assert.match(r.stdout, /operation-id-unique/, format);
    if (format !== "github") assert.match(r.stdout, /petstore-3\.1\.yaml|2 documents/, format);
  }
  const sarif = JSON.parse((await run(["validate", "-q", "--format", "sarif", VALID, INVALID, V20])).stdout);
  assert.equal(sarif.runs.length, 1);
  assert.deepEqual(
    sarif.runs[0].artifacts.map((a: { location: { uri: string } }) => a.location.uri),
    [VALID, INVALID, V20],
  );
});

Deno.test({
  name: "validate: the merged SARIF log of several documents validates against the SARIF 2.1.0 JSON Schema",
  // Needs ../shared/testsuites/sarif (the OASIS schema, from docs.oasis-open.org/sarif/sarif/v2.1.0/errata01).
  ignore: !(await Deno.stat(SARIF_SCHEMA).then(() => true, () => false)),
  async fn() {
    const ajv = new Draft04({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: unknown) => void)(ajv);
    const check = ajv.compile(JSON.parse(await Deno.readTextFile(SARIF_SCHEMA)));
    const inputs = [VALID, INVALID, `${DATA}malformed/bad.yaml`, V20];
    const r = await run(["validate", "-q", "--format", "sarif", ...inputs]);
    const log = JSON.parse(r.stdout);
    assert.ok(log.runs[0].results.length >= 6);
    assert.equal(check(log), true, JSON.stringify(check.errors?.slice(0, 5)));
  },
});

Deno.test("validate baselines over several documents: generate, match per document, stale and pruned across both", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-many-baseline-" });
  try {
    const broken = await Deno.readTextFile(INVALID);
    const [a, b, base] = [join(dir, "a/api.yaml"), join(dir, "b/api.yaml"), join(dir, "base.yaml")];
    await Deno.mkdir(join(dir, "a"));
    await Deno.mkdir(join(dir, "b"));
    await Deno.writeTextFile(a, broken);
    await Deno.writeTextFile(b, PETSTORE);
    const gen = await run(["validate", "-q", "--generate-baseline", base, a, b]);
    assert.equal(gen.code, 0, gen.stderr);
    assert.match(gen.stderr, /wrote baseline entries of 2 of 2 documents/);
    const files = (text: string) => [...text.matchAll(/^ {4}file: (.*)$/gm)].map((m) => m[1]);
    assert.deepEqual([...new Set(files(await Deno.readTextFile(base)))], ["a/api.yaml"]);

    // Each document matches only its own entries: b now has a's findings, which a's entries do not accept.
    await Deno.writeTextFile(b, broken);
    const other = await run(["validate", "-q", "--format", "json", "--baseline", base, a, b]);
    assert.equal(other.code, 1);
    const report = JSON.parse(other.stdout);
    assert.deepEqual(report.documents.map((d: { valid: boolean }) => d.valid), [true, false]);
    assert.match(other.stderr, /5 findings accepted/);
    assert.doesNotMatch(
      other.stderr,
      /Stale/,
      "a's entries are not stale because b's run leaves them unmatched",
    );

    // Both documents in the baseline; then a is fixed in one place: that entry is stale, then pruned.
    assert.equal((await run(["validate", "-q", "--generate-baseline", base, a, b])).code, 0);
    assert.deepEqual([...new Set(files(await Deno.readTextFile(base)))], ["a/api.yaml", "b/api.yaml"]);
    assert.equal((await run(["validate", "-q", "--baseline", base, a, b])).code, 0);
    await Deno.writeTextFile(
      a,
      broken.replace("operationId: getPet\n      summary", "operationId: putPet\n      summary"),
    );
    const stale = await run(["validate", "-q", "--baseline", base, a, b]);
    assert.equal(stale.code, 0, stale.stdout);
    assert.match(
      stale.stdout,
      /Stale baseline entries \(1\)[^\n]*\n {2}operation-id-unique \S*a\/api\.yaml#\/paths/,
    );
    const pruned = await run(["validate", "-q", "--prune-baseline", "--baseline", base, a, b]);
    assert.equal(pruned.code, 0);
    assert.match(pruned.stdout, /Removed 1 stale baseline entry/);
    const left = await Deno.readTextFile(base);
    assert.equal(files(left).length, 9);
    assert.equal(files(left).filter((f) => f === "b/api.yaml").length, 5, "b's entries are kept");
    const after = await run(["validate", "-q", "--baseline", base, a, b]);
    assert.equal(after.code, 0);
    assert.doesNotMatch(after.stdout, /Stale/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("validate: an unreadable document among several exits 2, as alone; the others are still reported", async () => {
  const missing = `${DATA}malformed/does-not-exist.yaml`;
  const alone = await run(["validate", "-q", missing]);
  assert.equal(alone.code, 2, alone.stderr);
  for (const jobs of ["1", "2"]) {
    const r = await run(["validate", "-q", "--format", "json", "--jobs", jobs, VALID, missing, INVALID]);
    assert.equal(r.code, 2, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.documents.map((d: { valid: boolean }) => d.valid), [true, false, false]);
    assert.match(report.documents[1].failure, /does-not-exist\.yaml/);
    assert.equal(report.documents[2].errorCount, 3);
  }
  const dir = await Deno.makeTempDir({ prefix: "oatool-many-" });
  try {
    const gen = await run(["validate", "-q", "--generate-baseline", join(dir, "b.yaml"), VALID, missing]);
    assert.equal(gen.code, 2, gen.stderr);
    assert.match(gen.stderr, /wrote baseline entries of 1 of 2 documents/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

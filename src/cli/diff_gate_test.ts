/**
 * `oatool diff` as a pull-request gate: a side read from a git revision (its `$ref`s in the same revision; the
 * test makes the repository with the `git` program and is skipped without it), standard input as one side,
 * breaking changes first, positions in github and markdown reports relative to the working directory,
 * `--require-version-bump`, and `--preset` / `--deprecation-days` passed to the differ.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createDefaultReader, type DocumentReader } from "../core/mod.ts";
import { diff, toDiffSeverity } from "../differ/mod.ts";
import { run } from "./_test_io.ts";
import { withTempDir } from "../../tests/_spawn.ts";
import { git, hasGit } from "../io/git_test_util.ts";

const DATA = new URL("../../testdata/diff/", import.meta.url).pathname;
const BASE = `${DATA}base.yaml`;
const BREAKING = `${DATA}breaking.yaml`;

const gitPresent = hasGit();

/** The real file system, with `dir` as the working directory. */
function readerIn(dir: string): DocumentReader {
  return { ...createDefaultReader(), cwd: () => dir };
}

function doc(version: string, schema: string, petSchema = "{type: object}"): Record<string, string> {
  return {
    "api/openapi.yaml": `openapi: 3.1.0
info: {title: Pets, version: "${version}"}
paths:
  /pets:
    post:
      requestBody:
        content:
          application/json:
            schema: ${schema}
      responses:
        "200": {description: OK}
`,
    "api/pet.yaml": petSchema,
  };
}

async function writeAll(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await Deno.mkdir(join(dir, name, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir, name), text);
  }
}

Deno.test({
  name:
    `oatool diff main:api/openapi.yaml api/openapi.yaml: the old side and its $refs come from the revision${
      gitPresent ? "" : " (skipped: the git program is not installed)"
    }`,
  ignore: !gitPresent,
  async fn() {
    await withTempDir(async (dir) => {
      git(dir, "init", "-q", "-b", "main");
      await writeAll(dir, doc("1.0.0", '{$ref: "./pet.yaml"}'));
      git(dir, "add", ".");
      git(dir, "commit", "-q", "-m", "one");
      // The working copy: the referenced file gains a required property (a break only the revision shows).
      await Deno.writeTextFile(join(dir, "api/pet.yaml"), "{type: object, required: [name]}\n");
      const reader = readerIn(dir);
      const gh = await run([
        "diff",
        "--breaking",
        "--format",
        "github",
        "main:api/openapi.yaml",
        "api/openapi.yaml",
      ], {
        reader,
      });
      assert.equal(gh.code, 1, gh.stderr);
      assert.match(gh.stdout, /^::error file=api\/pet\.yaml,line=1,col=\d+,title=ERROR request-/m);
      // Nothing changed between the revision and itself, read through its files only.
      const same = await run(["diff", "--breaking", "HEAD:api/openapi.yaml", "main:/api/openapi.yaml"], {
        reader,
      });
      assert.equal(same.code, 0, same.stdout + same.stderr);
      const json = await run(
        ["diff", "--format", "json", "-s", "main:api/openapi.yaml", "api/openapi.yaml"],
        {
          reader,
        },
      );
      const report = JSON.parse(json.stdout);
      assert.equal(report.source, "main:/api/openapi.yaml");
      // A revision or path that is not there: the message names both.
      const missing = await run(["diff", "main:api/nope.yaml", "api/openapi.yaml"], { reader });
      assert.equal(missing.code, 2); // diff could not compare (issue 32)
      assert.match(
        missing.stderr,
        /"api\/nope\.yaml" of revision "main" \(commit [0-9a-f]{12}\) does not exist/,
      );
      const branch = await run(["diff", "nobranch:api/openapi.yaml", "api/openapi.yaml"], { reader });
      assert.match(
        branch.stderr,
        /the source "nobranch:api\/openapi\.yaml" is not a file, so it was read as/,
      );
      assert.match(branch.stderr, /revision "nobranch" is not a branch, tag or commit/);
      // An existing file whose name holds a colon is a file, not a revision.
      await Deno.writeTextFile(join(dir, "main:x.yaml"), doc("1.0.0", "{type: object}")["api/openapi.yaml"]);
      const colon = await run(["diff", "main:x.yaml", "main:x.yaml"], { reader });
      assert.equal(colon.code, 0, colon.stderr);
    });
  },
});

Deno.test("oatool diff -: standard input is one side, not both", async () => {
  const base = await Deno.readTextFile(BASE);
  const r = await run(["diff", "--breaking", "--format", "json", "-", BREAKING], { stdin: base });
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.source, "<stdin>");
  assert.equal(report.breakingCount, 1);
  const both = await run(["diff", "-", "-"], { stdin: base });
  assert.equal(both.code, 2); // a usage error: diff could not compare (issue 32)
  assert.match(both.stderr, /both - \(standard input\)/);
});

Deno.test("oatool diff --breaking: the breaking changes come first in json and github, and stay in place without it", async () => {
  const plain = JSON.parse((await run(["diff", "--format", "json", BASE, BREAKING])).stdout);
  const breaking = JSON.parse((await run(["diff", "--breaking", "--format", "json", BASE, BREAKING])).stdout);
  const severities = (r: { changes: { severity: string }[] }) => r.changes.map((c) => c.severity);
  assert.notEqual(severities(plain)[0], "ERROR");
  assert.equal(severities(breaking)[0], "ERROR");
  assert.deepEqual(
    severities(breaking),
    [...severities(plain)].sort((a, b) => a === "ERROR" ? -1 : b === "ERROR" ? 1 : 0),
  );
  const gh = await run(["diff", "--breaking", "--format", "github", BASE, BREAKING]);
  assert.match(gh.stdout, /^::error /);
});

Deno.test("oatool diff: github and markdown show positions by default, relative to the working directory", async () => {
  const md = await run(["diff", "--format", "markdown", BASE, BREAKING]);
  assert.match(
    md.stdout,
    /\| components\.schemas\.HasName\.properties\.owner \(testdata\/diff\/breaking\.yaml:53:9\) \|/,
  );
  const gh = await run(["diff", "--format", "github", BASE, BREAKING]);
  assert.match(gh.stdout, /^::error file=testdata\/diff\/breaking\.yaml,line=53,col=9,/m);
  assert.doesNotMatch(gh.stdout, /file=\//);
});

Deno.test("oatool diff --require-version-bump: breaking changes need a new major version (0.x: minor)", async () => {
  await withTempDir(async (dir) => {
    const write = async (name: string, version: string, schema: string) => {
      await Deno.writeTextFile(join(dir, name), doc(version, schema)["api/openapi.yaml"]);
      return join(dir, name);
    };
    const old = await write("old.yaml", "1.4.2", "{type: object}");
    const gate = (target: string, ...flags: string[]) =>
      run(["diff", "--breaking", "--require-version-bump", ...flags, old, target]);
    const minor = await gate(await write("minor.yaml", "1.5.0", "{type: object, required: [name]}"));
    assert.equal(minor.code, 1);
    assert.match(
      minor.stderr,
      /^--require-version-bump: 1 breaking change need a new major version, but info\.version went from "1\.4\.2" \(source\) to "1\.5\.0" \(target\); use 2\.0\.0 or later\.\n$/,
    );
    const major = await gate(await write("major.yaml", "2.0.0", "{type: object, required: [name]}"));
    assert.equal(major.code, 0, major.stderr);
    assert.match(major.stdout, /1 breaking change\./);
    assert.equal((await run(["diff", "--breaking", old, join(dir, "major.yaml")])).code, 1);
    const compatible = await gate(await write("same.yaml", "1.4.2", "{type: object, description: d}"));
    assert.equal(compatible.code, 0, compatible.stderr);
    const zero = await write("zero.yaml", "0.3.0", "{type: object}");
    const zeroPatch = await write("zero-patch.yaml", "0.3.1", "{type: object, required: [name]}");
    const zeroMinor = await write("zero-minor.yaml", "0.4.0", "{type: object, required: [name]}");
    assert.match(
      (await run(["diff", "--require-version-bump", zero, zeroPatch])).stderr,
      /use 0\.4\.0 or later/,
    );
    assert.equal((await run(["diff", "--breaking", "--require-version-bump", zero, zeroMinor])).code, 0);
    const text = await write("text.yaml", "next", "{type: object, required: [name]}");
    assert.match(
      (await gate(text)).stderr,
      /must be a semantic version on both sides; the source has "1\.4\.2"/,
    );
  });
});

/** A deprecated operation without a sunset date, then removed: each preset judges that removal differently. */
const DEPRECATED = `openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /a:
    get:
      responses:
        "200": {description: OK}
  /b:
    get:
      deprecated: true
      responses:
        "200": {description: OK}
`;
const REMOVED = DEPRECATED.slice(0, DEPRECATED.indexOf("  /b:"));

Deno.test("oatool diff --preset and --deprecation-days reach the differ", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.yaml"), DEPRECATED);
    await Deno.writeTextFile(join(dir, "b.yaml"), REMOVED);
    const files = [join(dir, "a.yaml"), join(dir, "b.yaml")] as const;
    const severities = async (flags: string[]) =>
      JSON.parse((await run(["diff", ...flags, "--format", "json", ...files])).stdout).changes.map((
        c: { id: string; severity: string },
      ) => `${c.id} ${c.severity}`);
    const seen = new Set<string>();
    for (const preset of ["strict", "default", "lenient"] as const) {
      const lib = await diff(files[0], files[1], { preset });
      const cli = await severities(["--preset", preset]);
      // The report spells the library's severities in upper case.
      assert.deepEqual(cli, lib.changes.map((c) => `${c.id} ${toDiffSeverity(c.severity)}`));
      seen.add(cli.join());
    }
    assert.equal(seen.size, 3, [...seen].join(" / "));
    const days = await severities(["--deprecation-days", "30"]);
    const lib = await diff(files[0], files[1], { deprecationDays: 30 });
    assert.deepEqual(days, lib.changes.map((c) => `${c.id} ${toDiffSeverity(c.severity)}`));
    assert.notDeepEqual(days, await severities([]));
    const bad = await run(["diff", "--deprecation-days", "ten", ...files]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /--deprecation-days is "ten"; give a whole number of days/);
  });
});

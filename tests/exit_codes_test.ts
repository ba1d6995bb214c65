/**
 * Exit codes CI can trust (issue 32): `validate` and `diff` exit 2 when they could not do their job (an input
 * missing, unreadable or refused, a bad flag, value or config), so that 1 keeps its meaning (an invalid document;
 * differences or breaking changes). Each row runs the built CLI in its own process, as CI does.
 */
import assert from "node:assert/strict";
import { PERMISSIONS, ROOT, spawnOatool, withTempDir } from "./_spawn.ts";

const PETSTORE = "testdata/petstore/petstore-3.0.yaml";
const MISSING = "testdata/petstore/no-such-file.yaml";

interface Row {
  args: string[];
  code: number;
  why: string;
  permissions?: readonly string[];
}

/**
 * A folder with a YAML syntax error, a broken policy file, a rules file that is not a list, and a valid document
 * (outside the checkout, which a run granted only the checkout may not read).
 */
async function fixtures(dir: string): Promise<Record<string, string>> {
  const files = {
    syntax: `${dir}/syntax.yaml`,
    policy: `${dir}/oatool.yaml`,
    ignore: `${dir}/ignore.yaml`,
    outside: `${dir}/petstore.yaml`,
  };
  await Deno.copyFile(`${ROOT}${PETSTORE}`, files.outside);
  await Deno.writeTextFile(files.syntax, "openapi: 3.1.0\ninfo: [\n");
  await Deno.writeTextFile(files.policy, "rules: 42\n");
  await Deno.writeTextFile(files.ignore, "just: a mapping\n");
  return files;
}

async function check(rows: Row[]): Promise<void> {
  for (const row of rows) {
    const r = await spawnOatool(["--color", "never", ...row.args], { permissions: row.permissions });
    assert.equal(r.code, row.code, `${row.why}: oatool ${row.args.join(" ")}\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, `${row.why}: no internal error, no stack`);
    if (row.code === 2) assert.match(r.stderr, /^oatool /, `${row.why}: one clear message`);
  }
}

/** Read access to the checkout only: reading anything else is refused by Deno's permission flags. */
const ONLY_ROOT = PERMISSIONS.map((p) => p === "--allow-read" ? `--allow-read=${ROOT}` : p);

Deno.test("validate exits 0 valid, 1 invalid (findings, syntax, version), 2 could not validate", async () => {
  await withTempDir(async (dir) => {
    const f = await fixtures(dir);
    await check([
      { args: ["validate", "-q", PETSTORE], code: 0, why: "a valid document" },
      { args: ["validate", "-q", "testdata/validator/invalid.yaml"], code: 1, why: "an invalid document" },
      { args: ["validate", "-q", f.syntax], code: 1, why: "a YAML syntax error is an invalid document" },
      { args: ["validate", "-q", MISSING], code: 2, why: "a missing input" },
      { args: ["validate", "-q", "--bogus", PETSTORE], code: 2, why: "an unknown flag" },
      { args: ["validate", "-q", "--format", "bogus", PETSTORE], code: 2, why: "a bad flag value" },
      { args: ["validate", "-q", "--config", f.policy, PETSTORE], code: 2, why: "a bad policy file" },
      { args: ["validate", "-q", "--config", MISSING, PETSTORE], code: 2, why: "a missing policy file" },
      {
        args: ["validate", "-q", f.outside],
        code: 2,
        why: "reading refused by a permission",
        permissions: ONLY_ROOT,
      },
    ]);
  });
});

Deno.test("diff exits 0 same, 1 differences or breaking, 2 could not compare", async () => {
  await withTempDir(async (dir) => {
    const f = await fixtures(dir);
    const base = "testdata/diff/base.yaml", breaking = "testdata/diff/breaking.yaml";
    await check([
      { args: ["diff", PETSTORE, PETSTORE], code: 0, why: "no differences" },
      { args: ["diff", "--breaking", base, breaking], code: 1, why: "breaking changes" },
      { args: ["diff", base, breaking], code: 1, why: "differences" },
      { args: ["diff", "--breaking", base, MISSING], code: 2, why: "a missing input" },
      { args: ["diff", f.syntax, PETSTORE], code: 2, why: "an input that is not YAML" },
      { args: ["diff", "--bogus", base, breaking], code: 2, why: "an unknown flag" },
      { args: ["diff", "--fail-on", "LOUD", base, breaking], code: 2, why: "a bad flag value" },
      { args: ["diff", "--deprecation-days", "soon", base, breaking], code: 2, why: "a bad number" },
      { args: ["diff", base], code: 2, why: "one document" },
      { args: ["diff", "--ignore", f.ignore, base, breaking], code: 2, why: "a bad ignore file" },
      { args: ["diff", "--ignore", MISSING, base, breaking], code: 2, why: "a missing ignore file" },
      {
        args: ["diff", PETSTORE, f.outside],
        code: 2,
        why: "reading refused by a permission",
        permissions: ONLY_ROOT,
      },
    ]);
  });
});

Deno.test("deno task oatool resolves relative paths against the folder it was run from (INIT_CWD)", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "task",
      "--quiet",
      "--config",
      `${ROOT}deno.json`,
      "oatool",
      "validate",
      "-q",
      "petstore-3.0.yaml",
    ],
    cwd: `${ROOT}testdata/petstore`,
    // Without the INIT_CWD of a task this test may run under (deno task test), which deno task would keep.
    clearEnv: true,
    env: { ...withoutInitCwd(Deno.env.toObject()), NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  assert.match(new TextDecoder().decode(out.stdout), /petstore-3\.0\.yaml is valid/);
});

function withoutInitCwd(env: Record<string, string>): Record<string, string> {
  const { INIT_CWD: _, ...rest } = env;
  return rest;
}

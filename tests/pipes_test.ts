/**
 * Quiet pipes (issue 32): when the reader of standard output goes away (`oatool … | head -1`), every command ends
 * quietly with exit code 0, as grep and jq do, and says nothing on standard error: no "Broken pipe", no
 * internal error. Each run's standard output is closed by the reader before the command writes, so its first
 * write finds the pipe gone. (`mcp` is left out: it writes only answers to a client on standard input.)
 */
import assert from "node:assert/strict";
import { PERMISSIONS, ROOT, withTempDir } from "./_spawn.ts";
import { commands } from "../src/cli/commands.ts";

const PET = "testdata/petstore/petstore-3.0.yaml";

/** Runs `oatool <args>` as spawnOatool does, with a reader of standard output that closes at once. */
async function runIntoClosedPipe(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}cli.ts`, ...args],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  await child.stdout.cancel(); // the reader closes early: nothing of the output is read
  const [status, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
  return { code: status.code, stderr };
}

/** Every command that writes to standard output, quiet where it has -q so that standard error stays empty. */
function runs(dir: string): string[][] {
  const walks = ["operations", "schemas", "parameters", "responses", "headers", "security", "paths", "refs"];
  return [
    ["validate", "-q", PET],
    ["validate", "-q", "testdata/validator/invalid.yaml"],
    ["validate", "-q", "--format", "json", PET, "testdata/petstore/petstore-3.1.yaml"],
    ["fix", "-q", PET],
    ["parse", "-q", PET],
    ["convert", "-q", "-t", "3.1", PET],
    ["bundle", "-q", PET],
    ["join", "-o", "-", `${dir}/a.yaml`, `${dir}/b.yaml`],
    ["overlay", "apply", "-q", "-s", "testdata/overlay/petstore.yaml", "testdata/overlay/overlay-1.0.yaml"],
    ["overlay", "validate", "testdata/overlay/overlay-1.0.yaml"],
    ...walks.map((kind) => ["walk", kind, "-q", "testdata/walk/v30.yaml"]),
    ["graph", "testdata/graph/v30.yaml"],
    ["graph", "--format", "svg", "--focus", "User", "testdata/graph/v30.yaml"],
    ["generate", "-o", `${dir}/gen`, PET],
    ["diff", "testdata/diff/base.yaml", "testdata/diff/breaking.yaml"],
    ["diff", "--breaking", "--format", "markdown", "testdata/diff/base.yaml", "testdata/diff/breaking.yaml"],
    ["diff", "--list-checks"],
    ["config", "schema"],
    ...(commands.some((c) => c.name === "completion") ? [["completion", "bash"]] : []),
    ["version"],
    ["help"],
    ["help", "diff"],
    ["walk", "--help"],
  ];
}

Deno.test("a closed standard output ends every command quietly with exit 0", async () => {
  await withTempDir(async (dir) => {
    const covered = new Set(runs(dir).map((args) => args[0]));
    for (const { name } of commands) {
      if (name !== "mcp") assert.ok(covered.has(name), `a pipe run of ${name}`);
    }
    for (const name of ["a", "b"]) {
      await Deno.writeTextFile(
        `${dir}/${name}.yaml`,
        `openapi: 3.1.0\ninfo: {title: ${name}, version: "1"}\npaths:\n  /${name}:\n    get:\n` +
          `      responses: {"200": {description: ok}}\n`,
      );
    }
    for (const args of runs(dir)) {
      const r = await runIntoClosedPipe(args);
      const what = `oatool ${args.join(" ")}`;
      assert.doesNotMatch(r.stderr, /broken pipe|os error|internal error/i, what);
      assert.equal(r.stderr, "", `${what}: nothing on standard error`);
      assert.equal(r.code, 0, what);
    }
  });
});

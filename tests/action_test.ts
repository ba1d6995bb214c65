/**
 * The GitHub Action (action.yml): parsed as GitHub reads it, and its shell steps run in bash the way a runner runs
 * them (`bash --noprofile --norc -eo pipefail`, inputs through `env`, outputs through GITHUB_OUTPUT) against a
 * stand-in release folder given as a file:// `release-url`. A binary that does not match SHA256SUMS is refused.
 * The recipes of docs/ci.md parse, and the oatool commands they run are commands with flags oatool declares.
 */
import assert from "node:assert/strict";
import { load } from "js-yaml";
import { TARGETS } from "../scripts/compile.ts";
import { commands } from "../src/cli/commands.ts";
import { parseFlags } from "../src/cli/flags.ts";
import type { Command } from "../src/cli/types.ts";
import { ROOT } from "./_spawn.ts";

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  "working-directory"?: string;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = load(await Deno.readTextFile(`${ROOT}action.yml`)) as Action;

/** The runner's names for this machine (what RUNNER_OS and RUNNER_ARCH say on GitHub). */
const RUNNER_OS =
  ({ linux: "Linux", darwin: "macOS", windows: "Windows" } as Record<string, string>)[Deno.build.os];
const RUNNER_ARCH = Deno.build.arch === "x86_64" ? "X64" : "ARM64";
const HOST_FILE = Object.values(TARGETS).find((f) =>
  f.startsWith(`oatool-${RUNNER_OS === "macOS" ? "macos" : RUNNER_OS?.toLowerCase()}-`) &&
  f.includes(RUNNER_ARCH === "X64" ? "x64" : "arm64")
);
const unsupported = Deno.build.os === "windows" || HOST_FILE === undefined;

/** Evaluates the expressions the action uses: `${{ inputs.x }}` and `${{ steps.y.outputs.z }}`. */
function expand(
  text: string,
  inputs: Record<string, string>,
  outputs: Record<string, Record<string, string>>,
) {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    let m = /^inputs\.([\w-]+)$/.exec(expr);
    if (m) return inputs[m[1]] ?? action.inputs[m[1]]?.default ?? "";
    m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (m) return outputs[m[1]]?.[m[2]] ?? "";
    throw new Error(`action.yml: an expression this test does not evaluate: ${expr}`);
  });
}

interface StepRun {
  code: number;
  log: string;
  outputs: Record<string, Record<string, string>>;
  path: string[];
}

/** Runs the action's steps in order, as a runner would, until one fails. */
async function runAction(
  inputs: Record<string, string>,
  options: { env?: Record<string, string>; cwd: string; tmp: string },
): Promise<StepRun> {
  const outputs: Record<string, Record<string, string>> = {};
  const pathFile = `${options.tmp}/github_path`;
  await Deno.writeTextFile(pathFile, "");
  let log = "";
  for (const step of action.runs.steps) {
    const outFile = await Deno.makeTempFile({ dir: options.tmp });
    const script = await Deno.makeTempFile({ dir: options.tmp, suffix: ".sh" });
    await Deno.writeTextFile(script, step.run!);
    const env: Record<string, string> = {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      RUNNER_OS: RUNNER_OS!,
      RUNNER_ARCH,
      RUNNER_TEMP: options.tmp,
      GITHUB_OUTPUT: outFile,
      GITHUB_PATH: pathFile,
      ...options.env,
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, inputs, outputs);
    const wd = expand(step["working-directory"] ?? ".", inputs, outputs);
    const out = await new Deno.Command("bash", {
      args: ["--noprofile", "--norc", "-eo", "pipefail", script],
      cwd: `${options.cwd}/${wd}`,
      env,
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    log += new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    outputs[step.id!] = Object.fromEntries(
      (await Deno.readTextFile(outFile)).split("\n").filter((l) => l.includes("=")).map((l) => {
        const i = l.indexOf("=");
        return [l.slice(0, i), l.slice(i + 1)];
      }),
    );
    if (out.code !== 0) {
      return {
        code: out.code,
        log,
        outputs,
        path: (await Deno.readTextFile(pathFile)).split("\n").filter(Boolean),
      };
    }
  }
  return { code: 0, log, outputs, path: (await Deno.readTextFile(pathFile)).split("\n").filter(Boolean) };
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A stand-in release folder: the host's binary is a script that prints its arguments one a line (then exits with
 * $STANDIN_EXIT), and SHA256SUMS lists it and the other targets' files, as the release workflow writes it.
 */
async function standInRelease(dir: string, binary?: string): Promise<void> {
  const text = binary ??
    `#!/bin/sh\nfor a in "$@"; do printf '[%s]\\n' "$a"; done\nexit "\${STANDIN_EXIT:-0}"\n`;
  const lines: string[] = [];
  for (const name of Object.values(TARGETS)) {
    const bytes = new TextEncoder().encode(name === HOST_FILE ? text : `not ${name}\n`);
    await Deno.writeFile(`${dir}/${name}`, bytes);
    lines.push(`${await sha256(bytes)}  ${name}`);
  }
  await Deno.writeTextFile(`${dir}/SHA256SUMS`, lines.join("\n") + "\n");
}

async function fixture() {
  const tmp = await Deno.makeTempDir({ prefix: "oatool-action-" });
  const release = `${tmp}/release`;
  const work = `${tmp}/work`;
  await Deno.mkdir(release);
  await Deno.mkdir(`${work}/api`, { recursive: true });
  const runnerTemp = `${tmp}/runner`;
  await Deno.mkdir(runnerTemp);
  return { tmp, release, work, runnerTemp, url: `file://${release}` };
}

Deno.test("action.yml: a composite action whose inputs reach its scripts only through env", () => {
  assert.equal(action.runs.using, "composite");
  assert.equal(action.inputs.args.required, true);
  assert.equal(action.inputs.version.default, "latest");
  for (const name of ["working-directory", "output-file", "repository", "release-url"]) {
    assert.ok(action.inputs[name], `input ${name}`);
  }
  assert.match(action.outputs["exit-code"].value, /^\$\{\{ steps\.run\.outputs\.exit-code \}\}$/);
  for (const step of action.runs.steps) {
    assert.equal(step.shell, "bash", `${step.id} runs in bash`);
    assert.ok(step.id && step.run, "every step has an id and a script");
    // Expressions inside a script would be pasted into it (a shell injection): only env and folders hold them.
    assert.doesNotMatch(step.run!, /\$\{\{/, `${step.id}: no expression in the script`);
  }
});

Deno.test("action.yml: the binary names it downloads are scripts/compile.ts's TARGETS", () => {
  const script = action.runs.steps.find((s) => s.id === "install")!.run!;
  const names = [...script.matchAll(/\) file=(\S+) ;;/g)].map((m) => m[1]);
  assert.deepEqual([...names].sort(), Object.values(TARGETS).sort());
});

Deno.test({
  name: "action.yml: downloads, checks and runs the binary; the args split as a shell splits them",
  ignore: unsupported,
  fn: async () => {
    const f = await fixture();
    await standInRelease(f.release);
    const args = `validate --format sarif "my api.yaml" 'it''s' a\\ b`;
    const ok = await runAction({ args, "release-url": f.url }, { cwd: f.work, tmp: f.runnerTemp });
    assert.equal(ok.code, 0, ok.log);
    assert.match(ok.log, /\[validate\]\n\[--format\]\n\[sarif\]\n\[my api\.yaml\]\n\[its\]\n\[a b\]\n/);
    assert.match(ok.log, new RegExp(`${HOST_FILE} from file://\\S+ matches SHA256SUMS`));
    assert.equal(ok.outputs.run["exit-code"], "0");
    const bin = ok.outputs.install.path;
    assert.ok(bin.endsWith("/bin/oatool"), bin);
    assert.deepEqual(ok.path, [bin.slice(0, -"/oatool".length)], "the binary's folder is put on PATH");

    // oatool's exit code is the step's and the output's; output-file takes standard output, in working-directory.
    const inApi = await runAction(
      {
        args: "diff --breaking a.yaml b.yaml",
        "working-directory": "api",
        "output-file": "report.md",
        "release-url": f.url,
      },
      { cwd: f.work, tmp: f.runnerTemp, env: { STANDIN_EXIT: "1" } },
    );
    assert.equal(inApi.code, 1, inApi.log);
    assert.equal(inApi.outputs.run["exit-code"], "1");
    assert.equal(
      await Deno.readTextFile(`${f.work}/api/report.md`),
      "[diff]\n[--breaking]\n[a.yaml]\n[b.yaml]\n",
    );
    await Deno.remove(f.tmp, { recursive: true });
  },
});

Deno.test({
  name: "action.yml: a tampered binary, or one SHA256SUMS does not list, is refused and never run",
  ignore: unsupported,
  fn: async () => {
    const f = await fixture();
    await standInRelease(f.release);
    const marker = `${f.tmp}/ran`;
    // The tampered binary would leave a marker file if it ran.
    await Deno.writeTextFile(`${f.release}/${HOST_FILE}`, `#!/bin/sh\ntouch "${marker}"\n`);
    const tampered = await runAction({ args: "version", "release-url": f.url }, {
      cwd: f.work,
      tmp: f.runnerTemp,
    });
    assert.equal(tampered.code, 1, tampered.log);
    assert.match(
      tampered.log,
      new RegExp(
        `::error title=oatool action::${HOST_FILE} from file://\\S+ has SHA-256 [0-9a-f]{64}, but ` +
          `SHA256SUMS says [0-9a-f]{64}; refusing to run it\\.`,
      ),
    );
    assert.equal(tampered.outputs.install.path, undefined);
    assert.equal(tampered.outputs.run, undefined, "the run step is not reached");
    assert.deepEqual(tampered.path, []);
    await assert.rejects(Deno.stat(marker));

    await standInRelease(f.release);
    const sums = await Deno.readTextFile(`${f.release}/SHA256SUMS`);
    await Deno.writeTextFile(
      `${f.release}/SHA256SUMS`,
      sums.split("\n").filter((l) => !l.endsWith(` ${HOST_FILE}`)).join("\n"),
    );
    const unlisted = await runAction({ args: "version", "release-url": f.url }, {
      cwd: f.work,
      tmp: f.runnerTemp,
    });
    assert.equal(unlisted.code, 1);
    assert.match(unlisted.log, new RegExp(`SHA256SUMS has no line for ${HOST_FILE}; refusing to run it\\.`));

    await Deno.remove(`${f.release}/SHA256SUMS`);
    const missing = await runAction({ args: "version", "release-url": f.url }, {
      cwd: f.work,
      tmp: f.runnerTemp,
    });
    assert.equal(missing.code, 1);
    assert.match(missing.log, /could not download file:\/\/\S+\/SHA256SUMS\./);
    await Deno.remove(f.tmp, { recursive: true });
  },
});

Deno.test({
  name: "action.yml: the GitHub release URL of a version and of latest; runners without a binary; bad args",
  ignore: unsupported,
  fn: async () => {
    const f = await fixture();
    // A curl that records the URL it was asked for and fails, so nothing is fetched from the network.
    const shim = `${f.tmp}/shim`;
    await Deno.mkdir(shim);
    await Deno.writeTextFile(
      `${shim}/curl`,
      `#!/bin/sh\nfor a; do u="$a"; done\necho "curl $u" >&2\nexit 22\n`,
    );
    await Deno.chmod(`${shim}/curl`, 0o755);
    const env = { PATH: `${shim}:${Deno.env.get("PATH")}` };
    const pinned = await runAction(
      { args: "version", version: "v0.1.0", repository: "octo/oatool" },
      { cwd: f.work, tmp: f.runnerTemp, env },
    );
    assert.match(
      pinned.log,
      /curl https:\/\/github\.com\/octo\/oatool\/releases\/download\/v0\.1\.0\/SHA256SUMS/,
    );
    const latest = await runAction(
      { args: "version" },
      { cwd: f.work, tmp: f.runnerTemp, env: { ...env, GITHUB_ACTION_REPOSITORY: "octo/oatool" } },
    );
    assert.match(
      latest.log,
      /curl https:\/\/github\.com\/octo\/oatool\/releases\/latest\/download\/SHA256SUMS/,
    );

    const bsd = await runAction(
      { args: "version", "release-url": f.url },
      { cwd: f.work, tmp: f.runnerTemp, env: { RUNNER_OS: "FreeBSD" } },
    );
    assert.equal(bsd.code, 1);
    assert.match(bsd.log, /no oatool binary for FreeBSD (X64|ARM64)/);

    await standInRelease(f.release);
    for (const args of ["  ", `validate "api.yaml`]) {
      const bad = await runAction({ args, "release-url": f.url }, { cwd: f.work, tmp: f.runnerTemp });
      assert.equal(bad.code, 2, bad.log);
      assert.equal(bad.outputs.run["exit-code"], "2");
      assert.match(bad.log, /::error title=oatool action::the input args (is empty|could not be split)/);
    }
    await Deno.remove(f.tmp, { recursive: true });
  },
});

Deno.test({
  name: "action.yml: runs the real oatool (a wrapper around cli.ts) and passes its exit code on",
  ignore: unsupported,
  fn: async () => {
    const f = await fixture();
    await standInRelease(
      f.release,
      `#!/bin/sh\nexec "${Deno.execPath()}" run --quiet --allow-read --allow-write --allow-net "${ROOT}cli.ts" "$@"\n`,
    );
    await Deno.writeTextFile(`${f.work}/api/bad.yaml`, "openapi: 3.1.0\ninfo: {title: t}\npaths: {}\n");
    const run = await runAction(
      { args: "validate --format sarif api/bad.yaml", "output-file": "oatool.sarif", "release-url": f.url },
      { cwd: f.work, tmp: f.runnerTemp },
    );
    assert.equal(run.code, 1, run.log);
    assert.equal(run.outputs.run["exit-code"], "1");
    const sarif = JSON.parse(await Deno.readTextFile(`${f.work}/oatool.sarif`));
    assert.equal(sarif.version, "2.1.0");
    assert.ok(sarif.runs[0].results.length > 0);
    await Deno.remove(f.tmp, { recursive: true });
  },
});

/** Splits `args` as xargs does (enough for the recipes: quotes, no backslashes). */
function words(args: string): string[] {
  return [...args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

async function findCommand(path: string[]): Promise<{ command: Command; rest: string[] }> {
  const entry = commands.find((c) => c.name === path[0]);
  assert.ok(entry, `docs/ci.md runs oatool ${path[0]}, which is not a command`);
  let command = await entry.load();
  let rest = path.slice(1);
  while (command.subcommands?.length) {
    const sub = command.subcommands.find((c) => c.name === rest[0]);
    assert.ok(sub, `oatool ${command.name} ${rest[0]} is not a subcommand`);
    command = sub;
    rest = rest.slice(1);
  }
  return { command, rest };
}

Deno.test("docs/ci.md: every recipe parses, uses the action, and runs commands with declared flags", async () => {
  const text = await Deno.readTextFile(`${ROOT}docs/ci.md`);
  const blocks = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length >= 4, `${blocks.length} recipes`);
  const runs: string[] = [];
  let sarif = false;
  let comment = false;
  for (const block of blocks) {
    const wf = load(block) as { on: unknown; jobs: Record<string, { steps: Step[] }> };
    assert.ok(wf.on && wf.jobs, "a recipe is a whole workflow");
    for (const step of Object.values(wf.jobs).flatMap((j) => j.steps)) {
      if (/^[\w-]+\/[\w-]+@/.test(step.uses ?? "") && step.with?.args !== undefined) {
        runs.push(step.with.args);
      }
      if (step.uses?.startsWith("github/codeql-action/upload-sarif@")) sarif = true;
      if (/gh pr comment|createComment/.test(step.run ?? step.with?.script ?? "")) comment = true;
      // Later steps call `oatool` from PATH, as the action leaves it.
      for (const m of (step.run ?? "").matchAll(/^\s*oatool ([^\n]+)$/gm)) runs.push(m[1]);
    }
  }
  assert.ok(sarif, "a recipe uploads SARIF to code scanning");
  assert.ok(comment, "a recipe comments on the pull request");
  const used = new Set<string>();
  for (const args of runs) {
    const w = words(args);
    const { command, rest } = await findCommand(w);
    used.add(w[0]);
    const parsed = parseFlags(rest, command.flags);
    assert.ok((command.minArgs ?? 0) <= parsed.args.length, `enough arguments: oatool ${args}`);
  }
  for (const c of ["validate", "diff", "overlay", "bundle"]) {
    assert.ok(used.has(c), `a recipe runs oatool ${c}`);
  }
});

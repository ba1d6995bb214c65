/**
 * Keeps the GitHub workflows honest: each parses; the release builds exactly the targets of scripts/compile.ts,
 * through scripts/compile.ts (so the binaries get its BINARY_PERMISSIONS and file names); every `deno` invocation
 * pins the README's Deno version; the release refuses a tag that is not deno.json's version; publishing uses OIDC.
 */
import assert from "node:assert/strict";
import { load } from "js-yaml";
import { BINARY_PERMISSIONS, TARGETS } from "../scripts/compile.ts";
import { ROOT } from "./_spawn.ts";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  "working-directory"?: string;
}
interface Job {
  steps: Step[];
  if?: string;
  permissions?: Record<string, string>;
  strategy?: unknown;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

async function workflow(file: string): Promise<Workflow> {
  const text = await Deno.readTextFile(`${ROOT}.github/workflows/${file}`);
  const data = load(text) as Workflow;
  assert.equal(typeof data.name, "string", `${file} has a name`);
  assert.ok(data.on && typeof data.on === "object", `${file} has triggers`);
  assert.ok(data.jobs && Object.keys(data.jobs).length > 0, `${file} has jobs`);
  for (const [id, job] of Object.entries(data.jobs)) {
    assert.ok(Array.isArray(job.steps) && job.steps.length > 0, `${file}: job ${id} has steps`);
  }
  return data;
}

/** The Deno version the README pins (`npx -y deno@X.Y.Z`). */
async function readmeDenoVersion(): Promise<string> {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const pins = [...readme.matchAll(/npx -y deno@(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
  assert.ok(pins.length > 0, "the README pins a Deno version");
  assert.equal(
    new Set(pins).size,
    1,
    `the README pins one Deno version, not ${[...new Set(pins)].join(", ")}`,
  );
  return pins[0];
}

/** The commands a `run:` script invokes `deno` with (`deno …` or `npx -y deno@V …`), one per invocation. */
function denoInvocations(script: string): { pinned?: string; command: string }[] {
  const out: { pinned?: string; command: string }[] = [];
  const joined = script.replace(/\\\n/g, " ");
  for (
    const m of joined.matchAll(/(?:^|[\s;&|(`$])(?:npx(?:\s+-y)?\s+deno@(\S+)|deno)(?=\s|$)([^\n;&|)]*)/g)
  ) {
    out.push({ pinned: m[1], command: m[2].trim() });
  }
  return out;
}

const FILES = ["release.yml", "ci.yml", "publish.yml"];

Deno.test("workflows: every deno invocation runs the README's Deno version", async () => {
  const version = await readmeDenoVersion();
  let invocations = 0;
  for (const file of FILES) {
    const wf = await workflow(file);
    for (const [id, job] of Object.entries(wf.jobs)) {
      let setUp: string | undefined;
      for (const step of job.steps) {
        if (step.uses?.startsWith("denoland/setup-deno@")) {
          setUp = String(step.with?.["deno-version"] ?? "");
          assert.equal(
            setUp,
            version,
            `${file}: job ${id} sets up Deno ${setUp}, the README says ${version}`,
          );
        }
        for (const call of denoInvocations(step.run ?? "")) {
          invocations++;
          if (call.pinned !== undefined) {
            assert.equal(call.pinned, version, `${file}: job ${id}: npx deno@${call.pinned}`);
          } else {
            assert.equal(
              setUp,
              version,
              `${file}: job ${id} runs "deno ${call.command}" without setting up Deno`,
            );
          }
        }
        if (step.run?.includes(".ci/run")) {
          const script = await Deno.readTextFile(`${ROOT}.ci/run`);
          const pins = [...script.matchAll(/deno@(\S+)/g)].map((m) => m[1]);
          assert.ok(pins.length > 0, ".ci/run pins Deno");
          for (const pin of pins) assert.equal(pin, version, `.ci/run runs deno@${pin}`);
        }
      }
    }
  }
  assert.ok(invocations >= 6, `found ${invocations} deno invocations`);
});

Deno.test("workflows: the release builds exactly scripts/compile.ts's targets, through scripts/compile.ts", async () => {
  const wf = await workflow("release.yml");
  assert.deepEqual(wf.on, { push: { tags: ["v*"] } });
  assert.equal(wf.permissions?.contents, "write");
  const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
  const builds = steps.filter((s) => /\bdeno task compile\b/.test(s.run ?? ""));
  assert.equal(builds.length, 1, "one build step runs deno task compile");
  const targets = [...builds[0].run!.matchAll(/--target[ =](\S+)/g)].map((m) => m[1]);
  assert.deepEqual(
    [...targets].sort(),
    Object.keys(TARGETS).sort(),
    "the release's targets are compile.ts's",
  );
  assert.equal(new Set(targets).size, targets.length, "no target twice");
  // The deno.json task is the script, so the binaries get BINARY_PERMISSIONS, TARGETS' names and the stamp.
  const denoJson = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.match(denoJson.tasks.compile, /\bscripts\/compile\.ts$/);
  // Nothing else compiles with flags of its own.
  for (const s of steps) {
    assert.doesNotMatch(s.run ?? "", /\bdeno compile\b/, "only scripts/compile.ts compiles");
  }
  const all = steps.map((s) => s.run ?? "").join("\n");
  assert.match(all, /sha256sum \$\{names\} > SHA256SUMS/);
  assert.match(
    all,
    /import \{ TARGETS \} from "\.\.\/scripts\/compile\.ts"/,
    "SHA256SUMS lists TARGETS' files",
  );
  assert.match(all, /gh release (create|upload)/);
});

Deno.test("workflows: the binaries' permission flags are the ones scripts/compile.ts declares", async () => {
  // Every permission flag a workflow passes to deno (run, install, compile of oatool) is one of the binary's.
  const grants = new Set(BINARY_PERMISSIONS);
  for (const file of FILES) {
    const wf = await workflow(file);
    for (const step of Object.values(wf.jobs).flatMap((j) => j.steps)) {
      for (const call of denoInvocations(step.run ?? "")) {
        if (
          !/^(run|install|compile)\b/.test(call.command) || !/cli\.ts|jsr:@oatool\/cli/.test(call.command)
        ) continue;
        const flags = call.command.split(/\s+/).filter((w) => /^--(allow|deny|ignore)-|^-A$/.test(w));
        assert.deepEqual(new Set(flags), grants, `${file}: ${call.command}`);
      }
    }
  }
  // compile.ts passes exactly BINARY_PERMISSIONS to deno compile, and never -A.
  const script = await Deno.readTextFile(`${ROOT}scripts/compile.ts`);
  assert.match(script, /args: \["compile", \.\.\.BINARY_PERMISSIONS, "--target"/);
  assert.ok(
    !BINARY_PERMISSIONS.some((f) => f === "-A" || f === "--allow-all" || f.startsWith("--allow-run")),
  );
  // The README's `deno install` grants what the binaries are granted, no more and no less.
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const install = /^deno install [^\n]*jsr:@oatool\/cli[^\n]*$/m.exec(readme);
  assert.ok(install, "the README has a deno install command");
  const short: Record<string, string> = { "-R": "--allow-read", "-W": "--allow-write", "-N": "--allow-net" };
  const given = install[0].split(/\s+/).map((w) => short[w] ?? w).filter((w) => w.startsWith("--allow-"));
  assert.deepEqual(new Set(given), new Set(BINARY_PERMISSIONS.filter((f) => f.startsWith("--allow-"))));
});

Deno.test("workflows: the release refuses a tag that is not deno.json's version, with a clear message", async () => {
  const wf = await workflow("release.yml");
  const step = Object.values(wf.jobs).flatMap((j) => j.steps).find((s) =>
    /version is the tag/.test(s.name ?? "")
  );
  assert.ok(step?.run, "the release has the version check step");
  const version = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)).version as string;
  const check = async (tag: string) => {
    const out = await new Deno.Command("bash", {
      // `deno` in the step is this test's Deno (a shell function, so PATH need not be read).
      args: ["-e", "-c", `deno() { "$OATOOL_TEST_DENO" "$@"; }\n${step.run!}`],
      cwd: ROOT,
      env: { GITHUB_REF_NAME: tag, OATOOL_TEST_DENO: Deno.execPath(), NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    return {
      code: out.code,
      text: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
    };
  };
  const good = await check(`v${version}`);
  assert.equal(good.code, 0, good.text);
  assert.match(good.text, new RegExp(`version ${version.replaceAll(".", "\\.")} is the tag`));
  const bad = await check("v99.0.0");
  assert.equal(bad.code, 1, bad.text);
  assert.match(
    bad.text,
    new RegExp(
      `^::error file=deno\\.json::deno\\.json has version ${version.replaceAll(".", "\\.")} but the tag ` +
        `is v99\\.0\\.0; set "version": "99\\.0\\.0" in deno\\.json`,
    ),
  );
});

Deno.test("workflows: CI runs .ci/run and deno task ok on pushes and pull requests", async () => {
  const wf = await workflow("ci.yml");
  assert.ok("push" in wf.on && "pull_request" in wf.on);
  const runs = Object.values(wf.jobs).flatMap((j) => j.steps).map((s) => s.run ?? "");
  assert.ok(runs.some((r) => r.trim() === ".ci/run"));
  assert.ok(runs.some((r) => r.trim() === "deno task ok"));
  assert.equal((await Deno.stat(`${ROOT}.ci/run`)).mode! & 0o111, 0o111, ".ci/run is executable");
});

Deno.test("workflows: publishing runs deno publish with OIDC after a successful release, no token", async () => {
  const release = await workflow("release.yml");
  const wf = await workflow("publish.yml");
  const trigger = wf.on.workflow_run as { workflows: string[]; types: string[] };
  assert.deepEqual(trigger, { workflows: [release.name], types: ["completed"] });
  assert.equal(wf.permissions?.["id-token"], "write");
  const [job] = Object.values(wf.jobs);
  assert.match(job.if ?? "", /workflow_run\.conclusion == 'success'/);
  assert.ok(job.steps.some((s) => s.run?.trim() === "deno publish"));
  const text = await Deno.readTextFile(`${ROOT}.github/workflows/publish.yml`);
  assert.doesNotMatch(text, /secrets\.|--token/);
});

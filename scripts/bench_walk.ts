/**
 * Whole-process benchmark of `oatool walk`: every query on GitHub's REST description against `oatool parse -q` on
 * the same document, in the same run (target: each at most 1.5× parse -q).
 *
 *   deno run -A scripts/bench_walk.ts [--github path/to/api.github.com.json] [--dir /tmp/oatool-bench] [--runs 5]
 *
 * Without --github, GitHub's description (npm package @octokit/openapi) is installed into the work folder.
 * Figures are medians of several runs; ratios are what matter (the machine is shared).
 *
 * @module
 */
import { join } from "node:path";
import { exists, npmInstall, oatoolCommand, parseBenchArgs, timeCommand, workDir } from "./_bench.ts";

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["github"] });
let github = values.github;
if (github === undefined) {
  const dir = await workDir(given, "oatool-bench-");
  await npmInstall(dir, ["@octokit/openapi"]);
  github = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
}
if (!await exists(github)) {
  throw new Error(`${github} does not exist; give GitHub's description with --github.`);
}

const time = async (args: string[]): Promise<number> =>
  (await timeCommand(oatoolCommand(args, { quiet: true }), runs, { stdout: "null" })).ms;
const row = (label: string, ms: number, base?: number) =>
  console.log(
    `${label.padEnd(64)} ${ms.toFixed(0).padStart(6)} ms${base ? `   ${(ms / base).toFixed(2)}×` : ""}`,
  );

console.log(`runs per figure: ${runs} (median), machine: ${navigator.hardwareConcurrency} cores\n`);
const base = await time(["parse", "-q", github]);
row("oatool parse -q api.github.com.json (baseline)", base);
const queries: string[][] = [
  ["operations"],
  ["operations", "--group-by", "tag"],
  ["schemas"],
  ["schemas", "--group-by", "type"],
  ["parameters"],
  ["parameters", "--in", "query"],
  ["responses", "--status", "4xx"],
  ["headers"],
  ["security"],
  ["paths"],
  ["refs"],
  ["refs", "--target", "#/components/schemas/*", "--detail"],
  ["operations", "--detail", "--limit", "5000"],
];
let worst = 0;
for (const q of queries) {
  const ms = await time(["walk", ...q, "-q", github]);
  worst = Math.max(worst, ms / base);
  row(`oatool walk ${q.join(" ")}`, ms, base);
}
console.log(`\nslowest query: ${worst.toFixed(2)}× parse -q (target ≤ 1.50×)`);

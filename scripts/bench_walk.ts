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
import { githubDescription, median, oatoolCommand, parseBenchArgs, run } from "./_bench.ts";

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["github"] });
const github = await githubDescription(values.github, given);

const command = (args: string[]) => oatoolCommand(args, { quiet: true });
/** Wall time of one run in ms (output discarded); throws when the run fails. */
async function once(args: string[]): Promise<number> {
  const r = await run(command(args), { stdout: "null" });
  if (r.code !== 0) throw new Error(`oatool ${args.join(" ")} failed (exit ${r.code}):\n${r.stderr}`);
  return r.ms;
}
const base = ["parse", "-q", github];

console.log(`runs per figure: ${runs} (median), machine: ${navigator.hardwareConcurrency} cores`);
console.log("each query is timed in turn with parse -q (pairs), so a busy machine slows both alike\n");
console.log(`${"".padEnd(58)} ${"walk".padStart(7)} ${"parse -q".padStart(9)}  ratio`);
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
  const args = ["walk", ...q, "-q", github];
  await once(args); // warm caches
  await once(base);
  const ms: number[] = [];
  const baseMs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const b = await once(base);
    const m = await once(args);
    baseMs.push(b);
    ms.push(m);
    ratios.push(m / b);
  }
  const ratio = median(ratios);
  worst = Math.max(worst, ratio);
  console.log(
    `${`oatool walk ${q.join(" ")}`.padEnd(58)} ${median(ms).toFixed(0).padStart(4)} ms ${
      median(baseMs).toFixed(0).padStart(6)
    } ms  ${ratio.toFixed(2)}×`,
  );
}
console.log(`\nslowest query: ${worst.toFixed(2)}× parse -q (median of per-pair ratios; target ≤ 1.50×)`);

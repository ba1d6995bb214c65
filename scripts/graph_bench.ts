/**
 * Whole-process benchmark of `oatool graph` on GitHub's REST description (issue 34's target: `graph --focus
 * repository --depth 1 --format svg` under 2 s), each command timed in turn with `oatool parse -q` on the same
 * document (pairs), so that a busy machine slows both alike; ratios are what matter on a shared machine.
 *
 *   deno run -A scripts/graph_bench.ts [--github path/to/api.github.com.json] [--dir /tmp/oatool-bench] [--runs 5]
 *
 * Without --github, GitHub's description (npm package @octokit/openapi) is installed into the work folder.
 *
 * @module
 */
import { githubDescription, median, oatoolCommand, parseBenchArgs, run } from "./_bench.ts";

const TARGET_MS = 2_000;

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["github"] });
const github = await githubDescription(values.github, given);

/** Wall time of one run in ms (output discarded); throws when the run fails with another code than `code`. */
async function once(args: string[], code = 0): Promise<number> {
  const r = await run(oatoolCommand(args, { quiet: true }), { stdout: "null" });
  if (r.code !== code) throw new Error(`oatool ${args.join(" ")} exited ${r.code}:\n${r.stderr}`);
  return r.ms;
}

const cases: { args: string[]; code?: number }[] = [
  { args: ["graph", "--focus", "repository", "--depth", "1", "--format", "svg", github] },
  { args: ["graph", "--focus", "repository", "--depth", "1", "--format", "mermaid", github] },
  { args: ["graph", "--focus", "repository", "--depth", "1", "--format", "html", github] },
  {
    args: ["graph", "--focus", "repos/get", "--depth", "2", "--direction", "out", "--format", "svg", github],
  },
  { args: ["graph", github], code: 1 },
];
const base = ["parse", "-q", github];

console.log(`runs per figure: ${runs} (median), machine: ${navigator.hardwareConcurrency} cores`);
console.log(`${"".padEnd(70)} ${"graph".padStart(7)} ${"parse -q".padStart(9)}  ratio`);
let first = 0;
for (const c of cases) {
  await once(c.args, c.code);
  const ms: number[] = [];
  const baseMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    ms.push(await once(c.args, c.code));
    baseMs.push(await once(base));
  }
  const m = median(ms);
  if (first === 0) first = m;
  const label = c.args.slice(0, -1).join(" ") + (c.code === undefined ? "" : " (refused)");
  console.log(
    `${label.padEnd(70)} ${m.toFixed(0).padStart(5)}ms ${median(baseMs).toFixed(0).padStart(7)}ms  ${
      (m / median(baseMs)).toFixed(2)
    }×`,
  );
}
console.log(
  `\n--focus repository --depth 1 --format svg: ${first.toFixed(0)} ms (target under ${TARGET_MS} ms): ${
    first < TARGET_MS ? "met" : "NOT met"
  }`,
);

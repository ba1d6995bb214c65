/**
 * Whole-process benchmark of `oatool generate --client --server` against `oatool validate` on GitHub's REST
 * description (13 MB), in the same run: the target is generation in at most 2× the time of validation. Each
 * figure is a median over `--runs` alternating validate/generate pairs after a warm-up pair. The document is read from /tmp/octo when it is
 * there, else installed with npm (@octokit/openapi) into the work folder.
 *
 *   deno run -A scripts/bench_generate.ts [--dir /tmp/oatool-bench-gen] [--runs 3]
 *
 * @module
 */
import { join } from "node:path";
import { exists, npmInstall, oatoolCommand, parseBenchArgs, run, workDir } from "./_bench.ts";

const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 3 });
const dir = await workDir(given, "oatool-bench-gen-");
const LOCAL_GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
let github = LOCAL_GITHUB;
if (!(await exists(LOCAL_GITHUB))) {
  await npmInstall(dir, ["@octokit/openapi"]);
  github = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
}
// Validate and generate alternate (a pair per run, after one warm-up pair) so that a change in the machine's
// load during the benchmark weighs on both alike; the ratio is the median of the pairs' ratios.
const validateCommand = oatoolCommand(["validate", "-q", github], { quiet: true });
const generateCommand = oatoolCommand(["generate", "--client", "--server", "-o", join(dir, "out"), github], {
  quiet: true,
});
const pairs: { validate: number; generate: number }[] = [];
for (let i = 0; i <= runs; i++) {
  const v = await run(validateCommand, { stdout: "null" });
  const g = await run(generateCommand, { stdout: "null" });
  if (v.code > 1 || g.code !== 0) {
    throw new Error(`a run failed (validate ${v.code}, generate ${g.code}): ${g.stderr}`);
  }
  if (i > 0) pairs.push({ validate: v.ms, generate: g.ms });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const validateMs = median(pairs.map((p) => p.validate));
const generateMs = median(pairs.map((p) => p.generate));
const ratio = median(pairs.map((p) => p.generate / p.validate));
console.log(`GitHub api.github.com.json, ${runs} alternating pairs (medians):`);
console.log(`  oatool validate:                    ${validateMs.toFixed(0)} ms`);
console.log(`  oatool generate --client --server:  ${generateMs.toFixed(0)} ms`);
const spread = pairs.map((p) => p.generate / p.validate).sort((a, b) => a - b);
console.log(
  `  ratio (median of pairs): ${ratio.toFixed(2)}× validate (pairs from ${spread[0].toFixed(2)}× to ${
    spread[spread.length - 1].toFixed(2)
  }×)`,
);
console.log(`  target ≤ 2× validate: ${ratio <= 2 ? "met" : "NOT met"}`);
if (given === undefined) await Deno.remove(dir, { recursive: true });

/**
 * Whole-process benchmark of `oatool generate --client --server` against `oatool validate` on GitHub's REST
 * description (13 MB), in the same run: the target is generation in at most 2× the time of validation. Each
 * figure is the median of `--runs` runs after a warm-up run. The document is read from /tmp/octo when it is
 * there, else installed with npm (@octokit/openapi) into the work folder.
 *
 *   deno run -A scripts/bench_generate.ts [--dir /tmp/oatool-bench-gen] [--runs 3]
 *
 * @module
 */
import { join } from "node:path";
import { exists, npmInstall, oatoolCommand, parseBenchArgs, timeCommand, workDir } from "./_bench.ts";

const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 3 });
const dir = await workDir(given, "oatool-bench-gen-");
const LOCAL_GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
let github = LOCAL_GITHUB;
if (!(await exists(LOCAL_GITHUB))) {
  await npmInstall(dir, ["@octokit/openapi"]);
  github = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
}
const validate = await timeCommand(oatoolCommand(["validate", "-q", github], { quiet: true }), runs, {
  okCodes: [0, 1],
  stdout: "null",
});
const generate = await timeCommand(
  oatoolCommand(["generate", "--client", "--server", "-o", join(dir, "out"), github], { quiet: true }),
  runs,
  { stdout: "null" },
);
const ratio = generate.ms / validate.ms;
console.log(`GitHub api.github.com.json, median of ${runs} runs:`);
console.log(`  oatool validate:                    ${validate.ms.toFixed(0)} ms`);
console.log(
  `  oatool generate --client --server:  ${generate.ms.toFixed(0)} ms  (${ratio.toFixed(2)}× validate)`,
);
console.log(`  target ≤ 2× validate: ${ratio <= 2 ? "met" : "NOT met"}`);
if (given === undefined) await Deno.remove(dir, { recursive: true });

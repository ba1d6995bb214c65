/**
 * Benchmark of `oatool fix` with every fix enabled against `oatool validate`, on GitHub's REST description
 * (`api.github.com.json`, 13 MB), measured in the same run: whole processes (median of `--runs` after a warm-up)
 * and, in-process, the library's `fix()` phases (load, fix, validate of the fixed document) against
 * `validate()`. The target: fix at most 1.5× validate's time. The description is taken from `--file`, else from
 * `/tmp/octo` when present, else `@octokit/openapi` is installed into a temporary folder (or `--dir`).
 *
 *   deno run -A scripts/bench_fix.ts [--file api.github.com.json] [--dir /tmp/oatool-bench] [--runs 5]
 *
 * @module
 */
import { join } from "node:path";
import { loadDocument } from "../src/core/mod.ts";
import { fix, type FixOptions } from "../src/fixer/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { exists, median, npmInstall, oatoolCommand, parseBenchArgs, timeCommand, workDir } from "./_bench.ts";

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["file"] });
const SHARED = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
let github = values.file ?? (await exists(SHARED) ? SHARED : undefined);
let dir = given;
if (github === undefined) {
  dir = await workDir(given, "oatool-bench-");
  await npmInstall(dir, ["@octokit/openapi"]);
  github = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
}

const ALL_FLAGS = [
  "--infer",
  "--fix-schema-names",
  "--stub-missing-refs",
  "--prune-all",
  "--fix-duplicate-operationids",
];
const ALL: FixOptions = {
  infer: true,
  fixSchemaNames: true,
  stubMissingRefs: true,
  pruneSchemas: true,
  prunePaths: true,
  fixDuplicateOperationIds: true,
};

console.log(`GitHub's description: ${github}, ${runs} runs after a warm-up`);
const v = await timeCommand(oatoolCommand(["validate", "-q", github], { quiet: true }), runs, {
  stdout: "null",
  okCodes: [0, 1],
});
const f = await timeCommand(oatoolCommand(["fix", "-q", ...ALL_FLAGS, github], { quiet: true }), runs, {
  stdout: "null",
  okCodes: [0, 1],
});
console.log(`process  oatool validate          ${v.ms.toFixed(0)} ms`);
console.log(
  `process  oatool fix (every fix)   ${f.ms.toFixed(0)} ms  (${(f.ms / v.ms).toFixed(2)}× validate)`,
);

// In-process: the phases, each a median.
const phases = {
  load: [] as number[],
  validate: [] as number[],
  fix: [] as number[],
  fixTotal: [] as number[],
};
for (let i = 0; i < runs + 1; i++) {
  const a = await loadDocument(github);
  const t0 = performance.now();
  await validate(a);
  const t1 = performance.now();
  const b = await loadDocument(github);
  const t2 = performance.now();
  const r = await fix(b, { ...ALL, inPlace: true });
  const t3 = performance.now();
  if (i === 0) {
    console.log(`         ${r.fixes.length} fixes, ${r.remainingErrors.length} errors remain`);
    continue;
  }
  phases.load.push(a.loadTimeMs);
  phases.validate.push(t1 - t0);
  phases.fix.push(r.fixTimeMs);
  phases.fixTotal.push(t3 - t2);
}
const m = (xs: number[]) => median(xs).toFixed(0);
console.log(
  `library  load ${m(phases.load)} ms; validate() ${m(phases.validate)} ms; fix() ${m(phases.fixTotal)} ms ` +
    `(fixing ${m(phases.fix)} ms + validating the result) = ${
      (median(phases.fixTotal) / median(phases.validate)).toFixed(2)
    }× validate()`,
);
if (dir !== undefined && given === undefined) await Deno.remove(dir, { recursive: true });

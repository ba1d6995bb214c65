/**
 * Whole-process benchmark of `oatool validate` against the validators API teams use today, side by side in one
 * run on GitHub's REST description (`api.github.com.json`, 13 MB, npm package @octokit/openapi):
 *
 * - `@apidevtools/swagger-parser` `validate()` (node),
 * - `@scalar/openapi-parser` `validate()` (node),
 * - `redocly lint` (`@redocly/cli`, node).
 *
 * Everything is installed with npm into a temporary folder (or the one given with `--dir`). Each figure is the
 * median of `--runs` runs after one warm-up run; peak memory is the maximum resident set size reported by
 * `/usr/bin/time -v` (left out when it is not installed). Ratios are what matter (the machine is shared).
 *
 *   deno run -A scripts/bench_validate.ts [--dir /tmp/oatool-bench] [--runs 5]
 *
 * @module
 */
import { join } from "node:path";
import { median, npmInstall, oatoolCommand, parseBenchArgs, run, timeCommand, workDir } from "./_bench.ts";

const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 5 });
const dir = await workDir(given, "oatool-bench-");
const PACKAGES = [
  "@octokit/openapi",
  "@apidevtools/swagger-parser",
  "@scalar/openapi-parser",
  "@redocly/cli",
];
await npmInstall(dir, PACKAGES);

const github = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
await Deno.writeTextFile(
  join(dir, "swagger_parser.mjs"),
  `import SwaggerParser from "@apidevtools/swagger-parser";
try { await SwaggerParser.validate(process.argv[2]); console.log("valid"); }
catch (e) { console.log("invalid:", String(e.message).slice(0, 200)); process.exitCode = 1; }
`,
);
await Deno.writeTextFile(
  join(dir, "scalar.mjs"),
  `import { validate } from "@scalar/openapi-parser";
import { readFileSync } from "node:fs";
const result = await validate(readFileSync(process.argv[2], "utf8"));
console.log(result.valid ? "valid" : "invalid: " + (result.errors ?? []).length + " errors");
if (!result.valid) process.exitCode = 1;
`,
);

let hasTime = false;
try {
  hasTime = (await run(["/usr/bin/time", "-v", "true"], { stdout: "null" })).code === 0;
} catch { /* not installed */ }

interface Figure {
  ms: number;
  rssMb?: number;
}

/** Median wall time and peak RSS of a command (exit codes 0 and 1 both count as a completed run). */
async function measure(cmd: string[]): Promise<Figure> {
  const timing = await timeCommand(hasTime ? ["/usr/bin/time", "-v", ...cmd] : cmd, runs, {
    cwd: dir,
    stdout: "null",
    okCodes: [0, 1],
  });
  const rss: number[] = [];
  for (const r of timing.runs) {
    const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
    if (m) rss.push(Number(m[1]) / 1024);
  }
  return { ms: timing.ms, rssMb: rss.length ? median(rss) : undefined };
}

const tools: [string, string[]][] = [
  ["oatool validate", oatoolCommand(["validate", "-q", github], { quiet: true })],
  ["@apidevtools/swagger-parser validate", ["node", join(dir, "swagger_parser.mjs"), github]],
  ["@scalar/openapi-parser validate", ["node", join(dir, "scalar.mjs"), github]],
  ["redocly lint", ["node", join(dir, "node_modules/@redocly/cli/bin/cli.js"), "lint", github]],
];

console.log(
  `api.github.com.json, ${runs} runs per figure (median), ${navigator.hardwareConcurrency} cores\n`,
);
const results: [string, Figure][] = [];
for (const [name, cmd] of tools) {
  const f = await measure(cmd);
  results.push([name, f]);
  console.log(
    `${name.padEnd(40)} ${f.ms.toFixed(0).padStart(6)} ms   ${
      f.rssMb === undefined ? "" : `${f.rssMb.toFixed(0)} MB peak RSS`
    }`,
  );
}
const [ours, ...others] = results;
const fastest = others.reduce((a, b) => (b[1].ms < a[1].ms ? b : a));
console.log(`\ntime vs oatool (others / oatool):`);
for (const [name, f] of others) console.log(`  ${name.padEnd(40)} ${(f.ms / ours[1].ms).toFixed(2)}×`);
console.log(
  `oatool / fastest (${fastest[0]}): ${(ours[1].ms / fastest[1].ms).toFixed(2)} (target ≤ 0.50)`,
);
if (ours[1].rssMb !== undefined) {
  const leanest = others.reduce((a, b) => ((b[1].rssMb ?? Infinity) < (a[1].rssMb ?? Infinity) ? b : a));
  console.log(`peak RSS vs oatool (others / oatool):`);
  for (const [name, f] of others) {
    console.log(`  ${name.padEnd(40)} ${((f.rssMb ?? 0) / ours[1].rssMb).toFixed(2)}×`);
  }
  console.log(
    `oatool / leanest (${leanest[0]}): ${(ours[1].rssMb / leanest[1].rssMb!).toFixed(2)} (target ≤ 1.00)`,
  );
}

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
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { parseFlags } from "../src/cli/flags.ts";
import { PERMISSIONS } from "../tests/cli_spawn_test.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const { flags } = parseFlags(Deno.args, [
  { name: "dir", type: "string", default: "", description: "" },
  { name: "runs", type: "string", default: "5", description: "" },
]);
const runs = Number(flags.runs);
const dir = (flags.dir as string) || await Deno.makeTempDir({ prefix: "oatool-bench-" });
const PACKAGES = [
  "@octokit/openapi",
  "@apidevtools/swagger-parser",
  "@scalar/openapi-parser",
  "@redocly/cli",
];

async function installed(): Promise<boolean> {
  for (const p of PACKAGES) {
    try {
      await Deno.stat(join(dir, "node_modules", p, "package.json"));
    } catch {
      return false;
    }
  }
  return true;
}

if (!await installed()) {
  console.error(`installing ${PACKAGES.join(", ")} into ${dir} …`);
  await Deno.writeTextFile(
    join(dir, "package.json"),
    '{"name":"oatool-bench","private":true,"type":"module"}',
  );
  const out = await new Deno.Command("npm", {
    args: ["install", "--no-audit", "--no-fund", "--silent", ...PACKAGES],
    cwd: dir,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error("npm install failed");
}

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
  hasTime =
    (await new Deno.Command("/usr/bin/time", { args: ["-v", "true"], stderr: "null" }).output()).success;
} catch { /* not installed */ }

interface Figure {
  ms: number;
  rssMb?: number;
}

/** Median wall time and peak RSS of a command (exit codes 0 and 1 both count as a completed run). */
async function measure(cmd: string[]): Promise<Figure> {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const [exe, ...args] = hasTime ? ["/usr/bin/time", "-v", ...cmd] : cmd;
    const t = performance.now();
    const out = await new Deno.Command(exe, { args, cwd: dir, stdout: "null", stderr: "piped" }).output();
    const dt = performance.now() - t;
    if (out.code !== 0 && out.code !== 1) {
      throw new Error(`${cmd.join(" ")} failed (exit ${out.code}): ${new TextDecoder().decode(out.stderr)}`);
    }
    if (i === 0) continue; // warm-up: file caches, Deno's module cache
    times.push(dt);
    const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(new TextDecoder().decode(out.stderr));
    if (m) rss.push(Number(m[1]) / 1024);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { ms: median(times), rssMb: rss.length ? median(rss) : undefined };
}

const deno = Deno.execPath();
const tools: [string, string[]][] = [
  ["oatool validate", [
    deno,
    "run",
    "--quiet",
    ...PERMISSIONS,
    join(root, "cli.ts"),
    "validate",
    "-q",
    github,
  ]],
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

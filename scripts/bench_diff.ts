/**
 * Benchmark of `oatool diff --breaking`, side by side in one run (issue 29's speed targets):
 *
 * - GitHub Enterprise Server 3.18 vs 3.19 (npm @octokit/openapi, ~10 MB each; the two newest ghes-*.json when
 *   those are gone): `oatool diff --breaking` against `redocly diff` (Redocly CLI 2, whose experimental `diff`
 *   rates each change major/minor/patch), both installed into the work folder by this script. Target: oatool's
 *   time at most 0.25× Redocly's.
 * - Linear growth: synthetic pairs (scripts/make_spec.ts) at 1×, 4× and 16× with a change in every tenth path
 *   and schema; whole-process time of `diff --breaking` and the library's comparison time alone
 *   (`stats.diffTimeMs`). Target: 16× the document within 18× the time.
 *
 * Each figure is the median of `--runs` runs after a warm-up run. Ratios are what matter (the machine is shared).
 *
 *   deno run -A scripts/bench_diff.ts [--dir /tmp/oatool-bench-diff] [--runs 3]
 *
 * @module
 */
import { join } from "node:path";
import { diff } from "../src/differ/mod.ts";
import { makeSpec } from "./make_spec.ts";
import { median, npmInstall, oatoolCommand, parseBenchArgs, run, timeCommand, workDir } from "./_bench.ts";

const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 3 });
const dir = await workDir(given, "oatool-bench-diff-");
await npmInstall(dir, ["@octokit/openapi", "@redocly/cli@2"]);

const generated = join(dir, "node_modules/@octokit/openapi/generated");
const ghes = [...Deno.readDirSync(generated)].map((e) => e.name).filter((n) =>
  /^ghes-\d+\.\d+\.json$/.test(n)
);
const byVersion = (n: string) => n.match(/\d+/g)!.map(Number);
ghes.sort((a, b) => byVersion(a)[0] - byVersion(b)[0] || byVersion(a)[1] - byVersion(b)[1]);
const pair = ghes.includes("ghes-3.18.json") && ghes.includes("ghes-3.19.json")
  ? ["ghes-3.18.json", "ghes-3.19.json"]
  : ghes.slice(-2);
const [older, newer] = pair.map((n) => join(generated, n));
const redocly = join(dir, "node_modules/.bin/redocly");
const quietRedocly = {
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
};
const redoclyVersion =
  (await run([redocly, "--version"], { env: quietRedocly })).stdout.trim().split("\n")[0];
if (!redoclyVersion.startsWith("2.")) {
  throw new Error(`Redocly CLI 2 is needed, ${redoclyVersion} is installed`);
}
const ok01 = { okCodes: [0, 1] };

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`${pair.join(" → ")}, median of ${runs} runs after a warm-up:`);
const ours = await timeCommand(
  oatoolCommand(["diff", "--breaking", older, newer], { quiet: true }),
  runs,
  ok01,
);
const theirs = await timeCommand([redocly, "diff", older, newer], runs, { ...ok01, env: quietRedocly });
const ourSummary = ours.runs[0].stdout.match(/Summary: [^\n]*/)?.[0] ?? "?";
const theirSummary =
  (theirs.runs[0].stdout + theirs.runs[0].stderr).match(/\d+ major, \d+ minor, \d+ patch/)?.[0] ??
    "?";
const ratio = ours.ms / theirs.ms;
console.log(`  oatool diff --breaking        ${fmt(ours.ms).padStart(8)}   ${ourSummary}`);
console.log(
  `  redocly diff (${redoclyVersion})${" ".repeat(Math.max(1, 14 - redoclyVersion.length))}${
    fmt(theirs.ms).padStart(8)
  }   ${theirSummary}`,
);
console.log(
  `  ratio oatool / redocly        ${ratio.toFixed(3)}×   (target ≤ 0.25×: ${
    ratio <= 0.25 ? "met" : "NOT met"
  })`,
);

// Linear growth on synthetic pairs.
console.log(`\nSynthetic pairs (a change in every tenth path and schema), median of ${runs} runs:`);
console.log("  size   paths  schemas   process   compare only   compare ms per path");
let base: number | undefined;
const figures = new Map<number, { process: number; compare: number }>();
for (const k of [1, 4, 16]) {
  const paths = 150 * k;
  const schemas = 100 * k;
  const a = makeSpec({ paths, schemas, version: "3.1" });
  const b = structuredClone(a) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
  Object.keys(b.paths).forEach((p, i) => {
    if (i % 10 !== 0) return;
    const op = Object.values(b.paths[p]).find((o) =>
      typeof o === "object" && o !== null && "responses" in o
    ) as
      | Record<string, unknown[]>
      | undefined;
    if (op) {
      op.parameters = [...(op.parameters ?? []), {
        name: "added",
        in: "query",
        required: true,
        schema: { type: "string" },
      }];
    }
  });
  Object.keys(b.components.schemas).forEach((s, i) => {
    if (i % 10 === 0) (b.components.schemas[s] as Record<string, unknown>).description = `changed ${i}`;
  });
  const fa = join(dir, `synthetic-${k}-a.json`);
  const fb = join(dir, `synthetic-${k}-b.json`);
  await Deno.writeTextFile(fa, JSON.stringify(a));
  await Deno.writeTextFile(fb, JSON.stringify(b));
  const whole = await timeCommand(
    oatoolCommand(["diff", "--breaking", fa, fb], { quiet: true }),
    runs,
    ok01,
  );
  const compare: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const r = await diff(fa, fb);
    if (i > 0) compare.push(r.stats.diffTimeMs);
  }
  const c = median(compare);
  base ??= c / paths;
  figures.set(k, { process: whole.ms, compare: c });
  console.log(
    `  ${String(k).padStart(3)}×  ${String(paths).padStart(6)}  ${String(schemas).padStart(7)}  ${
      fmt(whole.ms).padStart(8)
    }  ${c.toFixed(1).padStart(10)} ms   ${(c / paths).toFixed(3)} (${
      (c / paths / base).toFixed(2)
    }× the 1× figure)`,
  );
}
const [one, sixteen] = [figures.get(1)!, figures.get(16)!];
const processGrowth = sixteen.process / one.process;
const compareGrowth = sixteen.compare / one.compare;
console.log(
  `  16× / 1×: process ${processGrowth.toFixed(1)}×, compare only ${
    compareGrowth.toFixed(1)
  }× (target ≤ 18×: ${processGrowth <= 18 && compareGrowth <= 18 ? "met" : "NOT met"})`,
);

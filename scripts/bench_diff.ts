/**
 * Benchmark of `oatool diff`, side by side in one run:
 *
 * - GitHub Enterprise Server 3.18 vs 3.19 (npm @octokit/openapi, ~10 MB each): `oatool diff` against the peers
 *   installable from npm. `@redocly/cli` (the named peer) has no `diff` command (its commands are stats,
 *   split, join, push, lint, bundle, …), so its `lint` of both files and `oatool validate` of both files are
 *   shown as baselines of "reading and checking both documents"; `openapi-diff` (Atlassian, npm) is the
 *   installable diff tool, run once under a time limit (`--peer-timeout`, seconds).
 * - Linear growth: synthetic pairs (scripts/make_spec.ts) at 1×, 4× and 16× with a change in every tenth path
 *   and schema; whole-process time and the library's comparison time alone (`stats.diffTimeMs`).
 *
 * Each figure is the median of `--runs` runs after a warm-up run. Ratios are what matter (the machine is shared).
 *
 *   deno run -A scripts/bench_diff.ts [--dir /tmp/oatool-bench-diff] [--runs 5] [--peer-timeout 180]
 *
 * @module
 */
import { join } from "node:path";
import { diff } from "../src/differ/mod.ts";
import { makeSpec } from "./make_spec.ts";
import { median, npmInstall, oatoolCommand, parseBenchArgs, timeCommand, workDir } from "./_bench.ts";

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["peer-timeout"] });
const peerTimeoutMs = Number(values["peer-timeout"] ?? "180") * 1000;
const dir = await workDir(given, "oatool-bench-diff-");
await npmInstall(dir, ["@octokit/openapi", "@redocly/cli", "openapi-diff"]);

const generated = join(dir, "node_modules/@octokit/openapi/generated");
const v18 = join(generated, "ghes-3.18.json");
const v19 = join(generated, "ghes-3.19.json");
const bin = (name: string) => join(dir, "node_modules/.bin", name);
const ok01 = { okCodes: [0, 1], stdout: "null" as const };

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`GHES 3.18 → 3.19, median of ${runs} runs after a warm-up:`);
const ours = await timeCommand(
  oatoolCommand(["diff", "--format", "json", v18, v19], { quiet: true }),
  runs,
  ok01,
);
const ourBreaking = await timeCommand(
  oatoolCommand(["diff", "--breaking", v18, v19], { quiet: true }),
  runs,
  ok01,
);
const validate18 = await timeCommand(oatoolCommand(["validate", "-q", v18], { quiet: true }), runs, ok01);
const validate19 = await timeCommand(oatoolCommand(["validate", "-q", v19], { quiet: true }), runs, ok01);
const redocly = await timeCommand([bin("redocly"), "lint", "--format", "summary", v18, v19], runs, ok01);
console.log(`  oatool diff --format json          ${fmt(ours.ms)}`);
console.log(`  oatool diff --breaking (text)      ${fmt(ourBreaking.ms)}`);
const validateBoth = validate18.ms + validate19.ms;
console.log(
  `  oatool validate, both files        ${fmt(validateBoth)}   (diff / this = ${
    (ours.ms / validateBoth).toFixed(2)
  })`,
);
console.log(
  `  redocly lint, both files           ${fmt(redocly.ms)}   (diff / this = ${
    (ours.ms / redocly.ms).toFixed(2)
  })`,
);
console.log(`  redocly diff                       (no such command in @redocly/cli)`);

// openapi-diff: one run under a time limit (it may exhaust memory on documents this size).
{
  const started = performance.now();
  const child = new Deno.Command(bin("openapi-diff"), { args: [v18, v19], stdout: "null", stderr: "piped" })
    .spawn();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, peerTimeoutMs);
  const out = await child.output();
  clearTimeout(timer);
  const ms = performance.now() - started;
  const err = new TextDecoder().decode(out.stderr);
  const outcome = killed
    ? `killed after ${fmt(ms)} (limit)`
    : out.code === 0 || out.code === 1
    ? `${fmt(ms)}   (diff / this = ${(ours.ms / ms).toFixed(3)})`
    : `failed after ${fmt(ms)} (exit ${out.code}${
      /heap out of memory/i.test(err) ? ", JavaScript heap out of memory" : ""
    })`;
  console.log(`  openapi-diff (npm), one run        ${outcome}`);
}

// Linear growth on synthetic pairs.
console.log(`\nSynthetic pairs (a change in every tenth path and schema), median of ${runs} runs:`);
console.log("  size   paths  schemas   process   compare only   compare ms per path");
let base: number | undefined;
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
    oatoolCommand(["diff", "--format", "json", fa, fb], { quiet: true }),
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
  console.log(
    `  ${String(k).padStart(3)}×  ${String(paths).padStart(6)}  ${String(schemas).padStart(7)}  ${
      fmt(whole.ms).padStart(8)
    }  ${c.toFixed(1).padStart(10)} ms   ${(c / paths).toFixed(3)} (${
      (c / paths / base).toFixed(2)
    }× the 1× figure)`,
  );
}

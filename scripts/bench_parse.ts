/**
 * Whole-process benchmark of `oatool parse` and `oatool version` against baselines measured in the same run.
 *
 *   deno run -A scripts/bench_parse.ts [--dir /tmp/oatool-bench] [--runs 5]
 *
 * 1. `oatool parse -q` on GitHub's REST description (npm package @octokit/openapi, installed into a temporary
 *    folder) against a Deno script that only reads, JSON.parses and JSON.stringifies it.
 * 2. `oatool parse -q` on a ~10 MB synthetic YAML document against a Deno script doing js-yaml's own load and
 *    dump, and in-process: oatool's loadDocument + serializeDocument(yaml) against js-yaml load + dump.
 * 3. `oatool version` against a Deno script that prints one line.
 * 4. Growth: `oatool parse -q` on synthetic documents of 1×, 4× and 16× size.
 *
 * Figures are medians of several runs; ratios are what matter (the machine is shared).
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { loadDocument, serializeDocument } from "../src/core/mod.ts";
import { makeSpec } from "./make_spec.ts";
import { median, npmInstall, oatoolCommand, parseBenchArgs, timeCommand, workDir } from "./_bench.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 5 });
const dir = await workDir(given, "oatool-bench-");

/** Median wall time in ms of running a command `runs` times after one warm-up run (output discarded). */
const time = async (args: string[]): Promise<number> =>
  (await timeCommand(args, runs, { stdout: "null" })).ms;

/** Median time in ms of calling `f` `runs` times in this process. */
async function inProcess(f: () => unknown | Promise<unknown>): Promise<number> {
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    ts.push(performance.now() - t);
  }
  return median(ts);
}

const deno = Deno.execPath();
const oatool = (...args: string[]) => oatoolCommand(args, { quiet: true });
// Baseline scripts live outside the npm install folder, so that Deno does not treat them as part of that package.
const scriptDir = await Deno.makeTempDir({ prefix: "oatool-bench-scripts-" });
const script = async (name: string, code: string) => {
  const path = join(scriptDir, name);
  await Deno.writeTextFile(path, code);
  return path;
};
const row = (label: string, ms: number, base?: number) =>
  console.log(
    `${label.padEnd(58)} ${ms.toFixed(0).padStart(7)} ms${base ? `   ${(ms / base).toFixed(2)}×` : ""}`,
  );

const github = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
await npmInstall(dir, ["@octokit/openapi"]);

console.log(`runs per figure: ${runs} (median), machine: ${navigator.hardwareConcurrency} cores\n`);

// 1. GitHub JSON
const jsonBaseline = await script(
  "baseline_json.ts",
  `const t = await Deno.readTextFile(Deno.args[0]);
const s = JSON.stringify(JSON.parse(t), null, 2) + "\\n";
const b = new TextEncoder().encode(s);
let o = 0; while (o < b.length) o += Deno.stdout.writeSync(b.subarray(o));\n`,
);
const b1 = await time([deno, "run", "--quiet", "--allow-read", jsonBaseline, github]);
row("baseline: read + JSON.parse + JSON.stringify (GitHub 13 MB)", b1);
row("oatool parse -q api.github.com.json", await time(oatool("parse", "-q", github)), b1);

// 2. YAML ~10 MB
const bigYaml = join(dir, "synthetic-10mb.yaml");
await Deno.writeTextFile(bigYaml, serializeDocument(makeSpec({ paths: 4600, schemas: 3000 }), "yaml"));
console.log(`\nsynthetic YAML: ${((await Deno.stat(bigYaml)).size / 1e6).toFixed(1)} MB`);
const yamlBaseline = await script(
  "baseline_yaml.ts",
  `import yaml from "js-yaml";
const t = await Deno.readTextFile(Deno.args[0]);
const s = yaml.dump(yaml.load(t, { schema: yaml.CORE_SCHEMA }), { lineWidth: -1, noRefs: true });
const b = new TextEncoder().encode(s);
let o = 0; while (o < b.length) o += Deno.stdout.writeSync(b.subarray(o));\n`,
);
const b2 = await time([
  deno,
  "run",
  "--quiet",
  "--allow-read",
  "--config",
  join(root, "deno.json"),
  yamlBaseline,
  bigYaml,
]);
row("baseline: js-yaml load + dump (whole process)", b2);
row(
  "oatool parse -q synthetic-10mb.yaml (YAML in, JSON out)",
  await time(oatool("parse", "-q", bigYaml)),
  b2,
);
{
  const text = await Deno.readTextFile(bigYaml);
  const lib = await inProcess(() =>
    yaml.dump(yaml.load(text, { schema: yaml.CORE_SCHEMA }), { lineWidth: -1, noRefs: true })
  );
  row("in-process: js-yaml load + dump", lib);
  row(
    "in-process: oatool loadDocument + serializeDocument(yaml)",
    await inProcess(async () => serializeDocument((await loadDocument({ content: text })).document, "yaml")),
    lib,
  );
}

// 3. version
const one = await script("one_line.ts", 'console.log("oatool");\n');
const b3 = await time([deno, "run", "--quiet", one]);
row("\nbaseline: a Deno script printing one line", b3);
row("oatool version", await time(oatool("version")), b3);

// 4. growth
console.log("\ngrowth (synthetic JSON, parse -q):");
let first = 0;
for (const k of [1, 4, 16]) {
  const file = join(dir, `synthetic-${k}x.json`);
  await Deno.writeTextFile(file, serializeDocument(makeSpec({ paths: 150 * k, schemas: 100 * k }), "json"));
  const size = (await Deno.stat(file)).size;
  const ms = await time(oatool("parse", "-q", file));
  if (k === 1) first = ms;
  row(`  ${k}× (${(size / 1e6).toFixed(2)} MB) whole process`, ms, first);
}
console.log("\ngrowth in-process (loadDocument + JSON.stringify, no process start-up):");
for (const k of [1, 4, 16]) {
  const text = await Deno.readTextFile(join(dir, `synthetic-${k}x.json`));
  const ms = await inProcess(async () =>
    JSON.stringify((await loadDocument({ content: text })).document, null, 2)
  );
  if (k === 1) first = ms;
  row(`  ${k}×`, ms, first);
}
console.log(`\n(work folder: ${dir})`);

/**
 * Benchmark: a 50-action overlay (wildcards, filters, descendant segments; updates and removals) applied to
 * GitHub's REST description (api.github.com.json, ~13 MB, from the npm package @octokit/openapi), timed for
 * oatool and, side by side in the same run, for the JavaScript overlay tool `openapi-overlays-js` (written by
 * an editor of the Overlay Specification). Both packages are installed with npm into a temporary folder, never
 * as dependencies of oatool.
 *
 * Usage:
 *   deno run --allow-read --allow-write --allow-run scripts/bench_overlay.ts \
 *     [--runs 3] [--dir <folder to install into and keep>]
 *
 * Measured (median of the runs):
 * - library: applying the parsed overlay to the parsed document in-process (oatool in Deno, default mode on a
 *   copy and `inPlace`; openapi-overlays-js in Node, which changes the document in place);
 * - command: the whole process, reading the files and writing the result (`oatool overlay apply -o` vs
 *   `overlayjs --openapi … --overlay …` with its output sent to a file).
 */
import { join } from "node:path";
import { applyOverlay } from "../src/overlay/mod.ts";
import { median, npmInstall, oatoolCommand, parseBenchArgs, run, workDir } from "./_bench.ts";

const REFERENCE = "openapi-overlays-js@0.2.0";
const GITHUB = "@octokit/openapi@23.0.2";

const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 3 });

/** The 50 actions. Filters are parenthesized so that the reference's pre-RFC JSONPath library accepts them too. */
function buildOverlay(): Record<string, unknown> {
  const actions: Record<string, unknown>[] = [
    {
      target: "$.info",
      update: { "x-overlay": "bench", description: "Benchmark copy of the GitHub REST API" },
    },
    { target: "$.servers", update: { url: "https://ghe.example.com/api/v3" } },
    { target: "$.tags", update: { name: "bench", description: "Added by the overlay benchmark" } },
    { target: "$.externalDocs", update: { "x-checked": true } },
    { target: "$.paths.*.get", update: { "x-safe": true } },
    { target: "$.paths.*.post", update: { "x-safe": false } },
    { target: "$.paths.*.delete", update: { "x-destructive": true } },
    { target: "$.paths.*.*.responses.*", update: { "x-response": true } },
    { target: "$.components.schemas.*", update: { "x-schema": true } },
    { target: "$.components.responses.*", update: { "x-shared-response": true } },
    { target: "$.components.parameters[?(@.in == 'query')]", update: { "x-query": true } },
    {
      target: "$.components.parameters[?(@.in == 'path' && @.required == true)]",
      update: { "x-path": true },
    },
    { target: "$.components.schemas[?(@.type == 'object')]", update: { "x-object": true } },
    { target: "$.components.schemas.*.properties.id", update: { "x-identifier": true } },
    { target: "$..[?(@.deprecated == true)]", update: { "x-sunset": "2030-01-01" } },
    { target: "$..[?(@.format == 'date-time')]", update: { "x-date": true } },
    { target: "$..[?(@.type == 'string' && @.enum)]", update: { "x-enum": true } },
    { target: "$['x-webhooks'].*.post", update: { "x-webhook": true } },
  ];
  for (
    const category of [
      "actions",
      "issues",
      "repos",
      "pulls",
      "orgs",
      "users",
      "git",
      "checks",
      "billing",
      "teams",
    ]
  ) {
    actions.push({
      target: `$.paths.*[?(@['x-github'] && @['x-github'].category == '${category}')]`,
      update: { "x-owner": `${category}-team` },
    });
  }
  for (
    const tag of ["repos", "issues", "pulls", "actions", "orgs", "users", "gists", "apps", "search", "meta"]
  ) {
    actions.push({
      target: `$.paths[?(@.get && @.get.tags[0] == '${tag}')].get`,
      update: { "x-read": tag },
    });
  }
  actions.push(
    { target: "$.paths.*[?(@.deprecated == true)]", remove: true },
    { target: "$.paths['/zen']", remove: true },
    { target: "$.paths['/octocat']", remove: true },
    { target: "$.paths['/meta']", remove: true },
    { target: "$.paths.*.*.externalDocs", remove: true },
    { target: "$.components.schemas['validation-error-simple'].properties.documentation_url", remove: true },
    { target: "$.paths.*.*['x-octokit']", remove: true },
    { target: "$.paths.*.*.parameters[?(@.name == 'page')]", remove: true },
    { target: "$.info.contact", update: { "x-team": "bench" } },
    { target: "$.info.license", update: { "x-checked": true } },
    { target: "$.components.examples.*", update: { "x-example": true } },
    { target: "$.paths.*.*.requestBody", update: { "x-body": true } },
  );
  if (actions.length !== 50) throw new Error(`expected 50 actions, built ${actions.length}`);
  return { overlay: "1.0.0", info: { title: "Benchmark overlay", version: "1.0.0" }, actions };
}

const NODE_HARNESS = `import fs from "node:fs";
import { applyOverlay } from "openapi-overlays-js/src/overlay.js";
const [specPath, overlayPath, runs] = process.argv.slice(2);
const text = fs.readFileSync(specPath, "utf8");
const overlayText = fs.readFileSync(overlayPath, "utf8");
const times = [];
for (let i = 0; i < Number(runs); i++) {
  const doc = JSON.parse(text);
  const overlay = JSON.parse(overlayText);
  const t = performance.now();
  applyOverlay(doc, overlay);
  times.push(performance.now() - t);
}
process.stdout.write(JSON.stringify({ times }));
`;

const dir = await workDir(given, "oatool-bench-overlay-");
try {
  await npmInstall(dir, [REFERENCE, GITHUB]);
  const referenceDir = join(dir, "node_modules", "openapi-overlays-js");
  const githubFile = join(dir, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
  const overlayFile = join(dir, "bench.overlay.json");
  const overlay = buildOverlay();
  await Deno.writeTextFile(overlayFile, JSON.stringify(overlay, null, 2) + "\n");
  await Deno.writeTextFile(join(dir, "reference_apply.mjs"), NODE_HARNESS);
  const text = await Deno.readTextFile(githubFile);
  const size = (new TextEncoder().encode(text).byteLength / 1e6).toFixed(1);
  console.log(
    `Document: api.github.com.json from ${GITHUB} (${size} MB); overlay: 50 actions; ${runs} run(s) each.\n`,
  );

  // oatool, library, in-process.
  const copyTimes: number[] = [];
  const inPlaceTimes: number[] = [];
  let summary = "";
  for (let i = 0; i < runs; i++) {
    const doc = JSON.parse(text);
    let t = performance.now();
    const result = applyOverlay(doc, overlay);
    copyTimes.push(performance.now() - t);
    t = performance.now();
    applyOverlay(doc, overlay, { inPlace: true });
    inPlaceTimes.push(performance.now() - t);
    const matches = result.actions.reduce((n, a) => n + a.matchCount, 0);
    summary =
      `oatool: ${result.appliedCount} actions applied, ${result.skippedCount} skipped, ${matches} nodes matched`;
  }
  console.log(summary);

  // Reference, library, in-process (Node).
  const ref = await run(["node", join(dir, "reference_apply.mjs"), githubFile, overlayFile, String(runs)], {
    cwd: dir,
  });
  if (ref.code !== 0) throw new Error(`reference harness failed:\n${ref.stderr}`);
  const refTimes = (JSON.parse(ref.stdout) as { times: number[] }).times;
  const refErrors = ref.stderr.split("\n").filter((l) => l.startsWith("Error applying overlay")).length;
  console.log(`openapi-overlays-js: ${refErrors / runs} action error(s) reported per run\n`);

  // Whole commands.
  const oatoolCmd: number[] = [];
  const refCmd: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = join(dir, "out.oatool.json");
    const r = await run(
      oatoolCommand(["overlay", "apply", "-q", "-s", githubFile, "-o", out, overlayFile]),
    );
    if (r.code !== 0) throw new Error(`oatool overlay apply failed:\n${r.stderr}`);
    oatoolCmd.push(r.ms);
    const rr = await run([
      "node",
      join(referenceDir, "index.js"),
      "--openapi",
      githubFile,
      "--overlay",
      overlayFile,
    ], {
      cwd: referenceDir,
      stdoutFile: join(dir, "out.reference.yaml"),
    });
    if (rr.code !== 0) throw new Error(`overlayjs failed:\n${rr.stderr}`);
    refCmd.push(rr.ms);
  }

  const fmt = (ms: number) => `${ms >= 1000 ? (ms / 1000).toFixed(2) + " s" : ms.toFixed(0) + " ms"}`;
  const rows: [string, number, number][] = [
    ["library, in place", median(inPlaceTimes), median(refTimes)],
    ["library, oatool on a copy (default)", median(copyTimes), median(refTimes)],
    ["whole command (read, apply, write)", median(oatoolCmd), median(refCmd)],
  ];
  console.log(
    `${"".padEnd(38)}${"oatool".padStart(10)}${"openapi-overlays-js".padStart(22)}${"ratio".padStart(10)}`,
  );
  for (const [label, ours, theirs] of rows) {
    console.log(
      `${label.padEnd(38)}${fmt(ours).padStart(10)}${fmt(theirs).padStart(22)}${
        (theirs / ours).toFixed(1).padStart(9)
      }x`,
    );
  }
  console.log("\nratio = openapi-overlays-js time / oatool time (higher: oatool faster)");
} finally {
  if (given === undefined) await Deno.remove(dir, { recursive: true });
}

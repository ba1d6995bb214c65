/**
 * Benchmark of `oatool convert`, whole processes side by side in one run (median of the runs, after a warm-up):
 * - 2.0 → 3.0 of a 12 MB document (GitHub's REST description converted to 2.0 by oatool itself) against
 *   `swagger2openapi --patch`;
 * - 3.0 → 3.1 of GitHub's description against `openapi-format --convertTo 3.1`;
 * - growth: oatool 2.0 → 3.0 and 3.0 → 3.1 on synthetic documents of 1×, 4× and 16× the size (scripts/make_spec.ts).
 * The peers and GitHub's description are installed with npm into a temporary folder, never as dependencies.
 *
 *   deno run -A scripts/bench_convert.ts [--runs 3] [--dir <folder to install into and keep>]
 */
import { join } from "node:path";
import { convertDocument } from "../src/converter/mod.ts";
import { makeSpec } from "./make_spec.ts";
import { npmInstall, oatoolCommand, parseBenchArgs, timeCommand, workDir } from "./_bench.ts";

const PEERS = ["swagger2openapi@7.0.8", "openapi-format@1.33.6", "@octokit/openapi@23.0.2"];
const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 3 });

const fmt = (ms: number) => ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;

const dir = await workDir(given, "oatool-bench-convert-");
try {
  await npmInstall(dir, PEERS);
  const bin = (name: string) => join(dir, "node_modules", ".bin", name);
  const github = join(dir, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
  const v2 = join(dir, "github.v2.json");
  const v2doc = convertDocument(JSON.parse(await Deno.readTextFile(github)), { target: "2.0" }).document;
  await Deno.writeTextFile(v2, JSON.stringify(v2doc, null, 2) + "\n");
  const size = async (f: string) => `${((await Deno.stat(f)).size / 1e6).toFixed(1)} MB`;
  console.log(
    `GitHub 3.0: ${await size(github)}; as 2.0 (by oatool): ${await size(v2)}; ${runs} run(s) each.\n`,
  );

  const rows: [string, number, string, number][] = [];
  const ours2 = await timeCommand(
    oatoolCommand(["convert", "-q", "-t", "3.0", "-o", join(dir, "o1.json"), v2]),
    runs,
  );
  const s2o = await timeCommand([bin("swagger2openapi"), "--patch", "-o", join(dir, "p1.json"), v2], runs);
  rows.push(["2.0 → 3.0, GitHub as 2.0", ours2.ms, "swagger2openapi --patch", s2o.ms]);
  const ours31 = await timeCommand(
    oatoolCommand(["convert", "-q", "-t", "3.1", "-o", join(dir, "o2.json"), github]),
    runs,
  );
  const of = await timeCommand(
    [bin("openapi-format"), github, "--convertTo", "3.1", "-o", join(dir, "p2.json")],
    runs,
  );
  rows.push(["3.0 → 3.1, GitHub", ours31.ms, "openapi-format --convertTo 3.1", of.ms]);
  console.log(
    `${"".padEnd(28)}${"oatool".padStart(9)}  ${"peer".padEnd(32)}${"time".padStart(9)}${
      "ratio".padStart(8)
    }`,
  );
  for (const [label, ours, peer, theirs] of rows) {
    console.log(
      `${label.padEnd(28)}${fmt(ours).padStart(9)}  ${peer.padEnd(32)}${fmt(theirs).padStart(9)}${
        (theirs / ours).toFixed(1).padStart(7)
      }x`,
    );
  }
  console.log("ratio = peer time / oatool time (higher: oatool faster)\n");

  console.log(
    "growth (library, in-process, fastest of the runs; 1× = 400 paths and 320 schemas, then 4×, 16×):",
  );
  for (const [from, to] of [["2.0", "3.0"], ["3.0", "3.1"], ["3.0", "2.0"]] as const) {
    const line: string[] = [];
    let base = 0;
    // Warm the JIT on a mid-sized document first, so the smallest size is not timed cold.
    const warm = makeSpec({ paths: 400, schemas: 320, version: from });
    for (let i = 0; i < 3; i++) convertDocument(warm, { target: to });
    for (const k of [1, 4, 16]) {
      const doc = makeSpec({ paths: 400 * k, schemas: 320 * k, version: from });
      const times: number[] = [];
      for (let i = 0; i < Math.max(runs, 5) + 1; i++) {
        const t = performance.now();
        convertDocument(doc, { target: to });
        if (i > 0) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const ms = times[0];
      if (k === 1) base = ms;
      line.push(`${k}×: ${fmt(ms)} (${(ms / base).toFixed(1)}×)`);
    }
    console.log(`  ${from} → ${to}: ${line.join(", ")}`);
  }
} finally {
  if (given === undefined) await Deno.remove(dir, { recursive: true });
}

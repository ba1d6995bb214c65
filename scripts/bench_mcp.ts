/**
 * Benchmark: one `oatool mcp` session driven by the MCP SDK's own stdio client, timing each tool call on
 * GitHub's REST description (~13 MB): `validate` first (reads and parses the file), then `walk_operations` and
 * `walk_schemas` (answered from the session cache), or, while the server has no walk tools, `parse` and a
 * second `validate`. The same calls run again in a session started with `--cache-size 0` as the baseline.
 * Target: with the cache, every later call takes at most a third of the first.
 *
 * Usage:
 *   deno run --allow-read --allow-write --allow-run --allow-env --allow-net scripts/bench_mcp.ts \
 *     [--runs 3] [--github <api.github.com.json>]
 */
import { dirname } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { TOOL_NAMES } from "../src/mcp/mod.ts";
import { median, oatoolCommand, parseBenchArgs } from "./_bench.ts";

const DEFAULT_GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const { runs, values } = parseBenchArgs(Deno.args, { runs: 3, dir: false, strings: ["github"] });
const spec = { file: values.github ?? DEFAULT_GITHUB };

const walks = TOOL_NAMES.includes("walk_operations") && TOOL_NAMES.includes("walk_schemas");
const calls: [string, Record<string, unknown>][] = walks
  ? [
    ["validate", { spec, no_warnings: true }],
    ["walk_operations", { spec }],
    ["walk_schemas", { spec }],
  ]
  : [
    ["validate", { spec, no_warnings: true }],
    ["parse", { spec }],
    ["validate", { spec, no_warnings: true }],
  ];

/** Runs the calls in one session; the time of each, in ms. */
async function session(flags: string[]): Promise<number[]> {
  // The description lies outside the working directory: its folder joins the server's workspace.
  const [command, ...args] = oatoolCommand(["mcp", "--allow-dir", dirname(spec.file), ...flags], {
    quiet: true,
  });
  const transport = new StdioClientTransport({ command, args, stderr: "ignore" });
  const client = new Client({ name: "bench-mcp", version: "1" });
  await client.connect(transport);
  try {
    const times: number[] = [];
    for (const [name, args] of calls) {
      const started = performance.now();
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 300_000 });
      times.push(performance.now() - started);
      if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    }
    return times;
  } finally {
    await client.close();
  }
}

const cached: number[][] = [];
const uncached: number[][] = [];
for (let i = 0; i < runs; i++) {
  cached.push(await session([]));
  uncached.push(await session(["--cache-size", "0"]));
}
const med = (rows: number[][], i: number) => median(rows.map((r) => r[i]));
console.log(`oatool mcp, one session, GitHub's description; median of ${runs} sessions (ms per call)`);
console.log(
  `${"call".padEnd(20)} ${"cache on".padStart(10)} ${"cache off".padStart(10)}  ratio to first (on)`,
);
let ok = true;
calls.forEach(([name], i) => {
  const on = med(cached, i);
  const ratio = on / med(cached, 0);
  if (i > 0 && ratio > 1 / 3) ok = false;
  console.log(
    `${`${i + 1}. ${name}`.padEnd(20)} ${on.toFixed(0).padStart(10)} ${
      med(uncached, i).toFixed(0).padStart(10)
    }  ${i === 0 ? "" : ratio.toFixed(3)}`,
  );
});
if (walks) console.log(ok ? "target met: every later call within a third of the first" : "target NOT met");
else {console.log(
    "(the target is checked on walk_operations and walk_schemas, which this server does not have yet)",
  );}

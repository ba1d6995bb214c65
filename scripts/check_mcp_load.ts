/**
 * Load check of `oatool mcp`, driven by the MCP SDK's own stdio client (issue 25's done-criteria):
 *
 * 1. 50 concurrent calls on GitHub's REST description (~13 MB; validate, parse and walk tools in turn) from a
 *    fresh session: the server's peak resident memory (`VmHWM` of `/proc/<pid>/status`; Web Workers are
 *    threads of the same process). Target: under 1 GB.
 * 2. While a `convert` of a document with a 1,000,000-value enum to 2.0 runs, a ping every 50 ms: the longest
 *    ping round trip. Target: at most 1 s.
 *
 * With `--baseline <folder>` (a checkout of an earlier version, e.g. `git worktree add /tmp/base <commit>`), the
 * same checks run against that folder's `cli.ts` first, in the same run, for a before/after ratio; a baseline
 * still busy after `--bound` seconds is stopped and reported as "over".
 *
 * Usage (Linux: it reads /proc):
 *   deno run --allow-read --allow-write --allow-run --allow-env --allow-net scripts/check_mcp_load.ts \
 *     [--github <api.github.com.json>] [--baseline <folder>] [--bound 60]
 *
 * @module
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseFlags } from "../src/cli/flags.ts";
import { BINARY_PERMISSIONS } from "./compile.ts";
import { enumDocument } from "./make_spec.ts";

const DEFAULT_GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const { flags } = parseFlags(Deno.args, [
  { name: "github", type: "string", default: DEFAULT_GITHUB, description: "GitHub's description" },
  { name: "baseline", type: "string", default: "", description: "Folder of an earlier version" },
  { name: "bound", type: "string", default: "60", description: "Seconds a check may take" },
]);
const boundMs = Number(flags.bound) * 1000;
const ROOT = new URL("../", import.meta.url).pathname;

/** A session with `oatool mcp` from the checkout at `root`, in `cwd`. */
async function session(
  root: string,
  cwd: string,
): Promise<{ client: Client; pid: number; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "--quiet", ...BINARY_PERMISSIONS, join(root, "cli.ts"), "mcp"],
    cwd,
    stderr: "ignore",
  });
  const client = new Client({ name: "check-mcp-load", version: "1" });
  await client.connect(transport);
  const pid = transport.pid!;
  return {
    client,
    pid,
    async close() {
      await client.close().catch(() => {});
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/** The peak resident memory of process `pid`, in bytes. */
async function peakRss(pid: number): Promise<number> {
  // Deno reads /proc/<pid> only with every permission; `cat` needs only --allow-run.
  const out = await new Deno.Command("cat", { args: [`/proc/${pid}/status`], stdout: "piped" }).output();
  const status = new TextDecoder().decode(out.stdout);
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Check 1: the server's peak RSS after 50 concurrent calls on the description; undefined when over the bound. */
async function concurrentPeak(
  root: string,
  dir: string,
): Promise<{ peak: number; errors: number } | undefined> {
  const s = await session(root, dir);
  try {
    const tools = ["validate", "parse", "walk_operations", "walk_schemas", "walk_paths"];
    const calls = Array.from({ length: 50 }, (_, i) =>
      s.client.callTool(
        { name: tools[i % tools.length], arguments: { spec: { file: "api.github.com.json" } } },
        undefined,
        { timeout: boundMs },
      ).then((r: { isError?: unknown }) => r.isError === true ? 1 : 0, () => 1));
    const errors = (await Promise.all(calls)).reduce((a: number, b: number) => a + b, 0);
    return { peak: await peakRss(s.pid), errors };
  } catch (error) {
    console.error(`check 1 (${root}): ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    await s.close();
  }
}

/** Check 2: the longest ping round trip while the 1M-value convert runs (ms), and whether it finished. */
async function pingDelay(root: string, dir: string): Promise<{ maxMs: number; finished: boolean }> {
  const s = await session(root, dir);
  try {
    let running = true;
    const convert = s.client.callTool(
      { name: "convert", arguments: { spec: { file: "enum.json" }, target: "2.0", output: "enum-2.0.json" } },
      undefined,
      { timeout: boundMs },
    ).then(() => true, () => false).finally(() => running = false);
    let maxMs = 0;
    const started = performance.now();
    while (running && performance.now() - started < boundMs) {
      const t = performance.now();
      const answered = await Promise.race([
        s.client.ping().then(() => true, () => false),
        convert.then(() => false),
      ]);
      if (answered) maxMs = Math.max(maxMs, performance.now() - t);
      else if (!running) maxMs = Math.max(maxMs, performance.now() - t); // the ping waited for the convert
      await new Promise((r) => setTimeout(r, 50));
    }
    return { maxMs, finished: !running && await convert };
  } finally {
    await s.close();
  }
}

const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-load-" });
try {
  await Deno.copyFile(flags.github as string, join(dir, "api.github.com.json"));
  await Deno.writeTextFile(join(dir, "enum.json"), JSON.stringify(enumDocument(1_000_000)));
  const versions: [string, string][] = flags.baseline === ""
    ? [["current", ROOT]]
    : [["baseline", flags.baseline as string], ["current", ROOT]];
  const rows: { name: string; peak?: number; errors?: number; ping: number; finished: boolean }[] = [];
  for (const [name, root] of versions) {
    const load = await concurrentPeak(root, dir);
    const ping = await pingDelay(root, dir);
    rows.push({ name, peak: load?.peak, errors: load?.errors, ping: ping.maxMs, finished: ping.finished });
  }
  const gb = (b?: number) => b === undefined ? "over bound" : `${(b / 1e9).toFixed(2)} GB`;
  console.log(`oatool mcp load check (${navigator.hardwareConcurrency} cores)`);
  console.log(
    `${"version".padEnd(10)} ${"50 calls: peak RSS".padStart(20)} ${
      "failed".padStart(7)
    }  max ping delay (1M convert)`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(10)} ${gb(r.peak).padStart(20)} ${String(r.errors ?? "-").padStart(7)}  ${
        (r.ping / 1000).toFixed(2)
      } s${r.finished ? "" : ` (convert still running after ${flags.bound} s: stopped)`}`,
    );
  }
  if (rows.length === 2 && rows[0].peak !== undefined && rows[1].peak !== undefined) {
    console.log(
      `ratios current/baseline: peak ${(rows[1].peak / rows[0].peak).toFixed(2)}, ping ${
        (rows[1].ping / Math.max(1, rows[0].ping)).toFixed(3)
      }`,
    );
  }
  const now = rows[rows.length - 1];
  const ok = now.peak !== undefined && now.peak < 1e9 && now.ping <= 1000 && now.finished;
  console.log(ok ? "targets met: under 1 GB, ping within 1 s" : "targets NOT met");
} finally {
  await Deno.remove(dir, { recursive: true });
}

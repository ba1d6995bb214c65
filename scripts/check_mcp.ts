/**
 * Checks `oatool mcp` with the official MCP Inspector's command-line mode (`@modelcontextprotocol/inspector
 * --cli`), installed with npm into a temporary folder (never a dependency of oatool): `tools/list` must list
 * exactly the server's tools, each with an input and an output schema; `tools/call` of `validate` (and of
 * `walk_operations`, when the server has it) on GitHub's REST description must answer with structured content
 * equal to its text. Prints what it checked; exits 1 when a check fails.
 *
 * Usage:
 *   deno run --allow-read --allow-write --allow-run --allow-env --allow-net scripts/check_mcp.ts \
 *     [--dir <folder to install into and keep>] [--github <api.github.com.json>]
 */
import { TOOL_NAMES } from "../src/mcp/mod.ts";
import { npmInstall, oatoolCommand, parseBenchArgs, run, workDir } from "./_bench.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const DEFAULT_GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";

const { dir: given, values } = parseBenchArgs(Deno.args, { strings: ["github"] });
const github = values.github ?? DEFAULT_GITHUB;
const dir = await workDir(given, "oatool-check-mcp-");
let failures = 0;

function check(ok: boolean, what: string): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

/** Runs the Inspector CLI against `oatool mcp` and parses its JSON answer. */
async function inspector(
  args: string[],
): Promise<{ ms: number; answer: Record<string, unknown> | undefined }> {
  const bin = `${dir}/node_modules/.bin/mcp-inspector`;
  const r = await run([bin, "--cli", ...oatoolCommand(["mcp"], { quiet: true }), ...args]);
  try {
    return { ms: r.ms, answer: JSON.parse(r.stdout) };
  } catch {
    console.log(`inspector exited ${r.code}:\n${r.stdout.slice(0, 2000)}\n${r.stderr.slice(0, 2000)}`);
    return { ms: r.ms, answer: undefined };
  }
}

try {
  await npmInstall(dir, [INSPECTOR]);
  const version = JSON.parse(
    await Deno.readTextFile(`${dir}/node_modules/@modelcontextprotocol/inspector/package.json`),
  ).version;
  console.log(
    `MCP Inspector ${version} (CLI mode) against: ${oatoolCommand(["mcp"], { quiet: true }).join(" ")}`,
  );

  const list = await inspector(["--method", "tools/list"]);
  const tools = (list.answer?.tools ?? []) as {
    name: string;
    inputSchema?: { type?: string };
    outputSchema?: { type?: string };
  }[];
  check(
    JSON.stringify(tools.map((t) => t.name)) === JSON.stringify(TOOL_NAMES),
    `tools/list: ${tools.length} tools (${tools.map((t) => t.name).join(", ")})`,
  );
  check(
    tools.length > 0 &&
      tools.every((t) => t.inputSchema?.type === "object" && t.outputSchema?.type === "object"),
    "tools/list: every tool has an input schema and an output schema",
  );

  const spec = JSON.stringify({ file: github });
  const validate = await inspector([
    "--method",
    "tools/call",
    "--tool-name",
    "validate",
    "--tool-arg",
    `spec=${spec}`,
    "--tool-arg",
    "no_warnings=true",
  ]);
  const v = validate.answer?.structuredContent as Record<string, unknown> | undefined;
  const text = (validate.answer?.content as { text: string }[] | undefined)?.[0]?.text ?? "";
  check(
    v !== undefined && v.version === "3.0.3" && typeof v.valid === "boolean" &&
      typeof v.error_count === "number" && (v.errors as unknown[]).length === v.error_count,
    `tools/call validate (GitHub's description): valid=${v?.valid}, version=${v?.version}, error_count=${v?.error_count} (${
      Math.round(validate.ms)
    } ms, whole process)`,
  );
  check(
    text !== "" && JSON.stringify(JSON.parse(text)) === JSON.stringify(v),
    "validate: the text is the same JSON",
  );

  if (TOOL_NAMES.includes("walk_operations")) {
    const walk = await inspector([
      "--method",
      "tools/call",
      "--tool-name",
      "walk_operations",
      "--tool-arg",
      `spec=${spec}`,
      "--tool-arg",
      "limit=5",
    ]);
    const w = walk.answer?.structuredContent as Record<string, unknown> | undefined;
    check(
      w !== undefined && typeof w.total === "number" && (w.total as number) > 1000 && w.returned === 5,
      `tools/call walk_operations (GitHub's description, limit 5): total=${w?.total}, returned=${w?.returned} (${
        Math.round(walk.ms)
      } ms)`,
    );
  } else {
    console.log("skip walk_operations: the server has no walk tools yet");
  }
} finally {
  if (given === undefined) await Deno.remove(dir, { recursive: true }).catch(() => {});
}
console.log(failures === 0 ? "all checks passed" : `${failures} check(s) failed`);
Deno.exit(failures === 0 ? 0 : 1);

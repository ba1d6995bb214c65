/**
 * Module graphs (issue 32): what each command's module brings with it, read with `deno info --json` (code
 * dependencies, static and literal dynamic imports). Commands, engines and workers are imported with literal
 * specifiers, so Deno grants them without a read or net permission for the program's own files; the graphs below
 * keep the MCP SDK and zod out of every command but `mcp`, and `version` light. `deno compile` does not follow
 * workers: every worker the source starts must be in scripts/compile.ts's `--include` list (the last test).
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { LAZY_MODULES } from "../scripts/compile.ts";
import { ROOT } from "./_spawn.ts";
import { denoInfo, reachable } from "./_deno_info.ts";

/**
 * What `<entry>` evaluates before it runs (see {@link reachable}): files relative to the root, npm specifiers as
 * they are.
 */
async function startupGraph(entry: string): Promise<string[]> {
  const root = new URL(`file://${ROOT}`).href;
  return (await reachable(entry)).map((s) => s.startsWith(root) ? s.slice(root.length) : s).sort();
}

const MCP_ONLY = [/^npm:\/?@modelcontextprotocol\//, /^npm:\/?zod@/, /^src\/mcp\//];
/** The command modules of the table, read from its literal imports. */
const COMMANDS = [
  ...Deno.readTextFileSync(join(ROOT, "src/cli/commands.ts")).matchAll(/import\("\.\/([a-z_]+\.ts)"\)/g),
]
  .map((m) => `src/cli/${m[1]}`);

function matching(graph: readonly string[], patterns: readonly RegExp[]): string[] {
  return graph.filter((m) => patterns.some((p) => p.test(m)));
}

Deno.test("no command but mcp loads the MCP SDK, zod or the tool server", async () => {
  assert.ok(COMMANDS.length >= 13 && COMMANDS.includes("src/cli/mcp.ts"));
  for (const command of COMMANDS.filter((c) => c !== "src/cli/mcp.ts")) {
    assert.deepEqual(matching(await startupGraph(command), MCP_ONLY), [], command);
  }
  assert.ok(matching(await startupGraph("src/cli/mcp.ts"), MCP_ONLY).length > 0, "mcp loads the SDK");
});

Deno.test("version loads neither the YAML parser nor the core barrel", async () => {
  const graph = await startupGraph("src/cli/version.ts");
  assert.deepEqual(matching(graph, [/^npm:/, /^src\/core\/mod\.ts$/, /^src\/io\//]), []);
});

/** What `oatool <command>` evaluates: cli.ts's static graph and the command module's. */
async function commandGraph(command: string): Promise<string[]> {
  return [...new Set([...await startupGraph("cli.ts"), ...await startupGraph(command)])].sort();
}

Deno.test("oatool --version evaluates no node: module, npm package, reader or command but version", async () => {
  // node: modules start Deno's Node compatibility layer (node:path ~8 ms, node:process ~20 ms); src/io brings
  // node:path: main.ts imports the reader (src/cli/_lazy_reader.ts) and the refusal messages at their first use
  const graph = await commandGraph("src/cli/version.ts");
  assert.deepEqual(matching(graph, [/^node:/, /^npm:/, /^src\/io\//, /^src\/core\/mod\.ts$/]), []);
  const commands = COMMANDS.filter((c) => c !== "src/cli/version.ts");
  assert.deepEqual(graph.filter((m) => commands.includes(m)), [], "no other command module");
});

/** The npm packages only scripts/gen_schemas.ts uses: it compiles the OAS schemas into src/validator/_schema_*. */
const SCHEMA_COMPILERS = [/^npm:\/?ajv(-draft-04|-formats)?@/, /^npm:\/?@readme\/openapi-schemas@/];

Deno.test("validate and join evaluate neither the MCP SDK, zod, the schema compilers nor the HTML pages", async () => {
  // the HTML pages hash their style and script (node:crypto, ~10 ms at start): imported when a page is written
  const HTML = [/^node:crypto$/, /^src\/render\/_html\.ts$/];
  for (const command of ["src/cli/validate.ts", "src/cli/join.ts"]) {
    const graph = await commandGraph(command);
    assert.deepEqual(matching(graph, [...MCP_ONLY, ...SCHEMA_COMPILERS, ...HTML]), [], command);
    assert.ok(graph.some((m) => /^npm:\/?js-yaml@/.test(m)), `${command} loads the YAML parser`);
  }
  // nothing the program runs compiles schemas at start: ajv is read by no module of cli.ts's whole graph
  const info = await denoInfo("cli.ts");
  const used = info.modules.flatMap((m) => m.dependencies ?? []).map((d) => d.code?.specifier ?? "");
  assert.deepEqual(matching(used, SCHEMA_COMPILERS), []);
});

Deno.test("Graphviz (WebAssembly) is imported only when an SVG is drawn: in no command's start-up graph", async () => {
  const VIZ = [/^npm:\/?@viz-js\//];
  assert.ok(COMMANDS.includes("src/cli/graph.ts"));
  for (const command of COMMANDS) assert.deepEqual(matching(await startupGraph(command), VIZ), [], command);
  assert.deepEqual(matching(await startupGraph("mod.ts"), VIZ), [], "the library");
  // The SVG renderer names it, as a dynamic import.
  const svg = (await denoInfo("src/graph/svg.ts")).modules.find((m) =>
    m.specifier.endsWith("/src/graph/svg.ts")
  );
  const viz = svg?.dependencies?.find((d) => d.specifier === "@viz-js/viz");
  assert.equal(viz?.isDynamic, true);
});

/** The source files of src/ (tests left out), relative to the root. */
function sourceFiles(dir = join(ROOT, "src")): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) out.push(...sourceFiles(path));
    else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts") && !e.name.startsWith("_test_")) {
      out.push(relative(ROOT, path));
    }
  }
  return out;
}

Deno.test("every worker the source starts is in the compile script's --include list", () => {
  // a worker module is named by `new URL("./…worker.ts", import.meta.url)` where the Worker is made or just before
  const worker = /new URL\(\s*"([^"]*worker[^"]*\.ts)",\s*import\.meta\.url\)/g;
  const found: string[] = [];
  for (const file of sourceFiles()) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    for (const m of text.matchAll(worker)) {
      const target = relative(ROOT, join(ROOT, file, "..", m[1])).replaceAll("\\", "/");
      assert.ok(LAZY_MODULES.includes(target), `${file} starts ${target}; add it to scripts/compile.ts`);
      found.push(target);
    }
  }
  assert.ok(found.length >= 2, `worker sites found: ${found.join(", ")}`);
  for (const m of LAZY_MODULES) {
    assert.ok(Deno.statSync(join(ROOT, m)).isFile, `scripts/compile.ts includes ${m}, which does not exist`);
  }
});

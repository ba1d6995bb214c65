/**
 * Start-up (issue 32): what Deno loads when a command starts. Deno loads the graph of a module's static imports
 * and of its dynamic imports whose specifier it can read (`import("./x.ts")`), executed or not; a command or
 * engine imported with `importLazily` (src/core/lazy_import.ts) is loaded only when the import runs. These tests
 * read that graph with `deno info --json` (code dependencies, static and dynamic; types load nothing at run time).
 * `deno compile` does not follow `importLazily` either, so every lazily imported module must be named in
 * scripts/compile.ts's `--include` list: the last test finds each call site in the source and checks that.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { LAZY_MODULES } from "../scripts/compile.ts";
import { ROOT } from "./_spawn.ts";
import { denoInfo } from "./_deno_info.ts";

/** What `deno run <entry>` loads before the entry runs: relative paths of files, npm specifiers as they are. */
async function startupGraph(entry: string): Promise<string[]> {
  const info = await denoInfo(entry);
  const modules = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const queue = [...info.roots];
  while (queue.length > 0) {
    const s = queue.pop()!;
    const specifier = info.redirects[s] ?? s;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const d of modules.get(specifier)?.dependencies ?? []) {
      if (d.code !== undefined) queue.push(d.code.specifier);
    }
  }
  const root = new URL(`file://${ROOT}`).href;
  return [...seen].map((s) => s.startsWith(root) ? s.slice(root.length) : s).sort();
}

const MCP_ONLY = [/^npm:\/?@modelcontextprotocol\//, /^npm:\/?zod@/, /^src\/mcp\//];
const COMMANDS = LAZY_MODULES.filter((m) => m.startsWith("src/cli/"));

function matching(graph: readonly string[], patterns: readonly RegExp[]): string[] {
  return graph.filter((m) => patterns.some((p) => p.test(m)));
}

Deno.test("cli.ts loads the command table only: no command, no MCP SDK, no zod until a command runs", async () => {
  const graph = await startupGraph("cli.ts");
  assert.ok(graph.includes("src/cli/commands.ts"), "the graph of cli.ts was read");
  assert.deepEqual(matching(graph, MCP_ONLY), []);
  assert.deepEqual(graph.filter((m) => COMMANDS.includes(m)), []);
  assert.deepEqual(graph.filter((m) => m.startsWith("npm:")), []);
});

Deno.test("no command but mcp loads the MCP SDK, zod or the tool server", async () => {
  assert.ok(COMMANDS.length >= 13 && COMMANDS.includes("src/cli/mcp.ts"));
  for (const command of COMMANDS.filter((c) => c !== "src/cli/mcp.ts")) {
    assert.deepEqual(matching(await startupGraph(command), MCP_ONLY), [], command);
  }
  assert.ok(matching(await startupGraph("src/cli/mcp.ts"), MCP_ONLY).length > 0, "mcp loads the SDK");
});

Deno.test("join and deno task demo load no validator, overlay engine or RE2 unless asked", async () => {
  for (const entry of ["src/cli/join.ts", "src/joiner/mod.ts"]) {
    const graph = await startupGraph(entry);
    assert.ok(graph.includes("src/joiner/joiner.ts"), `the graph of ${entry} was read`);
    assert.deepEqual(
      matching(graph, [/^src\/validator\//, /^src\/overlay\//, /^npm:\/?re2js@/, ...MCP_ONLY]),
      [],
      entry,
    );
  }
  // the demo runs `join` through main: at start it loads the command table, then join's graph above
  const demo = await startupGraph("scripts/demo.ts");
  assert.ok(demo.includes("src/cli/commands.ts"), "the graph of scripts/demo.ts was read");
  assert.deepEqual(matching(demo, [/^src\/validator\//, /^npm:\/?re2js@/, ...MCP_ONLY]), []);
  // fix validates its result, but not at start-up: fix --no-validate never loads the validator
  assert.deepEqual(matching(await startupGraph("src/fixer/mod.ts"), [/^src\/validator\//]), []);
});

Deno.test("version loads neither the YAML parser nor the core barrel", async () => {
  const graph = await startupGraph("src/cli/version.ts");
  assert.deepEqual(matching(graph, [/^npm:/, /^src\/core\/mod\.ts$/, /^src\/io\//]), []);
});

/** The source files of src/ (tests left out), relative to the root. */
function sourceFiles(dir = join(ROOT, "src")): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) out.push(...sourceFiles(path));
    else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) out.push(relative(ROOT, path));
  }
  return out;
}

Deno.test("every module imported lazily is in the compile script's --include list", () => {
  // importLazily<T>("./x.ts", import.meta.url), and the command table's lazy<T>("./x.ts", "name")
  const call = /\b(importLazily|lazy)<((?:[^<>]|<[^<>]*>)*)>\(\s*("[^"]*")?/g;
  const found = new Set<string>();
  for (const file of sourceFiles()) {
    if (file === join("src", "core", "lazy_import.ts")) continue; // the definition and its example
    const text = Deno.readTextFileSync(join(ROOT, file));
    for (const m of text.matchAll(call)) {
      if (m[1] === "lazy" && file !== join("src", "cli", "commands.ts")) continue;
      // the command table's helper lazy<M>(file, name), which hands its file on; its calls are checked
      const table = file === join("src", "cli", "commands.ts");
      if (table && (text.slice(0, m.index).endsWith("function ") || m[0] === "importLazily<M>(")) continue;
      assert.ok(m[3] !== undefined, `${file}: ${m[0]} — give the specifier as a string literal`);
      const specifier = JSON.parse(m[3]) as string;
      const typed = /typeof import\("([^"]+)"\)/.exec(m[2]);
      if (typed !== null) assert.equal(typed[1], specifier, `${file}: the type names another module`);
      const target = relative(ROOT, join(ROOT, file, "..", specifier)).replaceAll("\\", "/");
      assert.ok(
        LAZY_MODULES.includes(target),
        `${file} imports ${target} lazily; add it to scripts/compile.ts`,
      );
      found.add(target);
    }
    const calls = text.match(/\bimportLazily[<(]/g)?.length ?? 0;
    const literal = [...text.matchAll(call)].filter((m) => m[1] === "importLazily").length;
    if (file === join("src", "cli", "commands.ts")) {
      assert.equal(calls, 1, "commands.ts: only lazy<M> imports");
    }
    assert.equal(literal, calls, `${file}: every importLazily call is found by this test`);
  }
  assert.ok(
    found.has("src/cli/validate.ts") && found.has("src/validator/_schema_3_1.ts"),
    "call sites found",
  );
  for (const m of LAZY_MODULES) {
    assert.ok(Deno.statSync(join(ROOT, m)).isFile, `scripts/compile.ts includes ${m}, which does not exist`);
  }
});

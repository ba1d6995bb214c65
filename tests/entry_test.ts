/**
 * The root module is both the library and the command-line tool: run as the main module it runs the CLI, and
 * importing it does not load the CLI (the CLI is reached only through a dynamic import).
 */
import assert from "node:assert/strict";
import { PERMISSIONS, ROOT } from "./_spawn.ts";
import { denoInfo, type InfoModule } from "./_deno_info.ts";

/** The modules `deno info` lists, by specifier. */
async function moduleGraph(entry: string): Promise<Map<string, InfoModule>> {
  return new Map((await denoInfo(entry)).modules.map((m) => [m.specifier, m]));
}

Deno.test("importing mod.ts loads no module of src/cli; running it as the main module imports the CLI", async () => {
  const graph = await moduleGraph("mod.ts");
  const root = new URL("../mod.ts", import.meta.url).href;
  const cli = new URL("../src/cli/", import.meta.url).href;
  // Everything an import of mod.ts loads: its static (code and type) dependencies, transitively.
  const seen = new Set<string>([root]);
  const queue = [root];
  const dynamic: string[] = [];
  while (queue.length > 0) {
    const m = graph.get(queue.pop()!);
    for (const d of m?.dependencies ?? []) {
      for (const target of [d.code?.specifier, d.type?.specifier]) {
        if (target === undefined) continue;
        if (d.isDynamic) {
          dynamic.push(target);
          continue;
        }
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
  }
  assert.ok(seen.size > 20, "the graph of mod.ts was read");
  assert.deepEqual([...seen].filter((s) => s.startsWith(cli)), []);
  assert.ok(dynamic.includes(`${cli}main.ts`), "mod.ts imports src/cli/main.ts dynamically");
});

Deno.test("deno run mod.ts <command> runs the CLI", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}mod.ts`, "version", "--format", "json"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout));
  assert.equal(typeof info.version, "string");
  assert.equal(info.deno, Deno.version.deno);
});

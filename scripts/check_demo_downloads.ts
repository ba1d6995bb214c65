/**
 * What `deno task demo` downloads on a fresh machine (issue 32): runs the demo task's `deno run` command with an
 * empty DENO_DIR and lists the npm packages that land in its cache, against what `join` needs (the npm packages
 * of src/cli/join.ts's module graph, with their dependencies from deno.lock). Exits 1 when the demo downloads a
 * package join does not need; says so in one line and exits 0 when the npm registry cannot be reached.
 *
 *   deno run -A scripts/check_demo_downloads.ts [--task]
 *
 * `--task` also runs `deno task demo` itself in another empty DENO_DIR and lists what it adds: Deno's task
 * runner installs every package of deno.lock before it runs any task (Deno 2.9; denoland/deno#28999), which
 * the task's command cannot change.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reachable } from "../tests/_deno_info.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The package name of an npm specifier (`npm:/@scope/name@1.2.3/file.js`) or a deno.lock key (`name@1.2.3_peer@4`). */
export function packageName(text: string): string {
  const bare = text.replace(/^npm:\/?/, "");
  const at = bare.indexOf("@", 1);
  return at < 0 ? bare.split("/")[0] : bare.slice(0, at);
}

/** The names of `roots` and of every package they depend on, transitively, by deno.lock's `npm` section. */
export function withDependencies(
  roots: Iterable<string>,
  lock: { npm?: Record<string, { dependencies?: string[] }> },
): Set<string> {
  const byName = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(lock.npm ?? {})) {
    const name = packageName(key);
    byName.set(name, [...byName.get(name) ?? [], ...(entry.dependencies ?? []).map(packageName)]);
  }
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...byName.get(name) ?? []);
  }
  return seen;
}

/** The npm packages the module graph of `entry` imports: its static imports, and its dynamic ones if asked. */
async function npmImports(entry: string, dynamic: boolean): Promise<string[]> {
  return (await reachable(entry, dynamic)).filter((s) => s.startsWith("npm:")).map(packageName);
}

/**
 * The npm packages the demo may load: those of demo.ts's static graph and of join's whole graph (its dynamic
 * imports too), with their dependencies. demo.ts reaches every other command only through main.ts's table of
 * dynamic imports, which it does not run.
 */
export async function joinNeeds(): Promise<Set<string>> {
  const imported = [
    ...await npmImports("scripts/demo.ts", false),
    ...await npmImports("src/cli/join.ts", true),
  ];
  return withDependencies(imported, JSON.parse(await Deno.readTextFile(join(ROOT, "deno.lock"))));
}

/** The npm packages in a DENO_DIR's cache (`@scope/name` for scoped ones), sorted. */
export async function cachedPackages(denoDir: string): Promise<string[]> {
  const registry = join(denoDir, "npm", "registry.npmjs.org");
  const out: string[] = [];
  try {
    for await (const e of Deno.readDir(registry)) {
      if (!e.isDirectory) continue;
      if (!e.name.startsWith("@")) out.push(e.name);
      else for await (const s of Deno.readDir(join(registry, e.name))) out.push(`${e.name}/${s.name}`);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return out.sort();
}

/** The demo task's command from deno.json, with `deno` as this Deno. */
export async function demoCommand(): Promise<string[]> {
  const task =
    (JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json"))) as { tasks: Record<string, string> })
      .tasks.demo;
  const words = task.trim().split(/\s+/);
  if (words[0] !== "deno" || words.some((w) => /["'$&|;<>]/.test(w))) {
    throw new Error(`the demo task is not one plain deno command: ${task}`);
  }
  return [Deno.execPath(), ...words.slice(1)];
}

/** Whether the npm registry answers within a few seconds. */
export async function registryReachable(): Promise<boolean> {
  try {
    const r = await fetch("https://registry.npmjs.org/", {
      method: "HEAD",
      signal: AbortSignal.timeout(5000),
    });
    await r.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Runs `command` in the project's root with an empty DENO_DIR; the npm packages it downloaded. */
export async function freshDownloads(command: readonly string[]): Promise<string[]> {
  const denoDir = await Deno.makeTempDir({ prefix: "oatool-deno-dir-" });
  try {
    const out = await new Deno.Command(command[0], {
      args: command.slice(1),
      cwd: ROOT,
      env: { DENO_DIR: denoDir, NO_COLOR: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!out.success) {
      throw new Error(`${command.join(" ")} failed:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`);
    }
    return await cachedPackages(denoDir);
  } finally {
    await Deno.remove(denoDir, { recursive: true });
  }
}

async function main(args: readonly string[]): Promise<number> {
  if (!(await registryReachable())) {
    console.log("skipped: registry.npmjs.org is not reachable, so a fresh demo cannot download anything.");
    return 0;
  }
  const needs = await joinNeeds();
  const run = await freshDownloads(await demoCommand());
  const extra = run.filter((p) => !needs.has(p));
  console.log(`demo's run downloads ${run.length}: ${run.join(", ")}`);
  console.log(`join needs ${needs.size}: ${[...needs].sort().join(", ")}`);
  if (args.includes("--task")) {
    const task = await freshDownloads([Deno.execPath(), "task", "demo"]);
    const added = task.filter((p) => !run.includes(p));
    console.log(
      `deno task demo downloads ${task.length} (its task runner adds ${added.length}: ${added.join(", ")})`,
    );
  }
  if (extra.length > 0) {
    console.log(`FAILED: the demo downloads what join does not need: ${extra.join(", ")}`);
    return 1;
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));

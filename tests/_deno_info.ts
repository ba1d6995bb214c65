/**
 * `deno info --json` of a module of the project, for the tests that check what a module loads.
 *
 * @module
 */
import assert from "node:assert/strict";
import { ROOT } from "./_spawn.ts";

/** One dependency of a module as `deno info` lists it. */
export interface InfoDependency {
  specifier: string;
  code?: { specifier: string };
  type?: { specifier: string };
  isDynamic?: boolean;
}

/** One module of the graph. */
export interface InfoModule {
  specifier: string;
  dependencies?: InfoDependency[];
}

/** The graph `deno info --json` prints. */
export interface DenoInfo {
  roots: string[];
  modules: InfoModule[];
  redirects: Record<string, string>;
}

/** Runs `deno info --json entry` in the project's root folder; fails the test when deno info fails. */
export async function denoInfo(entry: string): Promise<DenoInfo> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout)) as DenoInfo;
}

/**
 * The modules `entry` reaches, as `deno info` names them (file: URLs, npm specifiers, node: modules): its static
 * code imports, transitively, and its literal dynamic imports too when `dynamic` is true. Without them, this is
 * what `entry` evaluates before it runs: Deno reads dynamic imports, but evaluates them only when they run.
 */
export async function reachable(entry: string, dynamic = false): Promise<string[]> {
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
      if (d.code !== undefined && (dynamic || !d.isDynamic)) queue.push(d.code.specifier);
    }
  }
  return [...seen];
}

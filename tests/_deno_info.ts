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

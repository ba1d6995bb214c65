/**
 * Helpers shared by the benchmark and corpus scripts in this folder (private to scripts/): flags, the work
 * folder, npm installs into it, running and timing whole processes, medians.
 *
 * @module
 */
import { fileExists } from "../src/core/mod.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFlags } from "../src/cli/flags.ts";
import { BINARY_PERMISSIONS as PERMISSIONS } from "./compile.ts";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));

/** Flags of a script, from {@link parseBenchArgs}. */
export interface BenchArgs {
  /** `--runs`, at least 1; the script's default when not given (1 when the script takes no `--runs`). */
  runs: number;
  /** `--dir`, or undefined when not given (or given empty). */
  dir: string | undefined;
  /** The further string flags named in the options, undefined when not given. */
  values: Record<string, string | undefined>;
}

/** Options of {@link parseBenchArgs}. */
export interface BenchArgsOptions {
  /** Default of `--runs`; leave out when the script takes no `--runs`. */
  runs?: number;
  /** Whether the script takes `--dir` (default true). */
  dir?: boolean;
  /** Names of further string flags, e.g. `["sample", "out"]`. */
  strings?: readonly string[];
}

/**
 * Parses a script's flags (`--runs N`, `--dir PATH` and the named others; `--flag value`, `--flag=value` and
 * `-flag` alike). Throws a UsageError for unknown flags and an Error for positional arguments.
 */
export function parseBenchArgs(args: readonly string[], options: BenchArgsOptions = {}): BenchArgs {
  const names = [
    ...(options.runs === undefined ? [] : ["runs"]),
    ...(options.dir === false ? [] : ["dir"]),
    ...(options.strings ?? []),
  ];
  const parsed = parseFlags(args, names.map((name) => ({ name, type: "string" as const, description: "" })));
  if (parsed.args.length > 0) {
    throw new Error(
      `unexpected argument "${parsed.args[0]}"; this script takes only flags (${names.join(", ")}).`,
    );
  }
  const values: Record<string, string | undefined> = {};
  for (const name of options.strings ?? []) values[name] = parsed.flags[name] as string | undefined;
  const runs = parsed.flags.runs === undefined ? options.runs ?? 1 : Number(parsed.flags.runs);
  return {
    runs: Math.max(1, runs),
    dir: (parsed.flags.dir as string | undefined) || undefined,
    values,
  };
}

/**
 * GitHub's REST description: the file given (`--github`), else `@octokit/openapi` installed with npm into the work
 * folder (`--dir`, or a temporary one). Throws when the file does not exist.
 */
export async function githubDescription(given: string | undefined, dir: string | undefined): Promise<string> {
  let github = given;
  if (github === undefined) {
    const folder = await workDir(dir, "oatool-bench-");
    await npmInstall(folder, ["@octokit/openapi"]);
    github = join(folder, "node_modules/@octokit/openapi/generated/api.github.com.json");
  }
  if (!await exists(github)) {
    throw new Error(`${github} does not exist; give GitHub's description with --github.`);
  }
  return github;
}

/** The folder to work in: `given` (created when missing) or, without it, a new temporary folder named `prefix…`. */
export async function workDir(given: string | undefined, prefix: string): Promise<string> {
  if (given === undefined) return await Deno.makeTempDir({ prefix });
  await Deno.mkdir(given, { recursive: true });
  return given;
}

/** Whether a file or folder exists at `path` (core's check, under the name the scripts use). */
export const exists: (path: string) => Promise<boolean> = fileExists;

/** The package name of an npm install spec (`@scope/name@1.2.3` → `@scope/name`). */
function packageName(spec: string): string {
  const at = spec.indexOf("@", 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/**
 * Installs npm packages (`name` or `name@version`) into `dir` unless every one of them is there already,
 * saying so on stderr; writes a private package.json first when the folder has none. Throws with npm's
 * messages when npm fails.
 */
export async function npmInstall(dir: string, packages: readonly string[]): Promise<void> {
  let missing = false;
  for (const spec of packages) {
    if (!(await exists(join(dir, "node_modules", packageName(spec), "package.json")))) missing = true;
  }
  if (!missing) return;
  console.error(`installing ${packages.join(", ")} into ${dir} …`);
  if (!(await exists(join(dir, "package.json")))) {
    await Deno.writeTextFile(join(dir, "package.json"), '{ "name": "oatool-bench", "private": true }\n');
  }
  const npm = await run(["npm", "install", "--no-audit", "--no-fund", "--silent", ...packages], { cwd: dir });
  if (npm.code !== 0) throw new Error(`npm install failed in ${dir} (exit ${npm.code}):\n${npm.stderr}`);
}

/**
 * The command line running oatool's cli.ts with `args`, under the permission flags of the compiled binary;
 * `quiet` adds Deno's `--quiet`.
 */
export function oatoolCommand(args: readonly string[], options: { quiet?: boolean } = {}): string[] {
  return [Deno.execPath(), "run", ...(options.quiet ? ["--quiet"] : []), ...PERMISSIONS, CLI, ...args];
}

/** One finished process, from {@link run}. */
export interface Run {
  /** Exit code. */
  code: number;
  /** Standard output; empty when it was discarded or sent to a file. */
  stdout: string;
  /** Standard error. */
  stderr: string;
  /** Wall time in ms, from start to exit. */
  ms: number;
}

/** Options of {@link run}. */
export interface RunOptions {
  /** Working folder of the process. */
  cwd?: string;
  /** Further environment variables. */
  env?: Record<string, string>;
  /** `"null"` discards standard output (default: collected in {@link Run.stdout}). */
  stdout?: "piped" | "null";
  /** Writes standard output to this file once the process has ended. */
  stdoutFile?: string;
}

/** Runs a whole process, `command` being the executable and its arguments, and times it. */
export async function run(command: readonly string[], options: RunOptions = {}): Promise<Run> {
  const started = performance.now();
  const out = await new Deno.Command(command[0], {
    args: command.slice(1),
    cwd: options.cwd,
    env: options.env,
    stdout: options.stdout ?? "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - started;
  const dec = new TextDecoder();
  const piped = options.stdout !== "null";
  if (piped && options.stdoutFile !== undefined) await Deno.writeFile(options.stdoutFile, out.stdout);
  return {
    code: out.code,
    stdout: piped && options.stdoutFile === undefined ? dec.decode(out.stdout) : "",
    stderr: dec.decode(out.stderr),
    ms,
  };
}

/** The median of some numbers (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Options of {@link timeCommand}. */
export interface TimeOptions extends RunOptions {
  /** Exit codes that count as a completed run (default `[0]`). */
  okCodes?: readonly number[];
}

/** Result of {@link timeCommand}. */
export interface Timing {
  /** Median wall time of the timed runs, in ms. */
  ms: number;
  /** The timed runs (the warm-up run left out). */
  runs: Run[];
}

/**
 * Runs `command` once to warm caches (file cache, Deno's module cache), then `runs` times, and returns the
 * median wall time of those. Throws, with the process's stderr, when an exit code is not in `okCodes`.
 */
export async function timeCommand(
  command: readonly string[],
  runs: number,
  options: TimeOptions = {},
): Promise<Timing> {
  const ok = options.okCodes ?? [0];
  const timed: Run[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const r = await run(command, options);
    if (!ok.includes(r.code)) {
      throw new Error(`${command.join(" ")} failed (exit ${r.code}):\n${r.stderr}`);
    }
    if (i > 0) timed.push(r);
  }
  return { ms: median(timed.map((r) => r.ms)), runs: timed };
}

/** The files below `dir` whose names match `pattern`, sorted (unreadable folders are skipped). */
export function listFiles(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(d)];
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory) stack.push(p);
      else if (e.isFile && pattern.test(e.name)) out.push(p);
    }
  }
  return out.sort();
}

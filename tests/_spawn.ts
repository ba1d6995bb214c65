/**
 * Runs `cli.ts` as a separate process, by default with exactly the permission flags of the compiled binary
 * (scripts/compile.ts), and kills it when it runs past a bound: a hang fails the test with `killed: true`
 * instead of hanging the suite. No timing is asserted; the bound only stops a runaway child.
 */
import { fileURLToPath } from "node:url";
import { BINARY_PERMISSIONS } from "../scripts/compile.ts";

/** The project's root folder (where `cli.ts` is), ending in a slash. */
export const ROOT: string = fileURLToPath(new URL("../", import.meta.url));

/** The permission flags of `deno task oatool` and of the compiled binaries. */
export const PERMISSIONS: readonly string[] = BINARY_PERMISSIONS;

/** How a spawned run went. */
export interface SpawnResult {
  /** Exit code (137 or similar when killed). */
  code: number;
  stdout: string;
  stderr: string;
  /** Whether the run was killed for going past `timeoutMs`. */
  killed: boolean;
}

/** Options of {@link spawnOatool}. */
export interface SpawnOptions {
  /** Text given on standard input; none (closed) when undefined. */
  stdin?: string;
  /** Working directory. @default ROOT */
  cwd?: string;
  /** Permission flags in place of the binary's. */
  permissions?: readonly string[];
  /** Kill the child after this many milliseconds. @default 60000 */
  timeoutMs?: number;
  /** Extra environment variables (NO_COLOR=1 is always set). */
  env?: Record<string, string>;
  /**
   * Shell commands run first by `sh -c` in the same process, which then becomes oatool (`exec <api.yaml` for a
   * file as standard input, `ulimit -f 16` to cap the size of files written). @default none
   */
  shell?: string;
}

/** Runs `oatool <args>` from source in a child process. */
export async function spawnOatool(args: readonly string[], options: SpawnOptions = {}): Promise<SpawnResult> {
  const run = ["run", "--quiet", ...(options.permissions ?? PERMISSIONS), `${ROOT}cli.ts`, ...args];
  const child = new Deno.Command(options.shell === undefined ? Deno.execPath() : "sh", {
    args: options.shell === undefined
      ? run
      : ["-c", `${options.shell}; exec "$0" "$@"`, Deno.execPath(), ...run],
    cwd: options.cwd ?? ROOT,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...options.env },
  }).spawn();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }, options.timeoutMs ?? 60_000);
  try {
    if (options.stdin !== undefined) {
      const w = child.stdin.getWriter();
      try {
        await w.write(new TextEncoder().encode(options.stdin));
        await w.close();
      } catch {
        // the child may exit before reading all of it
      }
    }
    const out = await child.output();
    const dec = new TextDecoder();
    return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr), killed };
  } finally {
    clearTimeout(timer);
  }
}

/** Makes a temporary folder, runs `fn` with it and removes it afterwards, whatever happens. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-test-" });
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/**
 * What `deno publish --dry-run` prints (standard output and error, no colour): the package's file list, for
 * tests of what is published. Fails the test unless the dry run succeeds.
 */
export async function publishDryRun(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["publish", "--dry-run", "--allow-dirty", "--no-check"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`deno publish --dry-run failed:\n${text}`);
  return text;
}

/**
 * Deno's permission flags as oatool's outer fence. When a run is started with narrow grants
 * (`deno run --allow-read=./api,./out --allow-write=./out …`), Deno refuses every access outside them with
 * `Deno.errors.NotCapable` (older releases: `PermissionDenied`) and a message such as
 * `Requires read access to "x.yaml", run again with the --allow-read flag`. This module turns such a refusal
 * into oatool's usual one sentence: what was refused, and the exact flag that would allow it. It never advises
 * `--allow-all`.
 *
 * A `PermissionDenied` without Deno's "Requires … access" wording comes from the operating system (file
 * modes), which no flag can change; it is left to the callers' own messages.
 *
 * @module
 */
import { dirname, resolve } from "node:path";

/** One access Deno's permission flags refused. */
export interface PermissionRefusal {
  /**
   * The kind of access: `read`, `write`, `net`, `env`, `run`, `sys`, `ffi`, `import`; `all` for the special
   * files (devices, `/proc`, `/dev/stdin` by name) Deno opens only with every permission; `unknown` when Deno's
   * wording was not recognised.
   */
  kind: string;
  /** What Deno named: a path, `host:port`, a variable, a program; undefined when it named nothing. */
  target?: string;
}

/** What the caller was doing when the refusal came, so the sentence can name the user's own file or URL. */
export interface RefusalContext {
  /** The file being read. */
  read?: string;
  /** The file being written (atomically, through a temporary file in its folder). */
  write?: string;
  /** The URL being fetched, as it may be shown (credentials already removed). */
  url?: string;
}

const KINDS = new Set(["read", "write", "net", "env", "run", "sys", "ffi", "import", "all"]);
const MAX_SHOWN = 300;

/**
 * The refusal carried by an error when it is Deno refusing an access its permission flags do not grant;
 * undefined for any other error (including an operating-system "permission denied").
 */
export function permissionRefusal(error: unknown): PermissionRefusal | undefined {
  const capable = error instanceof Deno.errors.NotCapable;
  if (!capable && !(error instanceof Deno.errors.PermissionDenied)) return undefined;
  const m = /^Requires (\w+) access(?: to "((?:[^"\\]|\\.)*)")?/.exec((error as Error).message);
  if (m === null || !KINDS.has(m[1])) {
    if (!capable) return undefined;
    const named = /--allow-(\w+)/.exec((error as Error).message)?.[1];
    return { kind: named !== undefined && KINDS.has(named) ? named : "unknown" };
  }
  return m[2] === undefined ? { kind: m[1] } : { kind: m[1], target: m[2] };
}

/** Shows a value safely in a message: control characters escaped, length bounded. */
function shown(text: string): string {
  const escaped = text.replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return escaped.length > MAX_SHOWN ? `${escaped.slice(0, MAX_SHOWN)}…` : escaped;
}

/** Quotes a flag for a POSIX shell when its value holds anything beyond plain path characters. */
function shellWord(flag: string): string {
  return /^[\w./:@%+=,~-]+$/.test(flag) ? flag : `'${flag.replaceAll("'", `'\\''`)}'`;
}

/** The host of a `host:port` (or `[v6]:port`) Deno named. */
function hostOf(target: string): string {
  const v6 = /^(\[[^\]]*\])(?::\d+)?$/.exec(target);
  if (v6) return v6[1];
  return target.replace(/:\d+$/, "");
}

/**
 * The flag that grants an access, for example `--allow-read=/srv/api/pet.yaml` or `--allow-net=example.com`
 * (a network grant names the host, every port). Paths are made absolute against the working directory, so the
 * flag means the same wherever it is pasted from; a path with a comma, which Deno's flag lists cannot hold,
 * becomes its nearest folder without one. Quoted for the shell where needed. Undefined for `all` and `unknown`:
 * oatool never advises granting every permission.
 */
export function allowFlag(refusal: PermissionRefusal): string | undefined {
  if (refusal.kind === "all" || refusal.kind === "unknown") return undefined;
  if (refusal.target === undefined || refusal.target === "") return `--allow-${refusal.kind}`;
  let value = refusal.target;
  if (refusal.kind === "read" || refusal.kind === "write" || refusal.kind === "ffi") {
    value = resolve(value);
    // Deno splits a flag's list at commas and has no escape for them: grant the nearest folder without one.
    for (let up = dirname(value); value.includes(",") && up !== value; up = dirname(up)) value = up;
  } else if (refusal.kind === "net" || refusal.kind === "import") value = hostOf(value);
  return shellWord(`--allow-${refusal.kind}=${shown(value)}`);
}

/**
 * One sentence for an access Deno's permission flags refused: what was refused and the exact flag that would
 * allow it; undefined when the error is not such a refusal.
 *
 * Writing is atomic (a temporary file in the output's folder, then renamed over it), and Deno allows the rename
 * only with read access to the temporary file, so a refused write names the output's folder for both
 * `--allow-write` and `--allow-read`.
 *
 * @example
 * ```ts
 * import { permissionMessage } from "./permission.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const error = new Deno.errors.NotCapable(
 *   'Requires read access to "/srv/secret.yaml", run again with the --allow-read flag',
 * );
 * assertEquals(
 *   permissionMessage(error),
 *   'reading "/srv/secret.yaml" is not allowed by Deno\'s permissions; run with --allow-read=/srv/secret.yaml to allow it.',
 * );
 * ```
 */
export function permissionMessage(error: unknown, context: RefusalContext = {}): string | undefined {
  const found = permissionRefusal(error);
  if (found === undefined) return undefined;
  const refusal = found.target === undefined && found.kind === "read" && context.read !== undefined
    ? { kind: "read", target: context.read }
    : found;
  if (refusal.kind === "all") {
    const path = shown(resolve(refusal.target ?? context.write ?? context.read ?? "."));
    return `${context.write !== undefined ? "writing" : "reading"} "${path}" is not allowed by Deno's ` +
      `permissions: Deno opens such special files (devices, /proc, /dev/stdin by name) only with every ` +
      `permission, which oatool never asks for; name a regular file, or "-" for standard input or output.`;
  }
  if (refusal.kind === "unknown") {
    return `Deno's permissions refused an access oatool needs; grant that access alone with its --allow flag ` +
      `(deno run --help lists them).`;
  }
  if (context.write !== undefined) {
    const folder = dirname(resolve(context.write));
    const flag = allowFlag({ kind: refusal.kind === "read" ? "read" : "write", target: folder })!;
    return refusal.kind === "read"
      ? `writing "${
        shown(context.write)
      }" needs read access to its folder too (oatool writes a temporary file ` +
        `there and renames it, which Deno allows only with read access); run with ${flag} to allow it.`
      : `writing "${
        shown(context.write)
      }" is not allowed by Deno's permissions; run with ${flag} (the folder, ` +
        `where oatool writes a temporary file first) to allow it.`;
  }
  const flag = allowFlag(refusal)!;
  if (context.url !== undefined && refusal.kind === "net") {
    return `fetching ${shown(context.url)} is not allowed by Deno's permissions; run with ${flag} ` +
      `to allow it.`;
  }
  if (refusal.kind === "read" && refusal.target !== undefined) {
    const path = resolve(refusal.target);
    return `reading "${shown(path)}" is not allowed by Deno's permissions; run with ${flag} to allow it.`;
  }
  const what = refusal.target === undefined
    ? `${refusal.kind} access`
    : `${refusal.kind} access to "${shown(refusal.target)}"`;
  return `${what} is not allowed by Deno's permissions; run with ${flag} to allow it.`;
}

/**
 * Reports a refused access through `write` (one line, prefixed) and says whether it did: the command line's
 * last line of defence, for a refusal that surfaced outside the reader and the writer.
 */
export function reportRefusal(error: unknown, write: (text: string) => void, prefix: string): boolean {
  const message = permissionMessage(error);
  if (message === undefined) return false;
  write(`${prefix}${message}\n`);
  return true;
}

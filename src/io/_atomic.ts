/**
 * The mechanics of an atomic write, private to core's writer (write.ts): our temporary files (their name, the
 * removal of stale ones), the signal guard, and {@link replaceAtomically}, which writes a temporary file and
 * renames it over the target, removing it on every path that does not end in the rename.
 *
 * @module
 */
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { Buffer } from "node:buffer";
import { WriteError } from "../core/errors.ts";
import { isInside } from "../core/confine.ts";
import { permissionMessage } from "./permission.ts";

/**
 * Our temporary files: `.<target name>.oatool-<pid>-<8 hex>.tmp`, in the target's folder. The pid says whether
 * the run that made it is still alive; nothing else is ever taken for one of ours.
 */
const TEMP_NAME = /^\..*\.oatool-([0-9]{1,10})-[0-9a-f]{8}\.tmp$/;

/** A temporary file of ours older than this is stale even if a process with its pid is alive (pid reuse). */
export const STALE_TEMP_AGE_MS = 15 * 60 * 1000;

/** Bytes of the target's name kept in a temporary file's name (a file name has at most 255 bytes). */
const NAME_BYTES = 200;

/** The name of a new temporary file for the target named `name`. */
export function tempNameFor(name: string): string {
  let kept = name;
  if (Buffer.byteLength(kept, "utf8") > NAME_BYTES) {
    kept = Buffer.from(kept, "utf8").subarray(0, NAME_BYTES).toString("utf8").replace(/\uFFFD+$/, "");
  }
  return `.${kept}.oatool-${Deno.pid}-${crypto.randomUUID().slice(0, 8)}.tmp`;
}

/** Whether `name` is one of our temporary files (of any run). */
export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/**
 * Whether the process `pid` is known to be gone: asked only where the run may signal processes (`--allow-run`;
 * never a permission prompt), else unknown (false), and the age of the file decides.
 */
async function processGone(pid: number): Promise<boolean> {
  try {
    if (Deno.permissions.querySync({ name: "run" }).state !== "granted") return false;
    // node:process costs every command ~10 ms at start: imported only here, where it is used
    const { default: process } = await import("node:process");
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: unknown }).code === "ESRCH";
  }
}

/**
 * Removes the stale temporary files of ours among `names` (entries of `dir`): regular files named by our
 * pattern, made more than {@link STALE_TEMP_AGE_MS} ago, or by another process known to be gone. Never fails: what
 * cannot be removed stays. Returns how many were removed.
 */
export async function removeStaleTemps(dir: string, names: Iterable<string>): Promise<number> {
  let removed = 0;
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === Deno.pid) continue; // this run's own, under way
    const path = join(dir, name);
    try {
      const info = await Deno.lstat(path);
      if (!info.isFile) continue;
      const old = info.mtime !== null && Date.now() - info.mtime.getTime() > STALE_TEMP_AGE_MS;
      if (!old && !(await processGone(pid))) continue;
      await Deno.remove(path);
      removed++;
    } catch { /* gone already, or not ours to remove */ }
  }
  return removed;
}

/** Removes the stale temporary files of ours in the folder `dir` (see {@link removeStaleTemps}). Never fails. */
export async function cleanFolder(dir: string): Promise<void> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && TEMP_NAME.test(entry.name)) names.push(entry.name);
    }
  } catch {
    return; // an unreadable folder: the write says why, if it fails
  }
  await removeStaleTemps(dir, names);
}

const SIGNALS: readonly Deno.Signal[] = Deno.build.os === "windows"
  ? ["SIGINT"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];

/** Catches SIGINT, SIGTERM and SIGHUP while a write is under way, so that it can clean up instead of dying. */
export class SignalGuard {
  #signal: Deno.Signal | undefined;
  readonly #listeners: [Deno.Signal, () => void][];

  /** `path`: the file written, or with `set` the folder a set of files is written into. */
  constructor(readonly path: string, readonly set = false) {
    this.#listeners = SIGNALS.map((signal) => [signal, () => {
      this.#signal ??= signal;
    }]);
    for (const [signal, listener] of this.#listeners) Deno.addSignalListener(signal, listener);
  }

  /** The error of an interrupted write, if a signal arrived. */
  get error(): WriteError | undefined {
    if (this.#signal === undefined) return undefined;
    return new WriteError(
      this.set
        ? `writing into "${this.path}" was interrupted by ${this.#signal}; each file there is either as it was or complete, and no temporary file is left.`
        : `writing "${this.path}" was interrupted by ${this.#signal}; the old file is unchanged and no temporary file is left.`,
    );
  }

  /** Lets a signal that arrived during synchronous work (serialising) reach its listener. */
  settle(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }

  /** Throws when a signal arrived. */
  check(): void {
    const error = this.error;
    if (error !== undefined) throw error;
  }

  /** Gives the signals back to their default handling. */
  stop(): void {
    for (const [signal, listener] of this.#listeners) Deno.removeSignalListener(signal, listener);
  }
}

/** Bytes written per call: the signal guard is checked between chunks. */
const CHUNK = 1024 * 1024;

/**
 * Writes `text` to a new temporary file in the folder of `place` (the target's path, its folder resolved, its
 * last component not followed), then renames it over `place`: a symbolic link there is replaced, never written
 * through. Every step is awaited in turn (no write is left running in the background), the guard is checked
 * between chunks, and the temporary file is removed on every path that does not end in the rename.
 *
 * @throws {WriteError} naming `shown` (the path as the caller gave it).
 */
export async function replaceAtomically(
  place: string,
  text: string,
  mode: number | undefined,
  guard: SignalGuard,
  shown: string,
): Promise<void> {
  const dir = dirname(place);
  guard.check();
  const temp = join(dir, tempNameFor(basename(place)));
  let created = false;
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(temp, { write: true, createNew: true, mode: mode ?? 0o644 });
    created = true;
    const bytes = new TextEncoder().encode(text);
    for (let at = 0; at < bytes.byteLength;) {
      guard.check();
      at += await file.write(bytes.subarray(at, Math.min(at + CHUNK, bytes.byteLength)));
    }
    file.close();
    file = undefined;
    if (mode !== undefined) await Deno.chmod(temp, mode);
    await guard.settle();
    guard.check();
    await Deno.rename(temp, place);
    created = false;
  } catch (error) {
    throw writeFailure(error, guard, shown, dir);
  } finally {
    try {
      file?.close();
    } catch { /* closed already */ }
    if (created) {
      try {
        await Deno.remove(temp);
      } catch { /* nothing to clean up */ }
    }
  }
}

/** The one-sentence {@link WriteError} of a failed write. */
function writeFailure(error: unknown, guard: SignalGuard, shown: string, dir: string): WriteError {
  const interrupted = guard.error;
  if (interrupted !== undefined) return interrupted;
  if (error instanceof WriteError) return error;
  const refused = permissionMessage(error, { write: shown }); // Deno's flags refused it: name the flag
  if (refused !== undefined) return new WriteError(refused);
  if (error instanceof Deno.errors.NotFound) {
    return new WriteError(`cannot write "${shown}": the folder ${dir} does not exist; create it first.`);
  }
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    return new WriteError(`cannot write "${shown}": permission denied.`);
  }
  const why = (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
  return new WriteError(`cannot write "${shown}": ${why}.`);
}

/**
 * Refuses a write into `folder` through a symbolic link below `root`: every existing component of `folder` from
 * `root` down (`folder` included) is checked with lstat. A folder outside `root` is refused too. The file written
 * at the end is replaced, never followed, so it needs no check.
 *
 * @throws {WriteError} naming `shown` (the path as the caller gave it).
 */
export async function refuseSymlinkedFolders(root: string, folder: string, shown: string): Promise<void> {
  const full = resolve(folder);
  let base = resolve(root);
  if (!isInside(base, full)) {
    try {
      base = await Deno.realPath(base);
    } catch { /* as given */ }
  }
  if (!isInside(base, full)) {
    throw new WriteError(`cannot write "${shown}": it lies outside the folder the writes are confined to.`);
  }
  let at = base;
  for (const part of relative(base, full).split(sep)) {
    if (part === "") continue;
    at = join(at, part);
    let info: Deno.FileInfo;
    try {
      info = await Deno.lstat(at);
    } catch {
      return; // the rest does not exist yet: it is created as plain folders
    }
    if (info.isSymlink) {
      throw new WriteError(
        `cannot write "${shown}": the folder "${
          relative(base, at)
        }" on its way is a symbolic link, which writes do not follow; name a real folder.`,
      );
    }
  }
}

/**
 * Writing documents: the one document writer, {@link writeDocument}. Atomic (a temporary file in the same
 * folder, renamed over the target), with the mode asked, in the document's format, removed again when SIGINT or
 * SIGTERM arrives during the write, and never over a file the run read.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { WriteError } from "./errors.ts";
import { mayReferToFiles, type ReadFileIdentity, ReadSet } from "./confine.ts";
import type { DocumentFormat } from "./parse_text.ts";
import { serializeDocument } from "./serialize.ts";
import { createRefResolver } from "./refs.ts";
import { detectVersion } from "./version.ts";
import { createSourceMap } from "./source_map.ts";
import { defaultReader } from "./reader.ts";
import { permissionMessage } from "./permission.ts";

/** Options of {@link writeFileAtomic}. */
export interface WriteFileOptions {
  /** File mode of the written file, for example `0o600`. @default 0o644 (less the umask) */
  mode?: number;
  /** Paths of the inputs: writing over one of them is refused unless `allowOverwriteInput`. */
  inputs?: readonly string[];
  /**
   * What the run read (`ParseResult.readSet`, `JoinResult.readSet`, …): the output never replaces one of those
   * files, nor a file the documents loaded reference, compared by real path and by device and inode.
   */
  readSet?: ReadSet | readonly (ReadSet | undefined)[];
  /** Allow writing over an input. @default false */
  allowOverwriteInput?: boolean;
  /**
   * {@link writeFilesInto} only: leave a target that already holds exactly the new content as it is (not
   * rewritten, its time stamp kept). @default false
   */
  keepUnchanged?: boolean;
}

/** Options of {@link writeDocument}. */
export interface WriteDocumentOptions extends WriteFileOptions {
  /** The format to write: JSON with 2-space indentation, or YAML. */
  format: DocumentFormat;
}

/** The real path and identity of a path, following symbolic links; for a file not there yet, its real folder. */
async function identityOf(path: string): Promise<ReadFileIdentity> {
  const full = resolve(path);
  try {
    const real = await Deno.realPath(full);
    const info = await Deno.stat(real);
    return { path: real, dev: info.dev, ino: info.ino ?? undefined };
  } catch {
    try {
      return { path: join(await Deno.realPath(dirname(full)), basename(full)) };
    } catch {
      return { path: full };
    }
  }
}

/** A path for messages: relative to the current directory when inside it. */
function shown(path: string): string {
  const rel = relative(Deno.cwd(), path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/**
 * Every file the run read: the sets given, the named inputs, and the files the loaded OpenAPI documents reach
 * through `$ref` (followed now, with the same confinement as everywhere, when they were not yet).
 */
async function collectRead(options: WriteFileOptions): Promise<ReadSet> {
  const all = new ReadSet();
  const given = options.readSet === undefined
    ? []
    : Array.isArray(options.readSet)
    ? options.readSet as readonly (ReadSet | undefined)[]
    : [options.readSet as ReadSet];
  for (const set of given) {
    if (set === undefined) continue;
    for (const root of set.takeRoots()) {
      if (root.path === undefined && root.url !== undefined) continue; // its references never name local files
      if (root.text !== undefined && !mayReferToFiles(root.text)) continue; // every reference is local
      let oasVersion;
      try {
        oasVersion = detectVersion(root.data, root.source).oasVersion;
      } catch {
        continue; // not an OpenAPI document (an overlay): its `$ref`s are not references
      }
      await createRefResolver({
        document: root.data,
        oasVersion,
        source: root.source,
        path: root.path,
        url: root.url,
        baseDir: root.baseDir,
        readSet: set,
        sourceMap: () => createSourceMap("", "json", root.source),
      }, { reader: root.reader ?? defaultReader, readSet: set });
    }
    all.addAll(set);
  }
  for (const input of options.inputs ?? []) all.add(await identityOf(input));
  return all;
}

/** Refuses an output that is a file the run read. */
async function refuseReadFile(path: string, options: WriteFileOptions): Promise<void> {
  if (options.allowOverwriteInput) return;
  if (options.readSet === undefined && options.inputs === undefined) return;
  await refuseClash(await collectRead(options), path, "output file");
}

/** Throws when `path` is one of the files read. */
async function refuseClash(read: ReadSet, path: string, what: string): Promise<void> {
  refuseIdentity(read, await identityOf(path), path, what);
}

/** Throws when the file of `identity` (at `path`) is one of the files read. */
function refuseIdentity(read: ReadSet, identity: ReadFileIdentity, path: string, what: string): void {
  const clash = read.find(identity);
  if (clash !== undefined) {
    throw new WriteError(
      `refusing to write over the input "${
        shown(clash.path)
      }" (read by this run): the output "${path}" is the same file; choose another ${what}.`,
    );
  }
}

const SIGNALS: readonly Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];

/** Catches SIGINT and SIGTERM while a write is under way, so that it can clean up instead of dying half-way. */
class SignalGuard {
  readonly abort = new AbortController();
  #signal: Deno.Signal | undefined;
  readonly #listeners: [Deno.Signal, () => void][];

  constructor(readonly path: string) {
    this.#listeners = SIGNALS.map((signal) => [signal, () => {
      this.#signal ??= signal;
      this.abort.abort();
    }]);
    for (const [signal, listener] of this.#listeners) Deno.addSignalListener(signal, listener);
  }

  /** The error of an interrupted write, if a signal arrived. */
  get error(): WriteError | undefined {
    return this.#signal === undefined ? undefined : new WriteError(
      `writing "${this.path}" was interrupted by ${this.#signal}; the old file is unchanged and no temporary file is left.`,
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

/** Writes to a temporary file in the target's folder, then renames it over the target. */
async function replaceAtomically(
  path: string,
  text: string,
  mode: number | undefined,
  guard: SignalGuard,
  identity?: ReadFileIdentity,
): Promise<void> {
  const target = (identity ?? await identityOf(path)).path;
  const dir = dirname(target);
  try {
    const info = await Deno.stat(target);
    if (info.isDirectory) throw new WriteError(`"${path}" is a directory; name an output file.`);
  } catch (error) {
    if (error instanceof WriteError) throw error;
  }
  guard.check();
  const temp = join(dir, `.${basename(target)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  try {
    await Deno.writeTextFile(temp, text, {
      mode: mode ?? 0o644,
      createNew: true,
      signal: guard.abort.signal,
    });
    if (mode !== undefined) await Deno.chmod(temp, mode);
    await guard.settle();
    guard.check();
    await Deno.rename(temp, target);
  } catch (error) {
    try {
      await Deno.remove(temp);
    } catch { /* nothing to clean up */ }
    const interrupted = guard.error;
    if (interrupted !== undefined) throw interrupted;
    if (error instanceof WriteError) throw error;
    const refused = permissionMessage(error, { write: path }); // Deno's flags refused it: name the flag
    if (refused !== undefined) throw new WriteError(refused);
    if (error instanceof Deno.errors.NotFound) {
      throw new WriteError(`cannot write "${path}": the folder ${dir} does not exist; create it first.`);
    }
    if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
      throw new WriteError(`cannot write "${path}": permission denied.`);
    }
    throw new WriteError(
      `cannot write "${path}": ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

/** The whole write, from the first check to the rename, under one signal guard. */
async function guardedWrite(path: string, produce: () => string, options: WriteFileOptions): Promise<void> {
  // Installed before anything else (synchronously, on the call), so no signal during the write is missed.
  const guard = new SignalGuard(path);
  try {
    await refuseReadFile(path, options);
    guard.check();
    const text = produce();
    await guard.settle();
    guard.check();
    await replaceAtomically(path, text, options.mode, guard);
  } finally {
    guard.stop();
  }
}

/**
 * Writes a text file atomically: to a temporary file in the same folder, then renamed over the target, so the
 * target is never half-written. SIGINT or SIGTERM during the write removes the temporary file and leaves the old
 * target as it was (the write then fails with a {@link WriteError}). Refuses to write over a file the run read.
 *
 * @throws {WriteError} when the folder does not exist, writing fails or is interrupted, or the target was read.
 */
export function writeFileAtomic(path: string, text: string, options: WriteFileOptions = {}): Promise<void> {
  return guardedWrite(path, () => text, options);
}

/**
 * The one document writer: serialises `document` in `options.format` (key order kept) and writes it to `path`
 * like {@link writeFileAtomic}: atomically, with `options.mode`, cleaned up on SIGINT/SIGTERM, and never over a
 * file the run read (`options.readSet`: inputs, every `$ref`'d file, overlays; by real path and by device and
 * inode, so hard links and symbolic links count).
 *
 * @example
 * ```ts ignore
 * import { loadDocument, writeDocument } from "../../mod.ts";
 * const doc = await loadDocument("openapi.yaml");
 * await writeDocument("out.yaml", doc.document, { format: "yaml", readSet: doc.readSet });
 * ```
 * @throws {WriteError} when the target is a file the run read, the folder does not exist, writing fails or is
 *   interrupted.
 */
export function writeDocument(path: string, document: unknown, options: WriteDocumentOptions): Promise<void> {
  return guardedWrite(path, () => serializeDocument(document, options.format), options);
}

/** Whether a file exists (used to warn before overwriting). */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether the regular file at `path` (of `size` bytes) holds exactly `text` (false when it cannot be read). */
async function holds(path: string, size: number, text: string): Promise<boolean> {
  try {
    // Another size is another content (counted without encoding).
    if (size !== Buffer.byteLength(text, "utf8")) return false;
    // The bytes a write would put there (UTF-8, a lone surrogate as U+FFFD, as writeTextFile encodes), compared
    // byte for byte.
    return Buffer.from(text, "utf8").equals(await Deno.readFile(path));
  } catch {
    return false;
  }
}

/**
 * Writes text files into a directory, creating the directory (and its parents) first. Each file is written like
 * {@link writeFileAtomic} (atomic, cleaned up on SIGINT/SIGTERM); every target is checked against the files the
 * run read before the first is written, and the files are written a few at a time; with `keepUnchanged`, a
 * file that already holds the new content is left as it is. Names must be plain file names (no folders).
 * Returns the paths of the files, in the order given.
 *
 * @throws {WriteError} when the directory cannot be created, a name is not a plain file name, a target is a
 *   file the run read, or a write fails.
 */
export async function writeFilesInto(
  dir: string,
  files: readonly { name: string; content: string }[],
  options: WriteFileOptions = {},
): Promise<string[]> {
  for (const f of files) {
    if (f.name === "" || f.name === "." || f.name === ".." || /[\\/\0]/.test(f.name)) {
      throw new WriteError(
        `"${f.name}" is not a plain file name; generated files are written inside one directory.`,
      );
    }
  }
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (error) {
    const why = permissionMessage(error, { write: dir }) ??
      (error instanceof Error ? error.message : String(error));
    throw new WriteError(`cannot create the output directory "${shown(resolve(dir))}": ${why}`);
  }
  const paths = files.map((f) => join(dir, f.name));
  const BATCH = 64;
  // Each target's real path and identity, found once (a few at a time) for the check and the write: in the
  // directory's real path, by one lstat (a symbolic link is followed as identityOf does); with the size of a
  // regular file there.
  let realDir: string | undefined;
  try {
    realDir = await Deno.realPath(dir);
  } catch { /* identityOf for each */ }
  const targetOf = async (path: string, name: string): Promise<[ReadFileIdentity, number | undefined]> => {
    if (realDir === undefined) return [await identityOf(path), undefined];
    let info: Deno.FileInfo;
    try {
      info = await Deno.lstat(path);
    } catch {
      return [{ path: join(realDir, name) }, undefined];
    }
    if (info.isSymlink) return [await identityOf(path), undefined];
    return [
      { path: join(realDir, name), dev: info.dev, ino: info.ino ?? undefined },
      info.isFile ? info.size : undefined,
    ];
  };
  const identities: ReadFileIdentity[] = [];
  const sizes: (number | undefined)[] = [];
  for (let i = 0; i < paths.length; i += BATCH) {
    const found = await Promise.all(paths.slice(i, i + BATCH).map((p, j) => targetOf(p, files[i + j].name)));
    for (const [identity, size] of found) {
      identities.push(identity);
      sizes.push(size);
    }
  }
  if (!options.allowOverwriteInput && (options.readSet !== undefined || options.inputs !== undefined)) {
    const read = await collectRead(options);
    paths.forEach((path, i) => refuseIdentity(read, identities[i], path, "output directory"));
  }
  // One signal guard for the whole set: an interruption stops the writes still to come, and the one under way
  // removes its temporary file.
  const guard = new SignalGuard(dir);
  try {
    for (let i = 0; i < files.length; i += BATCH) {
      guard.check();
      await Promise.all(
        files.slice(i, i + BATCH).map(async (f, j) => {
          const identity = identities[i + j];
          const size = sizes[i + j];
          if (options.keepUnchanged && size !== undefined) {
            if (await holds(identity.path, size, f.content)) return;
          }
          await replaceAtomically(paths[i + j], f.content, options.mode, guard, identity);
        }),
      );
    }
  } finally {
    guard.stop();
  }
  return paths;
}

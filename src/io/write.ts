/**
 * Writing documents: the one document writer, {@link writeDocument}. Atomic (a temporary file in the same
 * folder, renamed over the target, so a symbolic link there is replaced, never written through), with the mode
 * asked, in the document's format, the temporary file removed on every failure and when SIGINT, SIGTERM or
 * SIGHUP arrives, stale temporary files of ours removed, and never over a file the run read (or refused to read).
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { WriteError } from "../core/errors.ts";
import { mayReferToFiles, type ReadFileIdentity, ReadSet, readSetList } from "../core/confine.ts";
import type { DocumentFormat } from "../core/parse_text.ts";
import { serializeDocument } from "../core/serialize.ts";
import { loadDocumentSet } from "./document_set.ts";
import { documentFromObject, type ParseResult } from "./load.ts";
import { defaultReader } from "./reader.ts";
import { permissionMessage } from "./permission.ts";
import {
  cleanFolder,
  refuseSymlinkedFolders,
  removeStaleTemps,
  replaceAtomically,
  SignalGuard,
} from "./_atomic.ts";

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
   * Refuse a target outside this folder, or reached through a symbolic link to a folder at any level below it
   * (the MCP server's workspace root). A symbolic link at the target itself is always replaced, never followed.
   * @default none: the target's folder is followed as the system resolves it
   */
  noSymlinksBelow?: string;
  /**
   * {@link writeFilesInto} only: looks at the regular files already in the folder before anything is written.
   * `select` picks them by name (and whether the write replaces one); `vet` gets each picked file's first 16 KiB
   * as text and returns undefined to accept it, else the one-sentence refusal of the whole write.
   */
  vetExisting?: {
    select(name: string, replaced: boolean): boolean;
    vet(file: { name: string; replaced: boolean; head: string }): string | undefined;
  };
  /**
   * {@link writeFilesInto} only: leave a target that already holds exactly the new content as it is (not
   * rewritten, its time stamp kept). @default false
   */
  keepUnchanged?: boolean;
  /** {@link writeFilesInto} only, with `keepUnchanged`: told the name of each file left as it was. */
  onUnchanged?: (name: string) => void;
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

/** Where a write to `path` puts its file: in the real path of its folder, the last component not followed. */
async function placeOf(path: string): Promise<string> {
  const full = resolve(path);
  try {
    return join(await Deno.realPath(dirname(full)), basename(full));
  } catch {
    return full;
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
  for (const set of readSetList(options.readSet)) {
    for (const root of set.takeRoots()) {
      if (root.path === undefined && root.url !== undefined) continue; // its references never name local files
      if (root.text !== undefined && !mayReferToFiles(root.text)) continue; // every reference is local
      if (root.followed) continue; // its document set was loaded: its files are in the set already
      let parsed: ParseResult;
      try {
        parsed = documentFromObject(root.data as object, {
          source: root.source,
          baseDir: root.baseDir,
          validateStructure: false,
        });
      } catch {
        continue; // not an OpenAPI document (an overlay): its `$ref`s are not references
      }
      const at = { ...parsed, path: root.path, url: root.url, readSet: set, text: root.text ?? "" };
      await loadDocumentSet(at, { reader: root.reader ?? defaultReader, readSet: set, lenient: false });
    }
    all.addAll(set);
  }
  for (const input of options.inputs ?? []) all.add(await identityOf(input));
  // Files a reference named that the run refused to read (outside the base directory) are no outputs either.
  for (const path of all.refusedPaths) all.add({ ...await identityOf(path), refused: true });
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
  if (clash === undefined) return;
  const file = clash.refused
    ? `"${shown(clash.path)}" (a file this run refused to read):`
    : clash.path === "<stdin>"
    ? "the file given on standard input (read by this run):"
    : `the input "${shown(clash.path)}" (read by this run):`;
  throw new WriteError(
    `refusing to write over ${file} the output "${path}" is the same file; choose another ${what}.`,
  );
}

/** Refuses a target that is a folder (a symbolic link there is replaced, whatever it points to). */
async function refuseFolder(place: string, path: string): Promise<void> {
  try {
    if ((await Deno.lstat(place)).isDirectory) {
      throw new WriteError(`"${path}" is a directory; name an output file.`);
    }
  } catch (error) {
    if (error instanceof WriteError) throw error;
  }
}

/** The whole write, from the first check to the rename, under one signal guard. */
async function guardedWrite(path: string, produce: () => string, options: WriteFileOptions): Promise<void> {
  // Installed before anything else (synchronously, on the call), so no signal during the write is missed.
  const guard = new SignalGuard(path);
  try {
    if (options.noSymlinksBelow !== undefined) {
      await refuseSymlinkedFolders(options.noSymlinksBelow, dirname(resolve(path)), path);
    }
    await refuseReadFile(path, options);
    guard.check();
    const place = await placeOf(path);
    await refuseFolder(place, path);
    await cleanFolder(dirname(place));
    const text = produce();
    await guard.settle();
    await replaceAtomically(place, text, options.mode, guard, path);
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
 * ```ts
 * import { loadDocument, writeDocument } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const doc = await loadDocument({ content: '{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}}' });
 * const dir = await Deno.makeTempDir();
 * await writeDocument(`${dir}/out.yaml`, doc.document, { format: "yaml", readSet: doc.readSet });
 * assertEquals(await Deno.readTextFile(`${dir}/out.yaml`), "openapi: 3.1.0\ninfo:\n  title: t\n  version: '1'\n");
 * await Deno.remove(dir, { recursive: true });
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

/** Bytes of an existing file that {@link WriteFileOptions.vetExisting} sees. */
const HEAD_BYTES = 16 * 1024;

/** The first {@link HEAD_BYTES} bytes of a file as text ("" when it cannot be read). */
async function headOf(path: string): Promise<string> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path, { read: true });
    const buf = new Uint8Array(HEAD_BYTES);
    let len = 0;
    for (;;) {
      const n = await file.read(buf.subarray(len));
      if (n === null) break;
      len += n;
      if (len === HEAD_BYTES) break;
    }
    return new TextDecoder().decode(buf.subarray(0, len));
  } catch {
    return "";
  } finally {
    file?.close();
  }
}

/** A target of {@link writeFilesInto}: where it goes, its identity (links followed), and its size if a file. */
interface Target {
  place: string;
  identity: ReadFileIdentity;
  size?: number;
}

/** Finds the target of the file `name` in `dir` (real path `realDir`), refusing a folder in the way. */
async function targetIn(dir: string, realDir: string, name: string): Promise<Target> {
  const place = join(realDir, name);
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(place);
  } catch {
    return { place, identity: { path: place } };
  }
  if (info.isDirectory) {
    throw new WriteError(
      `cannot write "${
        join(dir, name)
      }": a folder of that name is in the way; move it or choose another output directory.`,
    );
  }
  // A symbolic link is replaced, never written through; where it leads still counts for the read set.
  if (info.isSymlink) return { place, identity: await identityOf(join(dir, name)) };
  return {
    place,
    identity: { path: place, dev: info.dev, ino: info.ino ?? undefined },
    size: info.isFile ? info.size : undefined,
  };
}

/** Runs `work` on each item, `BATCH` at a time; every started one settles before the first failure is thrown. */
async function inBatches<T, R>(items: readonly T[], work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const BATCH = 64;
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) {
    const settled = await Promise.allSettled(items.slice(i, i + BATCH).map((item, j) => work(item, i + j)));
    for (const r of settled) {
      if (r.status === "rejected") throw r.reason;
      out.push(r.value);
    }
  }
  return out;
}

/**
 * Writes text files into a directory, creating the directory (and its parents) first. Each file is written like
 * {@link writeFileAtomic} (atomic, cleaned up on a failure and on SIGINT/SIGTERM/SIGHUP; a symbolic link at a
 * file's place is replaced, never written through); every target is checked before the first is written
 * (against the files the run read, a folder in the way, and `vetExisting`), stale temporary files of ours in the
 * directory are removed, and the files are written a few at a time; with `keepUnchanged`, a file that already
 * holds the new content is left as it is. Names must be plain file names (no folders). Returns the paths of the
 * files, in the order given.
 *
 * @throws {WriteError} when the directory cannot be created, a name is not a plain file name, a target is a
 *   file the run read or a folder, `vetExisting` refuses, or a write fails.
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
  if (options.noSymlinksBelow !== undefined) await refuseSymlinkedFolders(options.noSymlinksBelow, dir, dir);
  let realDir: string;
  const names: string[] = [];
  try {
    await Deno.mkdir(dir, { recursive: true });
    realDir = await Deno.realPath(dir);
    for await (const entry of Deno.readDir(realDir)) if (entry.isFile) names.push(entry.name);
  } catch (error) {
    const why = permissionMessage(error, { write: dir }) ??
      (error instanceof Error ? error.message : String(error));
    throw new WriteError(`cannot create the output directory "${shown(resolve(dir))}": ${why}`);
  }
  const paths = files.map((f) => join(dir, f.name));
  // Each target's place and identity, found once (a few at a time) for the checks and the write.
  const targets = await inBatches(files, (f) => targetIn(dir, realDir, f.name));
  if (!options.allowOverwriteInput && (options.readSet !== undefined || options.inputs !== undefined)) {
    const read = await collectRead(options);
    paths.forEach((path, i) => refuseIdentity(read, targets[i].identity, path, "output directory"));
  }
  const vet = options.vetExisting;
  if (vet !== undefined) {
    const written = new Set(files.map((f) => f.name));
    const picked = names.filter((name) => vet.select(name, written.has(name))).sort();
    const heads = await inBatches(picked, (name) => headOf(join(realDir, name)));
    picked.forEach((name, i) => {
      const refusal = vet.vet({ name, replaced: written.has(name), head: heads[i] });
      if (refusal !== undefined) throw new WriteError(refusal);
    });
  }
  await removeStaleTemps(realDir, names);
  // One signal guard for the whole set: an interruption stops the writes still to come, and those under way
  // remove their temporary files before the error is thrown.
  const guard = new SignalGuard(dir, true);
  try {
    await inBatches(files, async (f, i) => {
      guard.check();
      const { place, size } = targets[i];
      if (options.keepUnchanged && size !== undefined && await holds(place, size, f.content)) {
        options.onUnchanged?.(f.name);
        return;
      }
      await replaceAtomically(place, f.content, options.mode, guard, paths[i]);
    });
  } finally {
    guard.stop();
  }
  return paths;
}

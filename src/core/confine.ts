/**
 * Confinement decisions, in one place: where a `$ref` may resolve (inside the base directory for local
 * documents, the same origin for documents loaded from a URL), which kinds of file may be read, how large a read
 * may be, and which files a run has read (so that no output ever replaces one of them).
 *
 * Every reader of referenced files asks these functions; none decides on its own.
 *
 * @module
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { DocumentFormat } from "./parse_text.ts";

/** The default size cap of every read (file, standard input, URL, decompressed bytes): 256 MiB. */
export const DEFAULT_MAX_INPUT_SIZE: number = 256 * 1024 * 1024;

/** A size in bytes for messages: `1000 bytes`, or `268435456 bytes (256 MiB)` when it is a whole MiB. */
export function formatSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) && mib >= 1 ? `${bytes} bytes (${mib} MiB)` : `${bytes} bytes`;
}

/** The one-sentence message of a read that went past the size cap. */
export function tooLargeMessage(what: string, maxBytes: number, size?: number): string {
  const found = size === undefined ? "" : ` (${size} bytes)`;
  return `${what} is larger than ${
    formatSize(maxBytes)
  }${found}, the input size limit; raise it with --max-input-size (library option maxInputSize) to read it.`;
}

/**
 * Removes secrets from a URL for display: user name and password become `***`, a query string becomes `?***`
 * (`https://***@host/p?***`). A string that is not a URL is returned unchanged.
 */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (u.username === "" && u.password === "" && u.search === "") return url;
  const auth = u.username !== "" || u.password !== "" ? "***@" : "";
  const query = u.search !== "" ? "?***" : "";
  return `${u.protocol}//${auth}${u.host}${u.pathname}${query}${u.hash}`;
}

/** Replaces every `scheme://…` URL inside a free text (a message, a `$ref`) by its redacted form. */
export function redactUrlsIn(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (m) => redactUrl(m));
}

/** What kind of file system object a path names. */
export type FileKind = "file" | "directory" | "fifo" | "socket" | "char-device" | "block-device" | "other";

/** The kind of a file from its `stat` information. */
export function fileKind(info: Deno.FileInfo): FileKind {
  if (info.isFile) return "file";
  if (info.isDirectory) return "directory";
  if (info.isFifo) return "fifo";
  if (info.isSocket) return "socket";
  if (info.isCharDevice) return "char-device";
  if (info.isBlockDevice) return "block-device";
  return "other";
}

const KIND_NAMES: Record<FileKind, string> = {
  file: "a file",
  directory: "a directory",
  fifo: "a named pipe (FIFO)",
  socket: "a socket",
  "char-device": "a character device",
  "block-device": "a block device",
  other: "not a regular file",
};

/**
 * Whether a file of this kind may be read. Referenced files (`$ref` targets, overlays) must be regular files.
 * Inputs named on the command line may also be pipes and sockets (`<(cat a.yaml)`, `/dev/stdin`); directories
 * and devices never are documents.
 *
 * @returns undefined when allowed, else the one-sentence refusal.
 */
export function refuseKind(path: string, kind: FileKind, role: "input" | "referenced"): string | undefined {
  if (kind === "file") return undefined;
  if (role === "input" && (kind === "fifo" || kind === "socket")) return undefined;
  if (kind === "directory") return `"${path}" is a directory, not a document file; name a file.`;
  return `"${path}" is ${KIND_NAMES[kind]}, not a regular file; only regular files are read${
    role === "referenced" ? " through references and overlays" : ""
  }.`;
}

/** Whether `path` (absolute) lies inside the directory tree `base` (absolute), decided from the paths alone. */
export function isInside(base: string, path: string): boolean {
  const rel = relative(base, path);
  return rel === "" || (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(".." + sep));
}

/** Where a document that references others lives. */
export type RefOrigin =
  /** A local document: relative files resolve against `dir` and must stay inside `base`. */
  | { kind: "file"; dir: string; base: string }
  /** A document loaded from a URL: references resolve against `url` and must keep its origin. */
  | { kind: "url"; url: string };

/** Where the file part of a `$ref` leads, or why it may not be followed. */
export type RefLocation =
  | { kind: "file"; path: string }
  | { kind: "url"; url: string }
  | {
    kind: "refused";
    reason: "remote" | "outside";
    message: string;
    /** The local file the reference names, when it names one (the run must not write over it either). */
    path?: string;
  };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WINDOWS_DRIVE = /^[a-z]:[\\/]/i;

/**
 * Decides where the file part of a reference (what comes before `#`, not empty) leads, without any file system
 * or network call: so a reference outside the base directory is refused with the same message whether its
 * target exists or not. The real path of an allowed file must still be checked with {@link isInside} after
 * resolving symbolic links.
 */
export function locateRef(filePart: string, ref: string, origin: RefOrigin): RefLocation {
  const shown = redactUrlsIn(ref);
  if (origin.kind === "url") {
    const networkPath = filePart.startsWith("//");
    if (
      (filePart.startsWith("/") && !networkPath) || filePart.startsWith("\\") || WINDOWS_DRIVE.test(filePart)
    ) {
      return {
        kind: "refused",
        reason: "outside",
        message:
          `reference "${shown}" is an absolute path in a document loaded from a URL; such a document may only refer to relative paths or URLs of its own origin.`,
      };
    }
    let target: URL;
    try {
      target = new URL(filePart, origin.url);
    } catch {
      return { kind: "refused", reason: "remote", message: `reference "${shown}" is not a valid URL.` };
    }
    const base = new URL(origin.url);
    if (target.protocol !== base.protocol || target.host !== base.host) {
      return {
        kind: "refused",
        reason: "remote",
        message: `reference "${shown}" leaves the origin ${base.protocol}//${base.host} of the document; ${
          target.protocol === "file:"
            ? "a document loaded from a URL never reads local files"
            : "only references of the same origin are followed"
        }.`,
      };
    }
    return { kind: "url", url: target.href };
  }
  if (SCHEME.test(filePart) && !WINDOWS_DRIVE.test(filePart)) {
    return {
      kind: "refused",
      reason: "remote",
      message:
        `remote reference "${shown}" is not supported; only local files are (download it and refer to the file).`,
    };
  }
  let decoded = filePart;
  try {
    decoded = decodeURIComponent(filePart);
  } catch { /* keep as written */ }
  const path = resolve(origin.dir, decoded);
  if (!isInside(origin.base, path)) return { ...outsideBase(shown, origin.base), path };
  return { kind: "file", path };
}

/** The refusal of a reference whose file lies outside the base directory. */
export function outsideBase(ref: string, base: string): RefLocation & { kind: "refused" } {
  return {
    kind: "refused",
    reason: "outside",
    message: `reference "${
      redactUrlsIn(ref)
    }" leaves the base directory ${base}; only files inside it may be referenced.`,
  };
}

/** Options of one read. */
export interface ReadOptions {
  /**
   * `input`: a document the user named (it may be a pipe such as `<(cat a.yaml)` or `/dev/stdin`);
   * `referenced`: a `$ref` target or an overlay, which must be a regular file. Directories and devices are
   * refused either way, before they are opened. @default "input"
   */
  role?: "input" | "referenced";
  /** Where the identity of the file read (real path, device, inode) is recorded. */
  readSet?: ReadSet;
  /** Largest number of bytes accepted (of the file, the stream, or the decompressed response). @default the reader's */
  maxBytes?: number;
}

/** Reads documents from files, URLs and standard input. */
export interface DocumentReader {
  /** Reads a UTF-8 file. Rejects with {@link LoadError} when it cannot. */
  readFile(path: string, options?: ReadOptions): Promise<string>;
  /** The real (symlink-free, absolute) path of a file. Rejects with {@link LoadError} when it does not exist. */
  realPath(path: string): Promise<string>;
  /** Fetches a URL as text; `url` is the address finally read (after redirects) when known. */
  fetchText(
    url: string,
    options?: ReadOptions,
  ): Promise<{ text: string; contentType?: string; url?: string }>;
  /** Reads all of standard input. */
  readStdin(options?: ReadOptions): Promise<string>;
  /** The current working directory. */
  cwd(): string;
  /** The read set of this reader's run: where loads through it record what they read when given none. */
  readonly readSet?: ReadSet;
}

/** The identity of a file a run read: its real path and, where the system has them, device and inode. */
export interface ReadFileIdentity {
  /** Absolute real path (symbolic links resolved). */
  path: string;
  /** Device number. */
  dev?: number;
  /** Inode number. */
  ino?: number;
  /**
   * Whether the run refused to read it (a `$ref` target too large, outside the base directory, or not a regular
   * file): it is still a file the run must not write over.
   */
  refused?: boolean;
}

/** A document a run loaded, whose referenced files may not be replaced by an output either. */
export interface ReadRoot {
  /** The parsed data. */
  data: unknown;
  /** Absolute real path, for files. */
  path?: string;
  /** Directory its relative references resolve against (local documents). */
  baseDir: string;
  /** Name for messages. */
  source: string;
  /** The URL it was loaded from (references of such a document never name local files). */
  url?: string;
  /** The reader it was loaded with (its referenced files are read with it). */
  reader?: DocumentReader;
  /** Its text, when known: a text no `$ref` of which names another file needs no following. */
  text?: string;
  /** Whether its references were already followed into this set (its document set was loaded). */
  followed?: boolean;
  /** The format of its text, when known. */
  format?: DocumentFormat;
  /** Whether it was read as the target of a `$ref` (a regular file, role `referenced`), not named by the user. */
  referenced?: boolean;
}

/**
 * Every file a run read (inputs, referenced files, overlays), by real path and identity, and the documents it
 * loaded. An output is never written over one of them (see `writeDocument`). One set travels with the loaded
 * documents of a run (`ParseResult.readSet`, `JoinResult.readSet`).
 */
export class ReadSet {
  readonly #files = new Map<string, ReadFileIdentity>();
  readonly #roots: ReadRoot[] = [];
  readonly #refused = new Set<string>();
  readonly #referenced = new Map<string, ReadRoot>();
  #rootsFollowed = 0;

  /** Records a file that was read (or, with `refused`, that the run refused to read). */
  add(file: ReadFileIdentity): void {
    const key = file.dev !== undefined && file.ino !== undefined ? `${file.dev}:${file.ino}` : file.path;
    if (!this.#files.has(key)) this.#files.set(key, file);
  }

  /**
   * Records the absolute path of a file a `$ref` names that the run refused to read without looking at it
   * (outside the base directory): the writer finds its identity (real path, device, inode) before it writes.
   */
  addRefused(path: string): void {
    this.#refused.add(path);
  }

  /** The paths recorded by {@link ReadSet.addRefused}, in the order recorded. */
  get refusedPaths(): readonly string[] {
    return [...this.#refused];
  }

  /** Records a loaded document (its referenced files are found before an output is written). */
  addRoot(root: ReadRoot): void {
    this.#roots.push(root);
    const { referenced, path, text, format } = root;
    if (referenced && path !== undefined && text !== undefined && format !== undefined) {
      if (!this.#referenced.has(path)) this.#referenced.set(path, root);
    }
  }

  /**
   * A file this run already loaded as the target of a `$ref` (by its real path), with its identity: loading the
   * references of another document of the run takes it from here instead of reading it again.
   */
  referencedFile(path: string): { root: ReadRoot; identity: ReadFileIdentity } | undefined {
    const root = this.#referenced.get(path);
    if (root === undefined) return undefined;
    return { root, identity: this.find({ path }) ?? { path } };
  }

  /** Records that the references of the loaded document `data` were followed (its files are in this set). */
  markFollowed(data: unknown): void {
    for (const r of this.#roots) if (r.data === data) r.followed = true;
  }

  /** Adds every file and document of another set. */
  addAll(other: ReadSet): void {
    if (other === this) return;
    for (const f of other.files) this.add(f);
    for (const p of other.#refused) this.addRefused(p);
    for (const r of other.#roots) this.addRoot(r);
  }

  /** Every file read, in the order first read. */
  get files(): readonly ReadFileIdentity[] {
    return [...this.#files.values()];
  }

  /** The documents loaded since the last call, whose references have not been followed yet. */
  takeRoots(): ReadRoot[] {
    const out = this.#roots.slice(this.#rootsFollowed);
    this.#rootsFollowed = this.#roots.length;
    return out;
  }

  /** The file read that is the same as `target` (equal real path, or equal device and inode), if any. */
  find(target: ReadFileIdentity): ReadFileIdentity | undefined {
    for (const f of this.#files.values()) {
      if (f.path === target.path) return f;
      if (f.dev !== undefined && f.ino !== undefined && f.dev === target.dev && f.ino === target.ino) {
        return f;
      }
    }
    return undefined;
  }
}

/** The read sets given as one set or a list (entries may be undefined), as a list without the gaps. */
export function readSetList(sets: ReadSet | readonly (ReadSet | undefined)[] | undefined): ReadSet[] {
  if (sets === undefined) return [];
  if (sets instanceof ReadSet) return [sets];
  return sets.filter((s): s is ReadSet => s !== undefined);
}

/**
 * Whether a document's text may hold a `$ref` to another file or URL (one whose value does not start with
 * `#`); false means every reference is local and no file needs to be read to follow them.
 */
export function mayReferToFiles(text: string): boolean {
  if (text === lastScan.text) return lastScan.result;
  const result = scanForFileRefs(text);
  lastScan = { text, result };
  return result;
}

/** The last text scanned (the loader, the reference index and the writer ask about the same document). */
let lastScan: { text: string; result: boolean } = { text: "", result: false };

/** Space, tab, line feed, carriage return (what separates a key, its colon and its value). */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function scanForFileRefs(text: string): boolean {
  // A key can also be written with escapes (JSON "\u0024ref", YAML "\x24ref"): such texts are taken as
  // referring to files.
  for (const [escape, zeros] of [["\\u", "00"], ["\\x", ""], ["\\U", "000000"]]) {
    for (let i = text.indexOf(escape); i >= 0; i = text.indexOf(escape, i + 1)) {
      const at = i + 2 + zeros.length;
      if (text.slice(i + 2, at) !== zeros) continue;
      const hex = text.slice(at, at + 2).toLowerCase();
      if (hex === "24" || hex === "72" || hex === "65" || hex === "66") return true;
    }
  }
  for (let i = text.indexOf("$ref"); i >= 0; i = text.indexOf("$ref", i + 4)) {
    // `$ref` as a key whose value does not start with "#": [quote] spaces ":" spaces [quote] value.
    let j = i + 4;
    if (text[j] === '"' || text[j] === "'") j++;
    while (isSpace(text.charCodeAt(j))) j++;
    if (text[j] === ":") {
      j++;
      while (isSpace(text.charCodeAt(j))) j++;
      const quoted = text[j] === '"' || text[j] === "'";
      if (quoted) j++;
      const c = text[j];
      // An unquoted object or list value makes `$ref` a property's name (SCIM's `$ref`), not a reference.
      const container = !quoted && (c === "{" || c === "[");
      if (
        c !== undefined && c !== "#" && c !== '"' && c !== "'" && !container && !isSpace(text.charCodeAt(j))
      ) {
        return true;
      }
    }
    // `$ref` under a YAML anchor (`&k $ref`, then `*k : file.yaml`).
    let k = i - 1;
    if (text[k] === '"' || text[k] === "'") k--;
    if (k >= 0 && isSpace(text.charCodeAt(k))) {
      while (k >= 0 && isSpace(text.charCodeAt(k))) k--;
      let start = k;
      while (start >= 0 && k - start < 256 && !isSpace(text.charCodeAt(start))) start--;
      if (text[start + 1] === "&" && start < k) return true;
    }
  }
  return false;
}

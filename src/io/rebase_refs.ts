/**
 * Keeping the references of a written document valid when it goes to another folder than its input: the
 * choice between keeping the references as written, bundling the document into one file, or rebasing its
 * relative references against the output's folder ({@link chooseRefHandling}), and the rebasing itself
 * ({@link rebaseRefs}, {@link rebaseParsed}). Bundling is the bundler's; the shells (CLI, MCP) call it when
 * the choice says so.
 *
 * @module
 */
import { dirname, relative, resolve, sep } from "node:path";
import { WriteError } from "../core/errors.ts";
import { isInside, mayReferToFiles } from "../core/confine.ts";
import { deepCopy } from "../core/data_tree.ts";
import { Walker } from "../walker/mod.ts";
import { isRemoteRef, splitRef } from "../refs/ref_index.ts";
import { loadDocumentSet } from "./document_set.ts";
import { quote } from "../core/bounded_text.ts";
import { computeStats, type DocumentStats } from "../refs/stats.ts";
import type { ParseResult } from "./load.ts";
import type { DocumentReader } from "./reader.ts";
import type { OASVersion } from "../core/version.ts";
import type { OpenAPIDocument } from "../core/types.ts";

/**
 * What a writing command does with the references of its output to other files: `keep` them as written (no
 * reference names another file, or the output goes to the folder they are relative to), `bundle` the document
 * into one file, or `rebase` every relative reference against the output's folder (`--keep-refs`).
 */
export type RefHandling = "keep" | "bundle" | "rebase";

/** Where the references of an input lead from: what {@link chooseRefHandling} needs of each input. */
export interface RefBase {
  /** Directory its relative references resolve against. */
  baseDir: string;
  /** The URL it was loaded from, when it was (its references resolve against that URL, never a folder). */
  url?: string;
  /** Its text ("" when unknown). */
  text?: string;
  /** The document: walked to find references to files when the text is unknown. */
  document?: unknown;
  /** Version family of the document (for the walk). */
  oasVersion?: OASVersion;
}

/**
 * Calls `visit` for every `$ref` string of an object in a structural place, in document order (the lenient walk:
 * never inside examples, defaults, enums or extensions; the Paths and Responses maps, whose keys are names, hold
 * none).
 */
function forEachRef(
  root: unknown,
  oasVersion: OASVersion,
  visit: (ref: string, holder: Record<string, unknown>) => void,
): void {
  new Walker(oasVersion, [{
    enter(node, at) {
      if (typeof node.$ref === "string" && at.kind !== "paths" && at.kind !== "responses") {
        visit(node.$ref, node);
      }
    },
  }], { lenient: true }).walk(root, "", "root");
}

/** Whether a document holds a structural `$ref` naming another file or a URL (walks it once). */
export function documentRefersToFiles(document: unknown, oasVersion: OASVersion): boolean {
  let found = false;
  forEachRef(document, oasVersion, (ref) => {
    if (!found && splitRef(ref).filePart !== "") found = true;
  });
  return found;
}

/** Whether an input may hold references to other files (its text scanned, else its document walked). */
function refersToFiles(input: RefBase): boolean {
  if (input.text !== undefined && input.text !== "") return mayReferToFiles(input.text);
  if (input.document === undefined || input.oasVersion === undefined) return true;
  return documentRefersToFiles(input.document, input.oasVersion);
}

/** The real path of a folder, or the folder as given when it cannot be resolved (an in-memory one). */
async function realFolder(dir: string, reader?: DocumentReader): Promise<string> {
  try {
    return reader === undefined ? await Deno.realPath(dir) : await reader.realPath(dir);
  } catch {
    return resolve(dir);
  }
}

/**
 * The real path of the folder a document is written to: the folder of `output` (resolved against `cwd`), or
 * `cwd` itself for standard output (`output` undefined), where the next tool resolves its references.
 */
export async function outputFolder(output: string | undefined, cwd: string): Promise<string> {
  if (output === undefined) return await realFolder(cwd);
  const full = resolve(cwd, output);
  return await realFolder(dirname(full));
}

/**
 * Decides what a writing command does with its output's references to files ({@link RefHandling}): `keep`
 * when no input refers to another file, or every input that does lies in `outputDir` (its references stay
 * valid as written); otherwise `rebase` with `keepRefs`, else `bundle`. An input loaded from a URL that refers
 * to files is never kept.
 */
export async function chooseRefHandling(
  inputs: readonly RefBase[],
  outputDir: string,
  options: { keepRefs?: boolean; reader?: DocumentReader } = {},
): Promise<RefHandling> {
  let same = true;
  for (const input of inputs) {
    if (!refersToFiles(input)) continue;
    if (input.url !== undefined || await realFolder(input.baseDir, options.reader) !== outputDir) {
      same = false;
      break;
    }
  }
  if (same) return "keep";
  return options.keepRefs ? "rebase" : "bundle";
}

/**
 * A parse result of another document at the same place as `parsed` (same path, folder, URL, read set and
 * format): what a command changed, or the bundled document, so that its references resolve as the input's did.
 */
export function withDocument(parsed: ParseResult, document: unknown): ParseResult {
  // Copied by descriptor, not spread: a spread would count the statistics of `parsed` that nobody asked for.
  const next = Object.defineProperties({} as ParseResult, Object.getOwnPropertyDescriptors(parsed));
  next.document = document as OpenAPIDocument;
  next.text = "";
  let stats: DocumentStats | undefined;
  Object.defineProperty(next, "stats", {
    enumerable: true,
    configurable: true,
    get: () => stats ??= computeStats(document, parsed.oasVersion),
    set: (value: DocumentStats) => stats = value,
  });
  return next;
}

/** A path for messages: relative to the working directory when inside it. */
function shownPath(path: string): string {
  const rel = relative(Deno.cwd(), path);
  return rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep) ? rel : path;
}

/** The one-sentence refusal of `--keep-refs` for a file the output's folder cannot reach. */
function unreachable(what: string, file: string, toDir: string): WriteError {
  return new WriteError(
    `--keep-refs cannot keep ${what}: "${shownPath(file)}" is not inside the output's folder "${
      shownPath(toDir)
    }", and references may only lead into a document's own folder and below; write the output into a folder that holds every referenced file, or leave out --keep-refs to bundle the document into one file.`,
  );
}

/** The written form of a relative path in a `$ref`: `/` separators, `%` and `#` escaped. */
function refPath(path: string): string {
  return path.split(sep).join("/").replace(/%/g, "%25").replace(/#/g, "%23");
}

/** Options of {@link rebaseRefs}. */
export interface RebaseOptions {
  /** The folder the document's relative references resolve against now (its input's folder, a real path). */
  fromDir: string;
  /** The folder it is written to (a real path). */
  toDir: string;
  /**
   * Every other local file the document's references reach (directly or through other files): each must lie
   * inside `toDir`, since a document's references may only lead into its own folder and below.
   */
  files?: readonly string[];
}

/**
 * A copy of `document` whose relative file references (structural `$ref`s whose file part is a relative path;
 * not local pointers, not URLs) are rewritten to lead to the same files from `toDir`. The fragment of each is
 * kept as written. Returns the copy and how many references changed.
 *
 * @throws {WriteError} when a referenced file (or one of `files`) does not lie inside `toDir` (another drive,
 *   a folder beside it or above it): such a reference would be refused when the output is read again.
 */
export function rebaseRefs(
  document: unknown,
  oasVersion: OASVersion,
  options: RebaseOptions,
): { document: unknown; rewritten: number } {
  const { fromDir, toDir } = options;
  for (const file of options.files ?? []) {
    if (!isInside(toDir, file)) throw unreachable("the references to other files", file, toDir);
  }
  const copy = deepCopy(document);
  let rewritten = 0;
  forEachRef(copy, oasVersion, (ref, holder) => {
    const { filePart, fragment } = splitRef(ref);
    if (filePart === "" || isRemoteRef(filePart) || filePart.startsWith("/") || filePart.startsWith("\\")) {
      return;
    }
    let decoded = filePart;
    try {
      decoded = decodeURIComponent(filePart);
    } catch { /* kept as written, as the loader reads it */ }
    const target = resolve(fromDir, decoded);
    if (!isInside(toDir, target)) throw unreachable(`reference ${quote(ref)}`, target, toDir);
    const rel = relative(toDir, target);
    if (rel === "") return; // names the folder itself: no file, left as written
    const next = refPath(rel) + fragment;
    if (next !== ref) {
      holder.$ref = next;
      rewritten++;
    }
  });
  return { document: copy, rewritten };
}

/**
 * {@link rebaseRefs} for a command's output `document` made from `parsed` (whose folder its references are
 * relative to): the files `parsed` reaches are found with its reference index, and each must lie inside
 * `toDir`.
 *
 * @throws {WriteError} when `parsed` was loaded from a URL (its references cannot lead from a local folder),
 *   or when a referenced file does not lie inside `toDir`.
 */
export async function rebaseParsed(
  parsed: ParseResult,
  document: unknown,
  toDir: string,
  reader?: DocumentReader,
): Promise<unknown> {
  if (parsed.url !== undefined && parsed.path === undefined) {
    throw new WriteError(
      `--keep-refs cannot keep the references of ${
        quote(parsed.source)
      }: it was loaded from a URL, and a local file cannot refer to its files; leave out --keep-refs to bundle the document into one file.`,
    );
  }
  const index = (await loadDocumentSet(parsed, { reader })).index;
  const files = index.documents.map((d) => d.key).filter((k) => k !== index.rootKey && !/^https?:/i.test(k));
  const fromDir = await realFolder(parsed.baseDir, reader);
  return rebaseRefs(document, parsed.oasVersion, { fromDir, toDir, files }).document;
}

/**
 * Bundles a loaded document into one (the bundler's `bundle()`): given by the shells, since core does not
 * import the bundler.
 */
export type BundleDocument = (
  parsed: ParseResult,
  options: { reader?: DocumentReader },
) => Promise<{ document: unknown }>;

/**
 * A command's output `document`, made from `parsed`, made ready for where it is written: `bundle` bundles it
 * (at `parsed`'s place, so its references resolve as the input's did), `rebase` rewrites its relative
 * references against `dir` ({@link rebaseParsed}), `keep` leaves it as it is.
 *
 * @throws {WriteError} under `rebase` when `dir` cannot reach a referenced file.
 */
export async function placeDocument(
  plan: { handling: RefHandling; dir: string },
  parsed: ParseResult,
  document: unknown,
  options: { reader?: DocumentReader; bundle: BundleDocument },
): Promise<unknown> {
  if (plan.handling === "bundle") {
    const at = document === parsed.document ? parsed : withDocument(parsed, document);
    return (await options.bundle(at, { reader: options.reader })).document;
  }
  if (plan.handling === "rebase") return await rebaseParsed(parsed, document, plan.dir, options.reader);
  return document;
}

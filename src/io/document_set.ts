/**
 * The document set of an input: the root document and every file it reaches through `$ref`, loaded once, with
 * the one {@link RefIndex} over all of them and the read set used for output safety. Built on the loader
 * (`load.ts`) and the reference loader (`refs.ts`): it adds no second way to read files, so confinement, size
 * caps and URL rules are those of every other verb.
 *
 * @module
 */
import { type InputSource, isParseResult, loadDocument, type ParseResult } from "./load.ts";
import type { LoadDocumentOptions } from "./load.ts";
import { defaultReader, type DocumentReader } from "./reader.ts";
import { refIndexOf } from "./load_refs.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import type { ReadSet } from "../core/confine.ts";
import type { DocumentFormat } from "../core/parse_text.ts";
import type { SourceMap, SourcePosition } from "../core/source_map.ts";

/** One file of a {@link DocumentSet}: the root, or a file (or same-origin URL) it reaches through `$ref`. */
export interface DocumentSetFile {
  /** Key of the file in the {@link RefIndex}: its absolute real path, its URL, or the root's source name. */
  key: string;
  /** Name for messages (a path relative to the working directory, a URL without credentials, `<stdin>`). */
  source: string;
  /** The parsed data. */
  document: unknown;
  /** Its text ("" when it is not known, e.g. for a root built from an object). */
  text: string;
  /** The format of its text (the root's format when it is not known). */
  format: DocumentFormat;
  /** Whether it is the root document. */
  root: boolean;
  /** Source positions of its text, computed on first use. */
  sourceMap(): SourceMap;
}

/** A root document with every file it reaches, loaded once. */
export interface DocumentSet {
  /** The root document as loaded (version, format, statistics of the root file, structure findings). */
  root: ParseResult;
  /** Every file of the set, the root first, each once (in the order they were reached). */
  files: DocumentSetFile[];
  /** The one reference index over the files. */
  index: RefIndex;
  /** Every file read to load the set (see `writeDocument`, which never writes over one of them). */
  readSet?: ReadSet;
  /** Whether the index also follows references in places the layout does not describe (see `lenient`). */
  lenient?: boolean;
  /** The reader the referenced files were read with. */
  reader?: DocumentReader;
  /**
   * The set of a multi-file set's bundle (`bundledDocumentSet`) says where a place of the bundled document was
   * copied from: the file users edit and the place in it (a place under a copied part maps through the part's
   * place). Undefined for the root file's own places, and absent on other sets.
   */
  origins?: (pointer: string | readonly (string | number)[]) => {
    /** Key of the file in the index of the set that was bundled (its absolute real path or URL). */
    key: string;
    /** The file for messages: its path relative to the root's folder (`schemas/pet.yaml`). */
    file: string;
    /** The place in that file, as a JSON pointer. */
    pointer: string;
    /** The same, as path segments (array indices as numbers). */
    segments: (string | number)[];
    /** Its `file:line:column` in that file's text (the file named as the root is), when the text is known. */
    position(): SourcePosition | undefined;
  } | undefined;
}

/** Whether a value is a {@link DocumentSet} (rather than an input or a single loaded document). */
export function isDocumentSet(input: unknown): input is DocumentSet {
  return input !== null && typeof input === "object" && "root" in input && "files" in input &&
    "index" in input && isParseResult((input as { root: unknown }).root);
}

/**
 * The set already loaded for a parse result (a parse result is a snapshot of its input: its set is loaded once,
 * and every verb given that parse result takes the same files; another `lenient` gets another view of them).
 */
const setsOf = new WeakMap<ParseResult, DocumentSet>();

/** Options of {@link loadDocumentSet}. */
export interface LoadDocumentSetOptions extends LoadDocumentOptions {
  /**
   * Also follow references in places the OpenAPI layout does not describe (every object that is not data), as
   * tools that rewrite every `$ref` need. @default true
   */
  lenient?: boolean;
  /**
   * Other read sets of the run: a referenced file one of them holds is taken from there instead of being read
   * again (the files of the read set the load records into always are). @default none
   */
  known?: readonly (ReadSet | undefined)[];
}

/**
 * Says that a loaded document is about to be changed in place (a verb given `inPlace`): what loading tells of
 * it as loaded (its statistics, counted on first read) is counted now, before the change. Call
 * {@link documentChanged} once it was changed.
 */
export function documentChanging(parsed: ParseResult): void {
  void parsed.stats;
}

/**
 * Says that a loaded document was changed in place (a verb given `inPlace`): the index of the set loaded for it
 * forgets what it resolved, so the next verb given it resolves the changed document (its files are not read
 * again).
 */
export function documentChanged(parsed: ParseResult): void {
  setsOf.get(parsed)?.index.forget();
}

/**
 * Gives `next`, a parse result of another root document at the place of `from` with the same version (what a
 * command changed: `withDocument`), the set of `from` with that root, so that a verb given `next` reads none of
 * the files again. Nothing happens when no set was loaded for `from`, or the versions differ.
 */
export function documentSetDerived(next: ParseResult, from: ParseResult): void {
  const set = setsOf.get(from);
  if (set === undefined || next.oasVersion !== from.oasVersion || setsOf.has(next)) return;
  const index = next.document === from.document ? set.index : set.index.withRootDocument(next.document);
  const files = set.files.map((f) => f.root ? { ...f, document: next.document, text: next.text } : f);
  setsOf.set(next, { ...set, root: next, files, index });
}

/**
 * Loads a document and every file it reaches through `$ref` (confined to the root's folder tree, regular files
 * only, remote references refused from local documents, same-origin references from a URL). Files that cannot
 * be read are recorded in the index as unresolved, not thrown. The one loading path of every verb: the input is
 * a file path, URL, `-` or content ({@link InputSource}), a loaded document (its set is loaded once: a second
 * call with the same parse result, reader and `lenient` returns the same set), or a set (returned as it is).
 *
 * @example
 * ```ts
 * import { loadDocumentSet } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const set = await loadDocumentSet({ content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}' });
 * assertEquals(set.files.length, 1);
 * ```
 * @throws {LoadError} {@link ParseError} {@link UnsupportedVersionError} when the root cannot be loaded.
 */
export async function loadDocumentSet(
  input: InputSource | ParseResult | DocumentSet,
  options: LoadDocumentSetOptions = {},
): Promise<DocumentSet> {
  const lenient = options.lenient ?? true;
  if (isDocumentSet(input)) {
    return options.lenient === undefined || input.index.withLenient(lenient) === input.index
      ? input
      : { ...input, index: input.index.withLenient(lenient), lenient };
  }
  const reader = options.reader ?? defaultReader;
  const given = isParseResult(input);
  if (given && options.readSet === undefined) {
    const known = setsOf.get(input);
    if (known !== undefined && known.reader === reader) {
      return known.lenient === lenient
        ? known
        : { ...known, index: known.index.withLenient(lenient), lenient };
    }
  }
  const root = given ? input : await loadDocument(input, options);
  const readSet = options.readSet ?? root.readSet;
  const index = await refIndexOf(root, {
    reader,
    readSet,
    maxInputSize: options.maxInputSize,
    lenient,
    known: options.known,
  });
  // Its references are followed: an output written later need not follow them again to know what was read.
  if (readSet !== undefined && readSet === root.readSet) readSet.markFollowed(root.document);
  const files: DocumentSetFile[] = index.documents.map((doc) => {
    const isRoot = doc.key === index.rootKey;
    return {
      key: doc.key,
      source: doc.source,
      document: doc.data,
      text: isRoot ? root.text : doc.text ?? "",
      format: isRoot ? root.format : doc.format ?? root.format,
      root: isRoot,
      sourceMap: isRoot ? root.sourceMap : doc.sourceMap,
    };
  });
  const set: DocumentSet = { root, files, index, readSet: root.readSet, lenient, reader };
  if (options.readSet === undefined) setsOf.set(root, set);
  return set;
}

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
import { refIndexOf } from "./refs.ts";
import type { RefIndex } from "./ref_index.ts";
import type { ReadSet } from "./confine.ts";
import type { DocumentFormat } from "./parse_text.ts";
import type { SourceMap } from "./source_map.ts";

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
}

/** Options of {@link loadDocumentSet}. */
export interface LoadDocumentSetOptions extends LoadDocumentOptions {
  /**
   * Also follow references in places the OpenAPI layout does not describe (every object that is not data), as
   * tools that rewrite every `$ref` need. @default true
   */
  lenient?: boolean;
}

/**
 * Loads a document and every file it reaches through `$ref` (confined to the root's folder tree, regular files
 * only, remote references refused from local documents, same-origin references from a URL). Files that cannot
 * be read are recorded in the index as unresolved, not thrown.
 *
 * @example
 * ```ts
 * import { loadDocumentSet } from "./document_set.ts";
 * const set = await loadDocumentSet({ content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}' });
 * set.files.length; // 1
 * ```
 * @throws {LoadError} {@link ParseError} {@link UnsupportedVersionError} when the root cannot be loaded.
 */
export async function loadDocumentSet(
  input: InputSource | ParseResult,
  options: LoadDocumentSetOptions = {},
): Promise<DocumentSet> {
  const root = isParseResult(input) ? input : await loadDocument(input, options);
  const index = await refIndexOf(root, {
    reader: options.reader,
    readSet: options.readSet ?? root.readSet,
    maxInputSize: options.maxInputSize,
    lenient: options.lenient ?? true,
  });
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
  return { root, files, index, readSet: root.readSet };
}

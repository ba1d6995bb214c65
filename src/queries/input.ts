/**
 * The input of the walk queries: a loaded document or where to load one from; its document set loaded once
 * (`loadDocumentSet`), its references resolved when asked. `mod.ts` exports its input types.
 *
 * @module
 */
import { computeStats, type InputSource, isParseResult, type ParseResult, resolveRefs } from "../core/mod.ts";
import { type DocumentSet, isDocumentSet, loadDocumentSet } from "../io/document_set.ts";
import { refRootOf } from "../io/load_refs.ts";
import { RefIndex } from "../refs/ref_index.ts";
import type { OpenAPIDocument } from "../core/types.ts";
import type { Source } from "./_collect.ts";
import type { WalkCommonOptions } from "./types.ts";

/**
 * A document already loaded: a `ParseResult` of `parse()` or `loadDocument()` (its other fields are used when
 * present: the file it came from, for references to other files).
 */
export interface LoadedDocument {
  /** The document. */
  document: unknown;
  /** Its version family: `2.0`, `3.0`, `3.1` or `3.2`. */
  oasVersion: "2.0" | "3.0" | "3.1" | "3.2";
  /** Name for messages. */
  source: string;
  /** Directory relative `$ref`s resolve against. */
  baseDir: string;
  /** Absolute real path, for files. */
  path?: string;
}

/**
 * What a walk query reads: a loaded document, its document set, or where to load one from (a path, URL, `-`,
 * or content).
 */
export type WalkInput = InputSource | LoadedDocument | DocumentSet;

/** A loaded document that is not a full parse result, as one (its text unknown, so its references are followed). */
function asParseResult(loaded: LoadedDocument): ParseResult {
  if (isParseResult(loaded)) return loaded;
  const text = (loaded as { text?: unknown }).text;
  return {
    document: loaded.document as OpenAPIDocument,
    version: loaded.oasVersion,
    oasVersion: loaded.oasVersion,
    format: "json",
    source: loaded.source,
    path: loaded.path,
    baseDir: loaded.baseDir,
    text: typeof text === "string" ? text : "",
    sizeBytes: 0,
    loadTimeMs: 0,
    stats: computeStats(loaded.document, loaded.oasVersion),
    errors: [],
    warnings: [],
    sourceMap: () => {
      throw new Error("no source map");
    },
  };
}

function isLoaded(input: WalkInput): input is LoadedDocument {
  return typeof input === "object" && "document" in input && "oasVersion" in input;
}

/**
 * The input's document set (`loadDocumentSet`: loaded unless given, the one loading path of every verb), its
 * references resolved when asked: the queries list what lives in every file of the set. A root whose text names
 * no other file gets the index of the document alone: nothing more is read.
 */
export async function sourceOf(input: WalkInput, options: WalkCommonOptions): Promise<Source> {
  const set = await loadDocumentSet(
    isDocumentSet(input) || !isLoaded(input) ? input : asParseResult(input),
    { reader: options.reader, lenient: false },
  );
  const root = set.root;
  let doc: unknown = root.document;
  let index = set.index;
  if (options.resolveRefs) {
    const resolved = await resolveRefs(refRootOf(root), { reader: options.reader, index: set.index });
    doc = resolved.document;
    // The resolved document is a new one (its references inlined): its own index, of it alone.
    index = new RefIndex(doc, root.oasVersion, { source: root.source, key: resolved.resolver.rootKey });
  }
  const rootKey = index.rootKey;
  return {
    doc,
    version: root.oasVersion,
    index,
    sourceOf: (file) => file === rootKey ? root.source : index.document(file)?.source ?? file,
  };
}

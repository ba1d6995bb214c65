/**
 * The input of the walk queries: a loaded document or where to load one from; its references resolved when
 * asked, and its reference index. `mod.ts` exports its input types.
 *
 * @module
 */
import { type InputSource, loadDocument, resolveRefs } from "../core/mod.ts";
import { createRefIndex, mayReferToFiles, type RefRoot } from "../core/refs.ts";
import { RefIndex } from "../core/ref_index.ts";
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

/** What a walk query reads: a loaded document, or where to load one from (a path, URL, `-`, or content). */
export type WalkInput = InputSource | LoadedDocument;

function isLoaded(input: WalkInput): input is LoadedDocument {
  return typeof input === "object" && "document" in input && "oasVersion" in input;
}

/** The reference root of a loaded document (a ParseResult is one already). */
function refRoot(loaded: LoadedDocument): RefRoot {
  if ("sourceMap" in loaded && typeof loaded.sourceMap === "function") return loaded as unknown as RefRoot;
  return {
    ...loaded,
    sourceMap: () => {
      throw new Error("no source map");
    },
  };
}

/**
 * Loads the input (unless loaded), resolves its references when asked, and builds the reference index of its
 * document set: the root with every file it references, so the queries list what lives in them too. A root whose
 * text names no other file (`mayReferToFiles`) gets the index of the document alone: nothing more is read.
 */
export async function sourceOf(input: WalkInput, options: WalkCommonOptions): Promise<Source> {
  const root = refRoot(isLoaded(input) ? input : await loadDocument(input, { reader: options.reader }));
  let doc: unknown = root.document;
  let index: RefIndex;
  if (options.resolveRefs) {
    const resolved = await resolveRefs(root, { reader: options.reader });
    doc = resolved.document;
    index = new RefIndex(doc, root.oasVersion, { source: root.source, key: resolved.resolver.rootKey });
  } else {
    const text = (input as { text?: unknown }).text;
    index = typeof text === "string" && text !== "" && !mayReferToFiles(text)
      ? new RefIndex(root.document, root.oasVersion, { source: root.source, key: root.path ?? root.source })
      : await createRefIndex(root, { reader: options.reader });
  }
  const rootKey = index.rootKey;
  return {
    doc,
    version: root.oasVersion,
    index,
    sourceOf: (file) => file === rootKey ? root.source : index.document(file)?.source ?? file,
  };
}

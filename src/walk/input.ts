/**
 * The input of the walk queries: a loaded document or where to load one from; its references resolved when
 * asked, and its reference index. `mod.ts` exports its input types.
 *
 * @module
 */
import { type InputSource, loadDocument, resolveRefs } from "../core/mod.ts";
import { createRefIndex, type RefRoot } from "../core/refs.ts";
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
 * Loads the input (unless loaded), resolves its references when asked, and builds its reference index (with the
 * files references name loaded when the query `follows` references).
 */
export async function sourceOf(
  input: WalkInput,
  options: WalkCommonOptions,
  follows = true,
): Promise<Source> {
  const root = refRoot(isLoaded(input) ? input : await loadDocument(input, { reader: options.reader }));
  let doc: unknown = root.document;
  let index: RefIndex;
  if (options.resolveRefs) {
    const resolved = await resolveRefs(root, { reader: options.reader });
    doc = resolved.document;
    index = new RefIndex(doc, root.oasVersion, { source: root.source, key: resolved.resolver.rootKey });
  } else {
    // A query that follows no reference (schemas) needs no referenced file loaded: skip that walk.
    index = follows
      ? await createRefIndex(root, { reader: options.reader })
      : new RefIndex(root.document, root.oasVersion, { source: root.source, key: root.path ?? root.source });
  }
  const rootKey = index.rootKey;
  return {
    doc,
    version: root.oasVersion,
    index,
    sourceOf: (file) => file === rootKey ? root.source : index.document(file)?.source ?? file,
  };
}

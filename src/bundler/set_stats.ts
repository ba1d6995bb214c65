/**
 * Statistics of a document set: what the root and every file it reaches define, counted as the bundled document
 * holds it. They are, by definition, `computeStats` of the bundle of the set (`bundleSet`, what `bundle()`
 * returns), so every report (validate, parse, walk, the tool server) gives the bundled document's counts; the
 * set a command already loaded is bundled, so no file is read again. A root whose text names no other file
 * (`mayReferToFiles`) is its own bundle, and its counts from loading are used as they are (nothing more is read).
 *
 * @module
 */
import { type DocumentReader, type DocumentStats, OatoolError, type ParseResult } from "../core/mod.ts";
import { mayReferToFiles } from "../core/confine.ts";
import { type DocumentSet, isDocumentSet, loadDocumentSet } from "../io/document_set.ts";

/** Options of {@link documentSetStats}. */
export interface DocumentSetStatsOptions {
  /** Where the files the root references are read from (for a loaded document, not a set). @default defaultReader */
  reader?: DocumentReader;
}

/** Whether a document built from an object (no text) holds a `$ref` that is not local; iteratively. */
function refersToFiles(doc: unknown): boolean {
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === "object") stack.push(x);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === "$ref" && typeof x === "string" && !x.startsWith("#")) return true;
      if (x !== null && typeof x === "object") stack.push(x);
    }
  }
  return false;
}

/** Whether a loaded document may name other files (its text says so cheaply; an object is scanned). */
export function isMultiFile(parsed: ParseResult): boolean {
  return parsed.text !== "" ? mayReferToFiles(parsed.text) : refersToFiles(parsed.document);
}

/** The statistics of each loaded document, computed once (the tool server asks again for a cached document). */
const remembered = new WeakMap<ParseResult, Promise<DocumentStats>>();

/**
 * The statistics of a document set, or of a loaded document's set: those of its bundled document (every file it
 * reaches, components lifted, Path Item files inlined under their paths). A set already loaded is bundled as it
 * is (nothing is read again); for a loaded document, its set is loaded first (`loadDocumentSet`). A document that
 * names no other file is its own bundle: its statistics from loading are returned without reading anything.
 * When the set cannot be bundled (an error the bundle would report), the root's own statistics are returned.
 *
 * @example
 * ```ts
 * import { documentFromObject } from "@oatool/cli/core";
 * import { documentSetStats } from "./set_stats.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const parsed = documentFromObject({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "/a": { get: {} } } });
 * assertEquals((await documentSetStats(parsed)).operationCount, 1);
 * ```
 */
export function documentSetStats(
  input: ParseResult | DocumentSet,
  options: DocumentSetStatsOptions = {},
): Promise<DocumentStats> {
  const parsed = isDocumentSet(input) ? input.root : input;
  let stats = remembered.get(parsed);
  if (stats === undefined) {
    stats = isMultiFile(parsed) ? bundledStats(input, options.reader) : Promise.resolve(parsed.stats);
    remembered.set(parsed, stats);
  }
  return stats;
}

async function bundledStats(
  input: ParseResult | DocumentSet,
  reader: DocumentReader | undefined,
): Promise<DocumentStats> {
  // Loaded on demand: single-file documents never load the bundler.
  const { bundleSet } = await import("./bundle.ts");
  const parsed = isDocumentSet(input) ? input.root : input;
  try {
    const set = isDocumentSet(input) ? input : await loadDocumentSet(input, { reader });
    return (await bundleSet(set)).stats;
  } catch (error) {
    if (error instanceof OatoolError) return parsed.stats;
    throw error;
  }
}

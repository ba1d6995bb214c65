import {
  type DocumentReader,
  type InputSource,
  loadDocument,
  type OpenAPIDocument,
  type ParseResult,
  resolveRefs,
} from "../core/mod.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import { documentSetStats, isMultiFile } from "./set_stats.ts";

/** Options of {@link parse}. */
export interface ParseOptions {
  /** Replace every resolvable `$ref` (local and file references) by its target; circular ones stay. @default false */
  resolveRefs?: boolean;
  /** Run the basic structure checks (info, version, paths); findings go to `errors`. @default true */
  validateStructure?: boolean;
  /** Where files, URLs and standard input are read from. */
  reader?: DocumentReader;
}

/** A summary of a document: what `oatool parse` prints before the document. */
export interface DocumentSummary {
  /** `OpenAPI 3.1.0` or `Swagger 2.0`. */
  documentType: string;
  /** `info.title`. */
  title: string;
  /** `info.description`, or "". */
  description: string;
  /** `info.version`. */
  apiVersion: string;
  /** Entries of `servers` (3.x); for 2.0, 1 when `host` is set, else 0. */
  serverCount: number;
  /** Entries of `paths`. */
  pathCount: number;
}

function str(v: unknown): string {
  return typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
}

/** Summarises a parsed document. */
export function summarize(result: ParseResult): DocumentSummary {
  const doc = result.document as Record<string, unknown>;
  const info = (doc.info ?? {}) as Record<string, unknown>;
  const serverCount = result.oasVersion === "2.0"
    ? (typeof doc.host === "string" ? 1 : 0)
    : Array.isArray(doc.servers)
    ? doc.servers.length
    : 0;
  return {
    documentType: result.oasVersion === "2.0" ? `Swagger ${result.version}` : `OpenAPI ${result.version}`,
    title: str(info.title),
    description: str(info.description),
    apiVersion: str(info.version),
    serverCount,
    pathCount: result.stats.pathCount,
  };
}

/**
 * Loads an OpenAPI document from a file, URL, standard input (`-`) or content, detects its version, counts its
 * parts (those of every file it references too: the counts of its bundled document) and, when asked, resolves
 * its references.
 *
 * @example
 * ```ts
 * import { parse } from "@oatool/cli";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await parse({
 *   content: '{"swagger": "2.0", "info": {"title": "Pets", "version": "1"}, "paths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}}}}',
 * });
 * assertEquals(result.stats.operationCount, 1);
 * ```
 */
export async function parse(input: InputSource, options: ParseOptions = {}): Promise<ParseResult> {
  const loaded = await loadDocument(input, {
    reader: options.reader,
    validateStructure: options.validateStructure,
  });
  // The files the root references are read once, into its set: the statistics count what the whole set defines
  // (those of its bundled document), and the references are resolved from the same set.
  const set = isMultiFile(loaded) || options.resolveRefs
    ? await loadDocumentSet(loaded, { reader: options.reader })
    : undefined;
  const result = { ...loaded, stats: await documentSetStats(set ?? loaded) };
  if (!options.resolveRefs) return result;
  const resolved = await resolveRefs(result, { reader: options.reader, index: set?.index });
  return {
    ...result,
    document: resolved.document as OpenAPIDocument,
    warnings: [...result.warnings, ...resolved.warnings],
  };
}

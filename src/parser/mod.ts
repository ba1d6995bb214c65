/**
 * Parsing: load, detect the version, count, summarise, and optionally resolve references.
 *
 * @module
 */
export { parse, summarize } from "./parse.ts";
export type { DocumentSummary, ParseOptions } from "./parse.ts";

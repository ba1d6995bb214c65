/**
 * Parsing: load, detect the version, count, summarise, and optionally resolve references.
 *
 * @module
 */
export { parse, summarize } from "./parse.ts";
export type { DocumentSummary, ParseOptions } from "./parse.ts";
export { overview } from "./overview.ts";
export { documentSetStats, isMultiFile } from "./set_stats.ts";
export type { DocumentSetStatsOptions } from "./set_stats.ts";
export type { DocumentOverview, ServerEntry, TagEntry } from "./overview.ts";

/**
 * The document set's verbs: `parse` loads a document with the files it reaches, counts and describes it;
 * `bundle` gives one document from a multi-file specification (a root file and the files it reaches through
 * `$ref`), whose only references are local.
 *
 * @example
 * ```ts
 * import { bundle } from "@oatool/cli/bundler";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await bundle({ content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}' });
 * assertEquals(result.componentCount, 0);
 * ```
 *
 * @module
 */
export { bundle, bundledDocumentSet } from "./bundle.ts";
export type { BundleOptions, BundleResult, BundleSetOptions } from "./bundle.ts";
export { parse, summarize } from "./parse.ts";
export type { DocumentSummary, ParseOptions } from "./parse.ts";
export { overview } from "./overview.ts";
export type { DocumentOverview, ServerEntry, TagEntry } from "./overview.ts";
export { documentSetStats, isMultiFile } from "./set_stats.ts";
export type { DocumentSetStatsOptions } from "./set_stats.ts";

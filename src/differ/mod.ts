/**
 * Differences between two OpenAPI documents, for release gates: every change a named check with a stable id,
 * a category and a severity (`critical` and `error` break clients), judged by where it happens.
 *
 * @example
 * ```ts
 * import { diff, listChecks } from "@oatool/cli/differ";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const a = `{"swagger":"2.0","info":{"title":"A","version":"1"},"paths":{}}`;
 * const b = `{"swagger":"2.0","info":{"title":"A","version":"2"},"paths":{}}`;
 * assertEquals((await diff({ content: a }, { content: b })).changes.map((c) => c.id), ["info-version-changed"]);
 * assertEquals(listChecks().length > 100, true);
 * ```
 *
 * @module
 */
export { diff } from "./diff.ts";
export type { DiffInput, DiffOptions, DiffResult } from "./diff.ts";
export { listChecks } from "./checks.ts";
export { DIFF_PRESETS } from "./presets.ts";
export type { DiffPreset } from "./presets.ts";
export { parseIgnoreList, parseSeverities } from "./rules_file.ts";
export {
  changeToFinding,
  CHECK_CATEGORIES,
  DIFF_SEVERITIES,
  fromDiffSeverity,
  isBreaking,
  severityRank,
  toDiffSeverity,
} from "./types.ts";
export type {
  Change,
  ChangeType,
  Check,
  CheckCategory,
  DiffSeverity,
  DiffStats,
  IgnoreRule,
} from "./types.ts";
export type {
  DocumentFormat,
  DocumentReader,
  DocumentSet,
  DocumentSetFile,
  DocumentStats,
  Finding,
  InputSource,
  ReadFileIdentity,
  ReadOptions,
  ReadRoot,
  ReadSet,
  Severity,
  SourceMap,
  SourcePosition,
} from "../core/mod.ts";

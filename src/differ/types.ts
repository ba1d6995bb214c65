/**
 * The types of `diff()`: severities, categories, checks and changes.
 *
 * @module
 */
import type { Finding, Severity } from "../core/finding.ts";
import type { DocumentStats } from "../refs/stats.ts";

/**
 * A severity in the upper-case spelling of the specification's diff output (`CRITICAL` … `INFO`): the structured
 * json/yaml report, the labels of the text, markdown, junit and html reports, `--fail-on` and rules files. The
 * library's scale is {@link Severity}; convert with {@link toDiffSeverity} where an output needs this spelling.
 *
 * @deprecated As an input of the library (`failOn`, `severities`): use the lower-case {@link Severity}; the upper
 * case is accepted there until the next minor version.
 */
export type DiffSeverity = Uppercase<Severity>;

/** A severity in the spelling the diff output writes (`critical` → `CRITICAL`). */
export function toDiffSeverity(severity: Severity): DiffSeverity {
  return severity.toUpperCase() as DiffSeverity;
}

/**
 * A severity in either spelling on the library's scale (`CRITICAL` → `critical`, `error` → `error`): for inputs
 * spelled as the specification spells them (the CLI's `--fail-on`, rules files).
 */
export function fromDiffSeverity(severity: Severity | DiffSeverity): Severity {
  return severity.toLowerCase() as Severity;
}

/** Every severity of the library's scale, most serious first. */
export const SEVERITIES: readonly Severity[] = ["critical", "error", "warning", "info"];

/**
 * Every severity in the diff output's spelling (`CRITICAL` … `INFO`), most serious first: the values of the CLI's
 * `--fail-on` and of the MCP tool's `fail_on`.
 */
export const DIFF_SEVERITIES: readonly DiffSeverity[] = SEVERITIES.map(toDiffSeverity);

/**
 * Rank of a severity: 0 for `critical` … 3 for `info` (lower is more serious); -1 for a word off the scale. The
 * upper-case spelling ranks the same until the next minor version.
 */
export function severityRank(severity: Severity | DiffSeverity): number {
  return SEVERITIES.indexOf(fromDiffSeverity(severity));
}

/** Whether a severity breaks clients (`critical` or `error`). */
export function isBreaking(severity: Severity): boolean {
  return severity === "critical" || severity === "error";
}

/** Where a change is, by the kind of OpenAPI object it concerns. */
export type CheckCategory =
  | "endpoint"
  | "operation"
  | "parameter"
  | "request-body"
  | "response"
  | "schema"
  | "security"
  | "server"
  | "info"
  | "extension"
  | "lifecycle"
  | "document";

/** Every category, in the order reports list them. */
export const CHECK_CATEGORIES: readonly CheckCategory[] = [
  "document",
  "endpoint",
  "operation",
  "parameter",
  "request-body",
  "response",
  "schema",
  "security",
  "server",
  "info",
  "extension",
  "lifecycle",
];

/** One named check: a kind of change with a stable id, its category, default severity and description. */
export interface Check {
  /** Stable id, like `request-property-became-required`. */
  id: string;
  /** Category. */
  category: CheckCategory;
  /** Default severity (a `severities` option may override it). */
  severity: Severity;
  /** One sentence saying what the check reports. */
  description: string;
}

/** Whether a change adds, removes or modifies something. */
export type ChangeType = "added" | "removed" | "modified";

/**
 * One change between the two documents. It has the fields of a core {@link Finding} (`rule` is the check id;
 * `path` and `pointer` name the place in the target document, or in the source for removals, and a place in a
 * referenced file of a multi-file specification by that file (relative to the root's folder) and the place in it:
 * `schemas/pet.yaml#properties.name`, `schemas/pet.yaml#/properties/name`; `location` with source maps). Its
 * `severity` is on the library's scale (`critical`, `error`, `warning`, `info`); the reports spell it in upper case.
 */
export interface Change extends Finding {
  /** The check id (the same as `rule`). */
  id: string;
  /** The check's id, as in every Finding. */
  rule: string;
  /** Category of the check. */
  category: CheckCategory;
  /** Added, removed or modified. */
  type: ChangeType;
  /** Severity (the check's, or an override): `critical` and `error` are breaking. */
  severity: Severity;
  /** The operation or endpoint concerned, like `GET /users/{id}`, when there is one. */
  endpoint?: string;
  /** The old value, when small. */
  old?: unknown;
  /** The new value, when small. */
  new?: unknown;
}

/** One entry of an ignore list: a check id, a path (or glob), or both; with an optional reason. */
export interface IgnoreRule {
  /** A check id the entry silences. */
  id?: string;
  /** A path, pointer or endpoint (`GET /users/*`), or a glob of one (`*` matches anything). */
  path?: string;
  /** Why the change is accepted. */
  reason?: string;
}

/** Counts of the parts of both documents. */
export interface DiffStats {
  /** Statistics of the source document. */
  source: DocumentStats;
  /** Statistics of the target document. */
  target: DocumentStats;
  /** Changes silenced by the ignore list. */
  ignoredCount: number;
  /** `info` changes left out by `noInfo`. */
  droppedInfoCount: number;
  /** Milliseconds spent comparing (loading excluded). */
  diffTimeMs: number;
}

/** Converts a change into a plain {@link Finding} (`critical` and `error` become `error`). */
export function changeToFinding(change: Change): Finding {
  const { path, pointer, message, rule, location, hint, specLink } = change;
  const severity = change.severity === "critical" ? "error" : change.severity;
  const f: Finding = { severity, path, pointer, message, rule };
  if (location !== undefined) f.location = location;
  if (hint !== undefined) f.hint = hint;
  if (specLink !== undefined) f.specLink = specLink;
  return f;
}

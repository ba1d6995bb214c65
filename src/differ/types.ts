/**
 * The types of `diff()`: severities, categories, checks and changes.
 *
 * @module
 */
import type { Finding, Severity } from "../core/finding.ts";
import type { DocumentStats } from "../refs/stats.ts";

/**
 * Severity of a change: the library's one scale ({@link Severity}), spelled in upper case as the specification's
 * diff output writes it. CRITICAL and ERROR are breaking; WARNING asks for attention; INFO is compatible.
 */
export type DiffSeverity = Uppercase<Severity>;

/** A severity of the library's scale in the diff output's spelling (`critical` → `CRITICAL`). */
export function toDiffSeverity(severity: Severity): DiffSeverity {
  return severity.toUpperCase() as DiffSeverity;
}

/** A diff severity on the library's scale (`CRITICAL` → `critical`). */
export function fromDiffSeverity(severity: DiffSeverity): Severity {
  return severity.toLowerCase() as Severity;
}

const SCALE: readonly Severity[] = ["critical", "error", "warning", "info"];

/** Every severity, most serious first. */
export const DIFF_SEVERITIES: readonly DiffSeverity[] = SCALE.map(toDiffSeverity);

/** Rank of a severity: 0 for CRITICAL … 3 for INFO (lower is more serious). */
export function severityRank(severity: DiffSeverity): number {
  return DIFF_SEVERITIES.indexOf(severity);
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
  severity: DiffSeverity;
  /** One sentence saying what the check reports. */
  description: string;
}

/** Whether a change adds, removes or modifies something. */
export type ChangeType = "added" | "removed" | "modified";

/**
 * One change between the two documents. It has the fields of a core {@link Finding} (`rule` is the check id;
 * `path` and `pointer` name the place in the target document, or in the source for removals, and a place in a
 * referenced file of a multi-file specification by that file (relative to the root's folder) and the place in it:
 * `schemas/pet.yaml#properties.name`, `schemas/pet.yaml#/properties/name`; `location` with source maps) except
 * that `severity` is the diff severity.
 */
export interface Change extends Omit<Finding, "severity"> {
  /** The check id (the same as `rule`). */
  id: string;
  /** The check's id, as in every Finding. */
  rule: string;
  /** Category of the check. */
  category: CheckCategory;
  /** Added, removed or modified. */
  type: ChangeType;
  /** Severity (the check's, or an override). */
  severity: DiffSeverity;
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
  /** INFO changes left out by `noInfo`. */
  droppedInfoCount: number;
  /** Milliseconds spent comparing (loading excluded). */
  diffTimeMs: number;
}

/** Converts a change into a plain {@link Finding} (CRITICAL and ERROR become `error`). */
export function changeToFinding(change: Change): Finding {
  const { path, pointer, message, rule, location, hint, specLink } = change;
  const severity = change.severity === "CRITICAL" ? "error" : fromDiffSeverity(change.severity);
  const f: Finding = { severity, path, pointer, message, rule };
  if (location !== undefined) f.location = location;
  if (hint !== undefined) f.hint = hint;
  if (specLink !== undefined) f.specLink = specLink;
  return f;
}

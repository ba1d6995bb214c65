/**
 * The one report contract (issue 30): every command that reports findings (validate, diff, convert, fix, join,
 * overlay, generate, parse) hands the renderers of each format (`text.ts`, `json.ts`, `yaml.ts`, `sarif.ts`,
 * `github.ts`, `junit.ts`, `markdown.ts`) the same `{ findings, summary }`, so each format exists once and every
 * command has every format.
 *
 * @module
 */
import type { Finding, Severity } from "../core/mod.ts";
import { type FindingLimits, reportedFindings } from "../core/finding_limits.ts";

/** The report formats every command's findings can be printed in. */
export const REPORT_FORMATS = ["text", "json", "yaml", "sarif", "github", "junit", "markdown"] as const;

/** One of {@link REPORT_FORMATS}. */
export type ReportFormat = typeof REPORT_FORMATS[number];

/**
 * A finding in a report: the one {@link Finding} shape, plus what a command may add for grouping. A diff
 * Change maps to it with `rule` = its check id, `severity` on the Finding scale, `label` = the check's
 * own severity word (`CRITICAL`) and `category` = the check's category.
 */
export interface ReportFinding extends Finding {
  /** The command's own group of the finding (a diff check's category), used by junit and markdown. */
  category?: string;
  /** The severity as the command names it, when it differs from `severity` (`CRITICAL`, `ERROR`). */
  label?: string;
  /** The file the finding is about when it has no `location` and it is not the report's source. */
  file?: string;
  /**
   * In a report over several documents, the document whose run found it (its file, or a file that document
   * references). For grouping only: structured reports do not list it.
   */
  document?: string;
}

/** The file of a finding: its location's, else its own `file`, else the report's source. */
export function fileOf(f: ReportFinding, summary: ReportSummary): string {
  return f.location?.file ?? f.file ?? summary.source;
}

/** The document a finding belongs to in a report over several: its `document`, else its file. */
export function documentOf(f: ReportFinding, summary: ReportSummary): string {
  return f.document ?? fileOf(f, summary);
}

/** What a report says besides its findings. */
export interface ReportSummary {
  /** The command, like `convert` (the SARIF run's name, the JUnit suite's). */
  command: string;
  /** The document the findings are about: the default file of a finding without a location. */
  source: string;
  /** Whether the command succeeded (no finding fails it). */
  ok: boolean;
  /** The final sentence of the report, like `Converted OpenAPI 2.0 → 3.0.4 (0 critical, 1 warning, 0 info).` */
  message: string;
  /** What the findings are called in counts: @default "finding" */
  noun?: string;
  /** Command-specific fields of the structured (json/yaml) report, printed before the findings. */
  fields?: Record<string, unknown>;
  /** Descriptions of the rules, for SARIF's rule list (a rule without one is described by its id). */
  rules?: ReadonlyMap<string, string>;
}

/** The one input of every report renderer. */
export interface FindingReport {
  /** The findings, in the order they are reported. */
  findings: readonly ReportFinding[];
  /** What the report says about them. */
  summary: ReportSummary;
}

/** Options every report renderer takes. */
export interface ReportOptions {
  /** How many findings are listed ({@link FindingLimits}). @default 10 per rule and place, 10,000, 5 MB */
  limits?: FindingLimits;
}

/** The number of findings of each severity. */
export type SeverityCounts = Record<Severity, number>;

/** How many findings of each severity a report has. */
export function severityCounts(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { critical: 0, error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** Whether a finding fails a gate: errors and critical issues. */
export function isFailing(f: Finding): boolean {
  return f.severity === "error" || f.severity === "critical";
}

/** The findings a report lists (bounded, texts shortened) and how many it leaves out. */
export function listedFindings(
  report: FindingReport,
  options: ReportOptions = {},
): { shown: ReportFinding[]; omitted: number } {
  return reportedFindings(report.findings, options.limits);
}

/** The readable place of a finding: its path, or `(root)`. */
export function placeOf(f: Finding): string {
  return f.path || "(root)";
}

/** The noun of a report's findings, singular and plural. */
export function nounOf(summary: ReportSummary): { one: string; many: string } {
  const one = summary.noun ?? "finding";
  return { one, many: one.endsWith("x") ? `${one}es` : `${one}s` };
}

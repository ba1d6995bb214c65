/**
 * The structured (json/yaml) report of the report contract ({@link FindingReport}).
 *
 * @module
 */
import { limitsText } from "../core/finding_limits.ts";
import type { Finding } from "../core/mod.ts";
import {
  type FindingReport,
  listedFindings,
  nounOf,
  type ReportFinding,
  type ReportOptions,
  type SeverityCounts,
  severityCounts,
} from "./contract.ts";

/** One finding in a structured report. */
export interface StructuredFinding {
  /** `critical`, `error`, `warning` or `info`. */
  severity: string;
  /** Stable rule id (a diff's check id), like `operation-id-unique`; empty when the finding has none. */
  rule: string;
  /** Readable path of the node. */
  path: string;
  /** RFC 6901 JSON pointer of the node. */
  pointer: string;
  /** One sentence: what is wrong. */
  message: string;
  /** Link to the section of the specification. */
  specLink?: string;
  /** What to do about it, when known. */
  hint?: string;
  /** Where in the source text, when known. */
  location?: { file: string; line: number; column: number };
  /** The command's group of the finding (a diff check's category). */
  category?: string;
  /** The severity as the command names it (a diff's `CRITICAL`). */
  label?: string;
  /** The file the finding is about, when it has no location and it is not the report's source. */
  file?: string;
}

/** The structured report of any command: the same fields whatever the command, then its own `fields`. */
export interface StructuredReport {
  /** The command. */
  command: string;
  /** The document the findings are about. */
  source: string;
  /** Whether the command succeeded. */
  ok: boolean;
  /** The report's final sentence. */
  message: string;
  /** How many findings of each severity, listed or not. */
  counts: SeverityCounts;
  /** The findings (at most the report's bounds). */
  findings: StructuredFinding[];
  /** Findings left out of `findings` by the report's bounds (present when some were). */
  findingsOmitted?: number;
  /** What the report shows when it left findings out. */
  omittedNote?: string;
  /** The command's own fields. */
  [field: string]: unknown;
}

/** The fields every structured report has, which a command's own fields cannot replace. */
const CONTRACT_KEYS = new Set(["counts", "findings", "findingsOmitted", "omittedNote"]);

/** A finding as structured reports list it (the same fields in every command's report). */
export function structuredFinding(
  f: Finding & Partial<Pick<ReportFinding, "category" | "label" | "file">>,
): StructuredFinding {
  const out: StructuredFinding = {
    severity: f.severity,
    rule: f.rule ?? "",
    path: f.path,
    pointer: f.pointer,
    message: f.message,
  };
  if (f.specLink !== undefined) out.specLink = f.specLink;
  if (f.hint !== undefined) out.hint = f.hint;
  if (f.location !== undefined) {
    out.location = { file: f.location.file, line: f.location.line, column: f.location.column };
  }
  if (f.category !== undefined) out.category = f.category;
  if (f.label !== undefined) out.label = f.label;
  if (f.file !== undefined) out.file = f.file;
  return out;
}

/**
 * The structured report: `command`, `source`, `ok`, `message`, the command's own fields, the `counts` of
 * every finding and at most the report's bounds of `findings`, with `findingsOmitted` counting the rest.
 */
export function structuredReport(report: FindingReport, options: ReportOptions = {}): StructuredReport {
  const { summary } = report;
  const { shown, omitted } = listedFindings(report, options);
  const out: Record<string, unknown> = {
    command: summary.command,
    source: summary.source,
    ok: summary.ok,
    message: summary.message,
  };
  for (const [key, value] of Object.entries(summary.fields ?? {})) {
    if (!(key in out) && !CONTRACT_KEYS.has(key)) out[key] = value;
  }
  out.counts = severityCounts(report.findings);
  out.findings = shown.map(structuredFinding);
  if (omitted > 0) {
    out.findingsOmitted = omitted;
    out.omittedNote = `the report lists ${limitsText(options.limits)} of the ${nounOf(summary).many}`;
  }
  return out as StructuredReport;
}

/** The report as JSON (2-space indent, trailing newline). */
export function renderJson(report: FindingReport, options: ReportOptions = {}): string {
  return JSON.stringify(structuredReport(report, options), null, 2) + "\n";
}

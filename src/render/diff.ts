/**
 * Renderers of diff results: text (simple, or grouped per category in breaking mode), JSON, YAML, a Markdown
 * pull-request comment, GitHub Actions annotations, JUnit XML and SARIF (the last four through the one report
 * contract, {@link diffFindingReport}). Pure functions from a {@link DiffResult}.
 *
 * @module
 */
import {
  type FindingLimits,
  type LimitedFindings,
  limitsText,
  omittedLine,
  reportedFindings,
} from "../core/finding_limits.ts";
import { formatPosition, serializeDocument } from "../core/mod.ts";
import type { Change, Check, CheckCategory, DiffResult, DiffSeverity } from "../differ/mod.ts";
import {
  changeToFinding,
  CHECK_CATEGORIES,
  fromDiffSeverity,
  isBreaking,
  listChecks,
  toDiffSeverity,
} from "../differ/mod.ts";
import type { Severity } from "../core/mod.ts";
export type {
  Change,
  ChangeType,
  Check,
  CheckCategory,
  DiffResult,
  DiffSeverity,
  DiffStats,
} from "../differ/mod.ts";
import { escapeText } from "./escape.ts";
import type { FindingReport, ReportFinding } from "./contract.ts";
import { renderGithub } from "./github.ts";
import { renderJunit } from "./junit.ts";
import { mdCell, renderMarkdown } from "./markdown.ts";
import { renderSarif, type SarifOptions } from "./sarif.ts";
import { createStyle, type Style } from "./report.ts";

/** One change in the structured report. */
export interface DiffReportChange {
  /** Check id. */
  id: string;
  /** The same, as in every finding. */
  rule: string;
  /** Category of the check. */
  category: string;
  /** added, removed or modified. */
  type: string;
  /** CRITICAL, ERROR, WARNING or INFO (the specification's spelling of the change's severity). */
  severity: DiffSeverity;
  /** Readable path. */
  path: string;
  /** JSON pointer. */
  pointer: string;
  /** One sentence. */
  message: string;
  /** The operation or endpoint, like `GET /users/{id}`. */
  endpoint?: string;
  /** Old value, when small. */
  old?: unknown;
  /** New value, when small. */
  new?: unknown;
  /** file:line:column, with source maps. */
  location?: { file: string; line: number; column: number };
}

/** The structured (json/yaml) report of a diff: a stable interface, camelCase names plus `HasBreakingChanges`. */
export interface DiffReport {
  /** Source document. */
  source: string;
  /** Target document. */
  target: string;
  /** OpenAPI version of the source. */
  sourceVersion: string;
  /** OpenAPI version of the target. */
  targetVersion: string;
  /** Whether a CRITICAL or ERROR change was found (the specification's name). */
  HasBreakingChanges: boolean;
  /** Number of changes reported. */
  totalChanges: number;
  /** CRITICAL and ERROR changes. */
  breakingCount: number;
  /** WARNING changes. */
  warningCount: number;
  /** INFO changes. */
  infoCount: number;
  /** Changes silenced by the ignore list. */
  ignoredCount: number;
  /** The changes (at most the report's bounds: 10 of one check at one place, 10,000 in all, 5 MB of text). */
  changes: DiffReportChange[];
  /** Changes left out of `changes` by the report's bounds (present when some were). */
  changesOmitted?: number;
  /** What the report shows when it left changes out. */
  omittedNote?: string;
}

/** Options shared by the diff renderers: how many changes a report lists. */
export interface DiffReportOptions {
  /** How many changes are listed ({@link FindingLimits}). @default 10 per check and place, 10,000, 5 MB */
  limits?: FindingLimits;
}

/** The changes a report lists (bounded, texts shortened) and how many it leaves out. */
function listed(result: DiffResult, options: DiffReportOptions): LimitedFindings<Change> {
  return reportedFindings(result.changes, options.limits);
}

/** The line that ends a list of changes when some were left out (empty when none were). */
function omittedChanges(omitted: number, options: DiffReportOptions): string {
  return omitted === 0 ? "" : omittedLine(omitted, "change", options.limits);
}

function reportChange(c: Change): DiffReportChange {
  const out: DiffReportChange = {
    id: c.id,
    rule: c.rule,
    category: c.category,
    type: c.type,
    severity: toDiffSeverity(c.severity),
    path: c.path,
    pointer: c.pointer,
    message: c.message,
  };
  if (c.endpoint !== undefined) out.endpoint = c.endpoint;
  if (c.old !== undefined) out.old = c.old;
  if (c.new !== undefined) out.new = c.new;
  if (c.location !== undefined) {
    out.location = { file: c.location.file, line: c.location.line, column: c.location.column };
  }
  return out;
}

/**
 * The structured report of a result (what json and yaml print): the counts of every change, and at most the
 * report's bounds of changes, with `changesOmitted` saying how many were left out.
 */
export function diffReport(result: DiffResult, options: DiffReportOptions = {}): DiffReport {
  const { shown, omitted } = listed(result, options);
  const report: DiffReport = {
    source: result.source,
    target: result.target,
    sourceVersion: result.sourceVersion,
    targetVersion: result.targetVersion,
    HasBreakingChanges: result.hasBreakingChanges,
    totalChanges: result.changes.length,
    breakingCount: result.breakingCount,
    warningCount: result.warningCount,
    infoCount: result.infoCount,
    ignoredCount: result.stats.ignoredCount,
    changes: shown.map(reportChange),
  };
  if (omitted > 0) {
    report.changesOmitted = omitted;
    report.omittedNote = `the report lists ${limitsText(options.limits)} of the changes`;
  }
  return report;
}

/** The result as JSON (2-space indent, trailing newline). */
export function renderDiffJson(result: DiffResult, options: DiffReportOptions = {}): string {
  return JSON.stringify(diffReport(result, options), null, 2) + "\n";
}

/** The result as YAML. */
export function renderDiffYaml(result: DiffResult, options: DiffReportOptions = {}): string {
  return serializeDocument(diffReport(result, options), "yaml");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

const TYPE_MARK: Readonly<Record<string, string>> = { added: "+", removed: "-", modified: "~" };

/** Title of a category's section: `Endpoint Changes`, `Request Body Changes`. */
function categoryTitle(category: CheckCategory): string {
  return category.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ") + " Changes";
}

function summary(result: DiffResult): string {
  return `Summary: ${plural(result.changes.length, "change")}, ${result.breakingCount} breaking, ${
    plural(result.warningCount, "warning")
  }, ${result.infoCount} info.`;
}

function ignoredLine(result: DiffResult): string {
  const n = result.stats.ignoredCount;
  return n === 0 ? "" : `${plural(n, "change")} ignored by the ignore list.\n`;
}

/** Options of {@link renderDiffText}. */
export interface DiffTextOptions extends DiffReportOptions {
  /** Breaking mode: sections per category with severities, and a summary. @default false */
  breaking?: boolean;
  /** Colours. @default none */
  style?: Style;
}

function severityColor(style: Style, severity: Severity): (s: string) => string {
  return isBreaking(severity) ? style.red : severity === "warning" ? style.yellow : style.dim;
}

function where(c: Change): string {
  return c.location ? `${escapeText(formatPosition(c.location))}: ` : "";
}

/**
 * The result as text. Simple mode: one line per change (`+` added, `-` removed, `~` modified) and a count;
 * breaking mode: the breaking changes first (a section "Breaking Changes"), then a section per category
 * (Endpoint Changes, Parameter Changes, …) with the other changes, each with its severity, and a summary with
 * the total, breaking, warning and info counts. Document text is escaped.
 */
export function renderDiffText(result: DiffResult, options: DiffTextOptions = {}): string {
  const style = options.style ?? createStyle(false);
  const { shown, omitted } = listed(result, options);
  let out = "";
  if (!options.breaking) {
    for (const c of shown) {
      out += `${TYPE_MARK[c.type]} ${where(c)}${escapeText(c.path || "(root)")}: ${escapeText(c.message)} ${
        style.dim(`[${c.id}]`)
      }\n`;
    }
    if (omitted > 0) out += omittedChanges(omitted, options) + "\n";
    out += ignoredLine(result);
    out += result.changes.length === 0
      ? "No changes.\n"
      : `${plural(result.changes.length, "change")} (${result.breakingCount} breaking, ${
        plural(result.warningCount, "warning")
      }, ${result.infoCount} info).\n`;
    return out;
  }
  for (const section of sections(result, shown, true)) {
    out += style.bold(`${section.title} (${section.count})`) + "\n";
    for (const c of section.changes) {
      out += `  ${severityColor(style, c.severity)(toDiffSeverity(c.severity).padEnd(8))} ${where(c)}${
        escapeText(c.path || "(root)")
      }: ${escapeText(c.message)} ${style.dim(`[${c.id}]`)}\n`;
    }
    out += "\n";
  }
  if (omitted > 0) out += omittedChanges(omitted, options) + "\n";
  out += ignoredLine(result);
  out += summary(result) + "\n";
  out += result.hasBreakingChanges
    ? style.red(`✗ ${plural(result.breakingCount, "breaking change")}.`) + "\n"
    : style.green("✓ No breaking changes.") + "\n";
  return out;
}

/** One section of a report: a title, how many changes it has in all, and those of them the report lists. */
interface Section {
  title: string;
  count: number;
  changes: Change[];
}

/**
 * The sections of a report: one per category (in {@link CHECK_CATEGORIES} order); with `breakingFirst`, a
 * "Breaking Changes" section first with every CRITICAL and ERROR change, and the categories with the rest.
 */
function sections(result: DiffResult, shown: readonly Change[], breakingFirst: boolean): Section[] {
  const out: Section[] = [];
  const rest = (c: Change) => !breakingFirst || !isBreaking(c.severity);
  if (breakingFirst && result.breakingCount > 0) {
    out.push({
      title: "Breaking Changes",
      count: result.breakingCount,
      changes: shown.filter((c) => isBreaking(c.severity)),
    });
  }
  const counts = new Map<string, number>();
  for (const c of result.changes) if (rest(c)) counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
  for (const category of CHECK_CATEGORIES) {
    const count = counts.get(category) ?? 0;
    if (count === 0) continue;
    const changes = shown.filter((c) => c.category === category && rest(c));
    out.push({ title: categoryTitle(category), count, changes });
  }
  return out;
}

/**
 * A diff result in the one report contract: each change a finding with `rule` = its check id, its severity,
 * `label` = the severity as the specification spells it (`CRITICAL`, `ERROR`, …) and `category` = its category.
 */
export function diffFindingReport(result: DiffResult): FindingReport {
  return {
    findings: result.changes.map(changeReportFinding),
    summary: {
      command: "diff",
      source: result.target,
      ok: !result.hasBreakingChanges,
      message: summary(result),
      noun: "change",
      fields: { target: result.target, HasBreakingChanges: result.hasBreakingChanges },
      rules: new Map(listChecks().map((c) => [c.id, c.description])),
    },
  };
}

/** A change as a finding of the report contract (see {@link diffFindingReport}). */
function changeReportFinding(c: Change): ReportFinding {
  const f: ReportFinding = { ...changeToFinding(c), category: c.category, label: toDiffSeverity(c.severity) };
  if (c.severity === "critical") f.severity = "critical";
  return f;
}

/** The findings of the report contract that are these changes, listed in the same order. */
function asFindings(
  changes: readonly Change[],
  byChange: ReadonlyMap<Change, ReportFinding>,
): ReportFinding[] {
  return changes.map((c) => byChange.get(c) ?? changeReportFinding(c));
}

/** Options of {@link renderDiffMarkdown}. */
export interface DiffMarkdownOptions extends DiffReportOptions {
  /** A table of the breaking changes (CRITICAL, ERROR) first; the category tables then have the rest. */
  breakingFirst?: boolean;
}

/**
 * The result as a Markdown pull-request comment ({@link renderMarkdown}): a summary table and a table of
 * changes per category (at most the report's bounds of changes, then a line that counts the rest); each
 * change's place with its `file:line:column` when the result has positions.
 */
export function renderDiffMarkdown(result: DiffResult, options: DiffMarkdownOptions = {}): string {
  const { shown } = listed(result, options);
  const report = diffFindingReport(result);
  const byChange = new Map(shown.map((c) => [c, changeReportFinding(c)]));
  return renderMarkdown(report, {
    limits: options.limits,
    heading: `API changes: ${mdCell(result.source)} → ${mdCell(result.target)}`,
    status: result.hasBreakingChanges
      ? plural(result.breakingCount, "breaking change")
      : "No breaking changes",
    counts: {
      head: ["Total", "Breaking", "Warnings", "Info", "Ignored"],
      row: [
        result.changes.length,
        result.breakingCount,
        result.warningCount,
        result.infoCount,
        result.stats.ignoredCount,
      ],
    },
    sections: () =>
      sections(result, shown, options.breakingFirst === true).map((s) => ({
        title: s.title,
        count: s.count,
        findings: asFindings(s.changes, byChange),
      })),
    columns: ["Severity", "Change", "Where", "Check"],
  });
}

/**
 * The result as GitHub Actions workflow commands on the target file ({@link renderGithub}): `::error` for
 * breaking changes, `::warning` for warnings, `::notice` for info, with the line and column when known.
 */
export function renderDiffGithub(result: DiffResult, options: DiffReportOptions = {}): string {
  return renderGithub(diffFindingReport(result), options);
}

/** Options of {@link renderDiffJunit}. */
export interface DiffJunitOptions extends DiffReportOptions {
  /**
   * Changes at or above this severity are failures. The upper-case spelling (`"ERROR"`) is deprecated: it is
   * still accepted, as the same severity, until the next minor version. @default "error"
   */
  failOn?: Severity | DiffSeverity;
}

/**
 * The result as JUnit XML ({@link renderJunit}): one test case per change, failing at or above `failOn`
 * (breaking by default). Past the report's bounds, one last test case counts the changes left out, failing when
 * one of them fails.
 */
export function renderDiffJunit(result: DiffResult, options: DiffJunitOptions = {}): string {
  return renderJunit(diffFindingReport(result), {
    limits: options.limits,
    failOn: fromDiffSeverity(options.failOn ?? "error"),
    suite: `${result.source} → ${result.target}`,
  });
}

/** The result as a SARIF 2.1.0 log ({@link renderSarif}) of the target document's changes. */
export function renderDiffSarif(result: DiffResult, options: SarifOptions = {}): string {
  return renderSarif(diffFindingReport(result), options);
}

/** The checks as text: one section per category, one line per check (id, default severity, description). */
export function renderChecksText(checks: readonly Check[]): string {
  let out = "";
  for (const category of CHECK_CATEGORIES) {
    const list = checks.filter((c) => c.category === category);
    if (list.length === 0) continue;
    out += `${categoryTitle(category).replace(/ Changes$/, "")} (${list.length})\n`;
    for (const c of list) {
      out += `  ${c.id.padEnd(48)} ${toDiffSeverity(c.severity).padEnd(8)} ${c.description}\n`;
    }
    out += "\n";
  }
  out += `${checks.length} checks.\n`;
  return out;
}

/** The checks as JSON: a list of `{ id, category, severity, description }`, the severity in upper case. */
export function renderChecksJson(checks: readonly Check[]): string {
  return JSON.stringify(checks.map((c) => ({ ...c, severity: toDiffSeverity(c.severity) })), null, 2) + "\n";
}

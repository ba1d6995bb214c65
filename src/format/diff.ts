/**
 * Renderers of diff results: text (simple, or grouped per category in breaking mode), JSON, YAML, a Markdown
 * pull-request comment, GitHub Actions annotations and JUnit XML. Pure functions from a {@link DiffResult}.
 *
 * @module
 */
import { formatPosition, serializeDocument } from "../core/mod.ts";
import type { Change, Check, CheckCategory, DiffResult, DiffSeverity } from "../differ/mod.ts";
import { CHECK_CATEGORIES, severityRank } from "../differ/mod.ts";
export type {
  Change,
  ChangeType,
  Check,
  CheckCategory,
  DiffResult,
  DiffSeverity,
  DiffStats,
} from "../differ/mod.ts";
import { escapeText, escapeWorkflowData, escapeWorkflowProperty } from "./escape.ts";
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
  /** CRITICAL, ERROR, WARNING or INFO. */
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
  /** The changes. */
  changes: DiffReportChange[];
}

function reportChange(c: Change): DiffReportChange {
  const out: DiffReportChange = {
    id: c.id,
    rule: c.rule,
    category: c.category,
    type: c.type,
    severity: c.severity,
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

/** The structured report of a result (what json and yaml print). */
export function diffReport(result: DiffResult): DiffReport {
  return {
    source: result.source,
    target: result.target,
    sourceVersion: result.sourceVersion,
    targetVersion: result.targetVersion,
    HasBreakingChanges: result.HasBreakingChanges,
    totalChanges: result.changes.length,
    breakingCount: result.breakingCount,
    warningCount: result.warningCount,
    infoCount: result.infoCount,
    ignoredCount: result.stats.ignoredCount,
    changes: result.changes.map(reportChange),
  };
}

/** The result as JSON (2-space indent, trailing newline). */
export function renderDiffJson(result: DiffResult): string {
  return JSON.stringify(diffReport(result), null, 2) + "\n";
}

/** The result as YAML. */
export function renderDiffYaml(result: DiffResult): string {
  return serializeDocument(diffReport(result), "yaml");
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
export interface DiffTextOptions {
  /** Breaking mode: sections per category with severities, and a summary. @default false */
  breaking?: boolean;
  /** Colours. @default none */
  style?: Style;
}

function severityColor(style: Style, severity: DiffSeverity): (s: string) => string {
  return severity === "CRITICAL" || severity === "ERROR"
    ? style.red
    : severity === "WARNING"
    ? style.yellow
    : style.dim;
}

function where(c: Change): string {
  return c.location ? `${escapeText(formatPosition(c.location))}: ` : "";
}

/**
 * The result as text. Simple mode: one line per change (`+` added, `-` removed, `~` modified) and a count;
 * breaking mode: a section per category (Endpoint Changes, Parameter Changes, …) with each change's severity,
 * and a summary with the total, breaking, warning and info counts. Document text is escaped.
 */
export function renderDiffText(result: DiffResult, options: DiffTextOptions = {}): string {
  const style = options.style ?? createStyle(false);
  let out = "";
  if (!options.breaking) {
    for (const c of result.changes) {
      out += `${TYPE_MARK[c.type]} ${where(c)}${escapeText(c.path || "(root)")}: ${escapeText(c.message)} ${
        style.dim(`[${c.id}]`)
      }\n`;
    }
    out += ignoredLine(result);
    out += result.changes.length === 0
      ? "No changes.\n"
      : `${plural(result.changes.length, "change")} (${result.breakingCount} breaking, ${
        plural(result.warningCount, "warning")
      }, ${result.infoCount} info).\n`;
    return out;
  }
  for (const category of CHECK_CATEGORIES) {
    const list = result.changes.filter((c) => c.category === category);
    if (list.length === 0) continue;
    out += style.bold(`${categoryTitle(category)} (${list.length})`) + "\n";
    for (const c of list) {
      out += `  ${severityColor(style, c.severity)(c.severity.padEnd(8))} ${where(c)}${
        escapeText(c.path || "(root)")
      }: ${escapeText(c.message)} ${style.dim(`[${c.id}]`)}\n`;
    }
    out += "\n";
  }
  out += ignoredLine(result);
  out += summary(result) + "\n";
  out += result.HasBreakingChanges
    ? style.red(`✗ ${plural(result.breakingCount, "breaking change")}.`) + "\n"
    : style.green("✓ No breaking changes.") + "\n";
  return out;
}

function mdCell(text: string): string {
  return escapeText(text).replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll("`", "\\`").replaceAll(
    "<",
    "&lt;",
  );
}

/** The result as a Markdown pull-request comment: a summary table and a table of changes per category. */
export function renderDiffMarkdown(result: DiffResult): string {
  let out = `## API changes: ${mdCell(result.source)} → ${mdCell(result.target)}\n\n`;
  out += result.HasBreakingChanges
    ? `:x: **${plural(result.breakingCount, "breaking change")}**\n\n`
    : ":white_check_mark: **No breaking changes**\n\n";
  out += "| Total | Breaking | Warnings | Info | Ignored |\n|---:|---:|---:|---:|---:|\n";
  out +=
    `| ${result.changes.length} | ${result.breakingCount} | ${result.warningCount} | ${result.infoCount} | ${result.stats.ignoredCount} |\n`;
  for (const category of CHECK_CATEGORIES) {
    const list = result.changes.filter((c) => c.category === category);
    if (list.length === 0) continue;
    out += `\n### ${
      categoryTitle(category)
    } (${list.length})\n\n| Severity | Change | Where | Check |\n|---|---|---|---|\n`;
    for (const c of list) {
      const place = c.location ? `${c.path || "(root)"} (line ${c.location.line})` : c.path || "(root)";
      out += `| ${c.severity} | ${mdCell(c.message)} | ${mdCell(place)} | ${c.id} |\n`;
    }
  }
  return out;
}

/**
 * The result as GitHub Actions workflow commands on the target file: `::error` for breaking changes, `::warning`
 * for warnings, `::notice` for info, with the line and column when known. Escaped by the workflow-command rules.
 */
export function renderDiffGithub(result: DiffResult): string {
  let out = "";
  for (const c of result.changes) {
    const level = c.severity === "CRITICAL" || c.severity === "ERROR"
      ? "error"
      : c.severity === "WARNING"
      ? "warning"
      : "notice";
    const props = [`file=${escapeWorkflowProperty(c.location?.file ?? result.target)}`];
    if (c.location) props.push(`line=${c.location.line}`, `col=${c.location.column}`);
    props.push(`title=${escapeWorkflowProperty(`${c.severity} ${c.id}`)}`);
    out += `::${level} ${props.join(",")}::${escapeWorkflowData(`${c.path || "(root)"}: ${c.message}`)}\n`;
  }
  return out;
}

function xml(text: string): string {
  return escapeText(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Options of {@link renderDiffJunit}. */
export interface DiffJunitOptions {
  /** Changes at or above this severity are failures. @default "ERROR" */
  failOn?: DiffSeverity;
}

/** The result as JUnit XML: one test case per change, failing at or above `failOn` (breaking by default). */
export function renderDiffJunit(result: DiffResult, options: DiffJunitOptions = {}): string {
  const limit = severityRank(options.failOn ?? "ERROR");
  const failures = result.changes.filter((c) => severityRank(c.severity) <= limit).length;
  const cases = result.changes.length === 0 ? 1 : result.changes.length;
  let out =
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="oatool diff" tests="${cases}" failures="${failures}">\n`;
  out += `  <testsuite name="${
    xml(`${result.source} → ${result.target}`)
  }" tests="${cases}" failures="${failures}">\n`;
  if (result.changes.length === 0) out += `    <testcase classname="oatool.diff" name="no changes"/>\n`;
  for (const c of result.changes) {
    const name = xml(`${c.id} ${c.path || "(root)"}`);
    out += `    <testcase classname="oatool.diff.${c.category}" name="${name}">`;
    if (severityRank(c.severity) <= limit) {
      out += `\n      <failure type="${c.severity}" message="${xml(c.message)}">${
        xml(c.pointer)
      }</failure>\n    `;
    } else out += `<system-out>${c.severity}: ${xml(c.message)}</system-out>`;
    out += `</testcase>\n`;
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

/** The checks as text: one section per category, one line per check (id, default severity, description). */
export function renderChecksText(checks: readonly Check[]): string {
  let out = "";
  for (const category of CHECK_CATEGORIES) {
    const list = checks.filter((c) => c.category === category);
    if (list.length === 0) continue;
    out += `${categoryTitle(category).replace(/ Changes$/, "")} (${list.length})\n`;
    for (const c of list) out += `  ${c.id.padEnd(48)} ${c.severity.padEnd(8)} ${c.description}\n`;
    out += "\n";
  }
  out += `${checks.length} checks.\n`;
  return out;
}

/** The checks as JSON: a list of `{ id, category, severity, description }`. */
export function renderChecksJson(checks: readonly Check[]): string {
  return JSON.stringify(checks, null, 2) + "\n";
}

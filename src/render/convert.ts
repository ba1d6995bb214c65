/**
 * The text report of a conversion: `Conversion Issues (<n>)` with one line per issue (severity symbol, path,
 * message, hint) and the final line. Pure functions; document text is escaped.
 *
 * @module
 */
import { type FindingLimits, omittedLine, reportedFindings } from "../core/finding_limits.ts";
import type { Finding } from "../core/mod.ts";
import { escapeText } from "./escape.ts";
import { renderFindingLine } from "./findings.ts";
import { createStyle, type Style } from "./report.ts";

/** Severity symbols of conversion issues: `✗` critical (and error), `⚠` warning, `ℹ` info. */
export function severitySymbol(severity: Finding["severity"]): string {
  return severity === "critical" || severity === "error" ? "✗" : severity === "warning" ? "⚠" : "ℹ";
}

/** What {@link renderConversionReport} needs of a conversion. */
export interface ConversionReport {
  /** Version of the input. */
  sourceVersion: string;
  /** Version of the output. */
  targetVersion: string;
  /** False when a critical issue (or, with strict, a warning) failed the conversion. */
  success: boolean;
  /** The issues. */
  issues: readonly Finding[];
}

/** Options of {@link renderConversionReport}. */
export interface ConversionReportOptions {
  /** Colours. @default no colour */
  style?: Style;
  /** Where the document went (`<stdout>`, a path), or undefined when nothing was written. */
  written?: string;
  /** How many issues are listed ({@link FindingLimits}). @default 10 per rule and place, 10,000, 5 MB */
  limits?: FindingLimits;
}

/**
 * `Conversion Issues (<n>):` then `  <symbol> <severity>: [file:line:col: ]<path>: <message>` (and `hint:` lines),
 * then the final line: `✓ Converted 2.0 → 3.0.4 (0 critical, 1 warning, 2 info).` or `✗ …`.
 */
export function renderConversionReport(
  report: ConversionReport,
  options: ConversionReportOptions = {},
): string {
  const style = options.style ?? createStyle(false);
  let out = `\nConversion Issues (${report.issues.length})${report.issues.length > 0 ? ":" : ""}\n`;
  const { shown, omitted } = reportedFindings(report.issues, options.limits);
  for (const issue of shown) {
    const symbol = severitySymbol(issue.severity);
    const colour = issue.severity === "critical"
      ? style.red
      : issue.severity === "warning"
      ? style.yellow
      : style.dim;
    out += `  ${colour(symbol)} ${renderFindingLine(issue, { severity: true, style })}\n`;
    if (issue.hint) out += `      hint: ${escapeText(issue.hint)}\n`;
  }
  if (omitted > 0) out += `  ${omittedLine(omitted, "issue", options.limits)}\n`;
  const sentence = escapeText(conversionSentence(report, options.written));
  out += `\n${report.success ? style.green("✓") : style.red("✗")} ${sentence}\n`;
  return out;
}

/**
 * The last sentence of a conversion's report: `Converted OpenAPI 2.0 → 3.0.4 to <stdout> (0 critical, 1 warning,
 * 2 info).` or `Conversion OpenAPI … failed (…); nothing was written.` (`written`: where the document went).
 */
export function conversionSentence(report: ConversionReport, written?: string): string {
  const count = (s: string) => report.issues.filter((i) => i.severity === s).length;
  const counts =
    `${count("critical")} critical, ${count("warning")} warning${count("warning") === 1 ? "" : "s"}, ` +
    `${count("info")} info`;
  const versions = `OpenAPI ${report.sourceVersion} → ${report.targetVersion}`;
  const where = written === undefined ? "" : ` to ${written}`;
  return report.success
    ? `Converted ${versions}${where} (${counts}).`
    : `Conversion ${versions} failed (${counts})` +
      `${written === undefined ? "; nothing was written" : `; the document was written${where}`}.`;
}

/**
 * The one Markdown writer of the report contract ({@link FindingReport}): a pull-request comment with a status
 * line, a table of counts and tables of findings.
 *
 * @module
 */
import { omittedLine } from "../core/finding_limits.ts";
import { formatPosition } from "../core/mod.ts";
import { escapeText } from "./escape.ts";
import {
  type FindingReport,
  listedFindings,
  nounOf,
  placeOf,
  type ReportFinding,
  type ReportOptions,
  severityCounts,
} from "./contract.ts";

/** Text in a Markdown table cell: escaped for the terminal, then `\ | `` ` as escapes and `<` as `&lt;`. */
export function mdCell(text: string): string {
  return escapeText(text).replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll("`", "\\`").replaceAll(
    "<",
    "&lt;",
  );
}

/** One table of findings: a title, how many findings it has in all, and those of them the report lists. */
export interface MarkdownSection {
  /** Title, like `Endpoint Changes`. */
  title: string;
  /** How many findings the section has, listed or not. */
  count: number;
  /** The listed ones. */
  findings: readonly ReportFinding[];
}

/** Options of {@link renderMarkdown}. */
export interface MarkdownOptions extends ReportOptions {
  /** The heading (Markdown, already escaped). @default `oatool <command>: <source>` */
  heading?: string;
  /** The bold status line. @default the summary's message */
  status?: string;
  /** The table of counts: its column names and its one row. @default Critical, Errors, Warnings, Info */
  counts?: { head: readonly string[]; row: readonly (string | number)[] };
  /**
   * The tables of findings, built from the listed findings. @default one table of every listed finding,
   * titled like `Findings`
   */
  sections?: (shown: readonly ReportFinding[]) => MarkdownSection[];
  /** Column names of the finding tables. @default Severity, Finding, Where, Rule */
  columns?: readonly [string, string, string, string];
}

/**
 * The report as Markdown: a heading, `:white_check_mark:` or `:x:` with the status, a table of counts, then a
 * table per section (severity, message, where with its `file:line:column` when known, rule) and a last line
 * that counts the findings left out by the report's bounds.
 */
export function renderMarkdown(report: FindingReport, options: MarkdownOptions = {}): string {
  const { summary } = report;
  const noun = nounOf(summary);
  const { shown, omitted } = listedFindings(report, options);
  const c = severityCounts(report.findings);
  const counts = options.counts ??
    { head: ["Critical", "Errors", "Warnings", "Info"], row: [c.critical, c.error, c.warning, c.info] };
  const title = noun.many[0].toUpperCase() + noun.many.slice(1);
  const sections = options.sections?.(shown) ??
    [{ title, count: report.findings.length, findings: shown }].filter((s) => s.count > 0);
  const [severity, what, where, rule] = options.columns ?? ["Severity", "Finding", "Where", "Rule"];
  let out = `## ${options.heading ?? `oatool ${summary.command}: ${mdCell(summary.source)}`}\n\n`;
  const status = options.status ?? mdCell(summary.message);
  out += summary.ok ? `:white_check_mark: **${status}**\n\n` : `:x: **${status}**\n\n`;
  out += `| ${counts.head.join(" | ")} |\n|${counts.head.map(() => "---:").join("|")}|\n`;
  out += `| ${counts.row.join(" | ")} |\n`;
  for (const section of sections) {
    out += `\n### ${section.title} (${section.count})\n\n| ${severity} | ${what} | ${where} | ${rule} |\n`;
    out += "|---|---|---|---|\n";
    for (const f of section.findings) {
      const place = f.location ? `${placeOf(f)} (${formatPosition(f.location)})` : placeOf(f);
      out += `| ${f.label ?? f.severity} | ${mdCell(f.message)} | ${mdCell(place)} | ${
        mdCell(f.rule ?? "")
      } |\n`;
    }
  }
  if (omitted > 0) out += `\n${mdCell(omittedLine(omitted, noun.one, options.limits, noun.many))}\n`;
  return out;
}

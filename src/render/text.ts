/**
 * The text report of the report contract ({@link FindingReport}), for commands whose own text report does not
 * list findings one per line (and for the library).
 *
 * @module
 */
import { escapeText } from "./escape.ts";
import { renderFindingList } from "./findings.ts";
import { type FindingReport, nounOf, type ReportOptions } from "./contract.ts";
import { createStyle, type Style } from "./report.ts";

/** Options of {@link renderText}. */
export interface TextOptions extends ReportOptions {
  /** Colours. @default none */
  style?: Style;
}

/**
 * The report as text: `Findings (<n>):` (named by the summary's noun) and one line per finding
 * (`severity: [file:line:column: ]path: message [rule]`, hints below), then the summary's sentence, green or
 * red. Document text is escaped.
 */
export function renderText(report: FindingReport, options: TextOptions = {}): string {
  const style = options.style ?? createStyle(false);
  const { summary, findings } = report;
  const noun = nounOf(summary);
  const title = noun.many[0].toUpperCase() + noun.many.slice(1);
  let out = style.bold(`${title} (${findings.length})${findings.length > 0 ? ":" : ""}`) + "\n";
  out += renderFindingList(findings, {
    severity: true,
    rule: true,
    style,
    noun: noun.one,
    maxPerPlace: options.limits?.maxPerPlace,
  });
  const line = escapeText(summary.message);
  out += "\n" + (summary.ok ? style.green(`✓ ${line}`) : style.red(`✗ ${line}`)) + "\n";
  return out;
}

/**
 * One line per finding, the way every text report prints them. Document-supplied text (paths, messages, file
 * names) is escaped with {@link escapeText}.
 *
 * @module
 */
import { boundTexts, limitFindings, omittedLine } from "../core/finding_limits.ts";
import { formatCount, MAX_MESSAGE_CHARS, shorten } from "../core/bounded_text.ts";
import { type Finding, formatPosition, type SourcePosition } from "../core/mod.ts";
import { escapeText } from "./escape.ts";
import { createStyle, type Style } from "./report.ts";

/** Options of {@link renderFindingLine}. */
export interface FindingLineOptions {
  /** Start with `error: ` / `warning: ` / `info: `. @default false */
  severity?: boolean;
  /** End with the rule id in brackets. @default false */
  rule?: boolean;
  /** Position to show instead of the finding's own `location` (`null`: none). */
  location?: SourcePosition | null;
  /** Colours (identity when off). @default no colour */
  style?: Style;
}

/**
 * A finding as `[severity: ][file:line:column: ]path: message[ [rule]]`, with `(root)` for the document root;
 * no line break. Document text in it is escaped, so it stays one line whatever the document says, and long
 * texts are shortened with `…` ({@link boundTexts}), so it stays short whatever the document holds.
 */
export function renderFindingLine(finding: Finding, options: FindingLineOptions = {}): string {
  const f = boundTexts(finding);
  const style = options.style ?? createStyle(false);
  const where = options.location === undefined ? f.location : options.location ?? undefined;
  const severity = options.severity ? `${f.severity}: ` : "";
  const at = where ? `${escapeText(formatPosition(where))}: ` : "";
  const rule = options.rule ? ` ${style.dim(`[${escapeText(f.rule ?? "")}]`)}` : "";
  return `${severity}${at}${escapeText(f.path || "(root)")}: ${escapeText(f.message)}${rule}`;
}

/** Options of {@link renderFindingList}. */
export interface FindingListOptions extends Omit<FindingLineOptions, "location"> {
  /** Text before each line. @default two spaces */
  indent?: string;
  /**
   * At most this many lines; the rest is counted in a last line (`… and 3 more findings (…)`).
   * @default DEFAULT_MAX_FINDINGS
   */
  limit?: number;
  /** Most findings of one rule at one place. @default DEFAULT_MAX_FINDINGS_PER_PLACE */
  maxPerPlace?: number;
  /** What the findings are called in the last line. @default "finding" */
  noun?: string;
  /** The position of a finding, when it is not the finding's own `location` (`null`: none). */
  locate?: (f: Finding) => SourcePosition | null | undefined;
}

/**
 * Findings as lines of {@link renderFindingLine}, each ending with a line break, hints on their own lines; at
 * most `limit` of them and `maxPerPlace` of one rule at one place ({@link limitFindings}), then a line that
 * counts the rest.
 */
export function renderFindingList(findings: readonly Finding[], options: FindingListOptions = {}): string {
  const indent = options.indent ?? "  ";
  const limits = { maxFindings: options.limit, maxPerPlace: options.maxPerPlace };
  const { shown, omitted } = limitFindings(findings, limits);
  let out = "";
  for (const f of shown) {
    out += `${indent}${renderFindingLine(f, { ...options, location: options.locate?.(f) })}\n`;
    if (f.hint) out += `${indent}    hint: ${escapeText(shorten(f.hint, MAX_MESSAGE_CHARS))}\n`;
  }
  if (omitted === 0) return out;
  // A caller's excerpt (`limit`) is counted plainly; the report's own bound says what it shows.
  out += options.limit !== undefined
    ? `${indent}… and ${formatCount(omitted)} more\n`
    : `${indent}${omittedLine(omitted, options.noun, limits)}\n`;
  return out;
}

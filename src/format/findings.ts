/**
 * One line per finding, the way every text report prints them. Document-supplied text (paths, messages, file
 * names) is escaped with {@link escapeText}.
 *
 * @module
 */
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
 * no line break. Document text in it is escaped, so it stays one line whatever the document says.
 */
export function renderFindingLine(f: Finding, options: FindingLineOptions = {}): string {
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
  /** At most this many lines; the rest is counted in a last line (`… and 3 more`). @default every finding */
  limit?: number;
  /** The position of a finding, when it is not the finding's own `location` (`null`: none). */
  locate?: (f: Finding) => SourcePosition | null | undefined;
}

/** Findings as lines of {@link renderFindingLine}, each ending with a line break, hints on their own lines. */
export function renderFindingList(findings: readonly Finding[], options: FindingListOptions = {}): string {
  const indent = options.indent ?? "  ";
  const limit = Math.min(options.limit ?? findings.length, findings.length);
  let out = "";
  for (let i = 0; i < limit; i++) {
    const f = findings[i];
    out += `${indent}${renderFindingLine(f, { ...options, location: options.locate?.(f) })}\n`;
    if (f.hint) out += `${indent}    hint: ${escapeText(f.hint)}\n`;
  }
  if (limit < findings.length) out += `${indent}… and ${findings.length - limit} more\n`;
  return out;
}

/**
 * The text report of a fix: the fixes, the warnings, the errors that remain and a final line. Pure functions;
 * document text is escaped.
 *
 * @module
 */
import { type FindingLimits, omittedLine, reportedLists } from "../core/finding_limits.ts";
import { MAX_MESSAGE_CHARS, MAX_PLACE_CHARS, shorten } from "../core/bounded_text.ts";
import { type Finding, formatPosition, type SourcePosition } from "../core/mod.ts";
import type { Fix } from "../fixer/mod.ts";
import { escapeText } from "./escape.ts";
import { renderFindingLine, renderFindingList } from "./findings.ts";
import { createStyle, type Style } from "./report.ts";

/** What {@link renderFixReport} prints. */
export interface FixReportInput {
  /** Name of the fixed document. */
  source: string;
  /** The fixes. */
  fixes: readonly Fix[];
  /** Warnings of the fixer. */
  warnings: readonly Finding[];
  /** Errors of the fixed document. */
  remainingErrors: readonly Finding[];
}

/** Options of {@link renderFixReport}. */
export interface FixReportOptions {
  /** A dry run: `Fixes That Would Be Applied`. @default false */
  dryRun?: boolean;
  /** Where the fixed document went (a file), for the `oatool validate` hint; default the input's name. */
  output?: string;
  /** Remaining errors shown; the rest are counted. @default 20 */
  limit?: number;
  /** Colours. @default no colour */
  style?: Style;
  /** How many fixes and warnings are listed ({@link FindingLimits}). @default 10 per kind and place, 10,000, 5 MB */
  limits?: FindingLimits;
  /** The position of a remaining error (`-s`: in the input, where its place is in the input). */
  locate?: (f: Finding) => SourcePosition | null | undefined;
}

/** One fix as `[<type>] [file:line:column: ]<path>: <description>` (no line break; long texts shortened). */
export function renderFixLine(f: Fix): string {
  const at = f.location ? `${escapeText(formatPosition(f.location))}: ` : "";
  return `[${f.type}] ${at}${escapeText(shorten(f.path || "(root)", MAX_PLACE_CHARS))}: ${
    escapeText(shorten(f.description, MAX_MESSAGE_CHARS))
  }`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The report: `Fixes Applied (<n>):` (or `Fixes That Would Be Applied (<n>):`) and one line per fix, the
 * warnings, `Remaining Errors (<n>):` with the first errors and the `oatool validate` command that lists them
 * all, and a final line.
 */
export function renderFixReport(result: FixReportInput, options: FixReportOptions = {}): string {
  const style = options.style ?? createStyle(false);
  const n = result.fixes.length;
  let out =
    style.bold(`${options.dryRun ? "Fixes That Would Be Applied" : "Fixes Applied"} (${n})${n ? ":" : ""}`) +
    "\n";
  // The fixes and the warnings share the report's bound.
  const [fixes, warnings] = reportedLists<Finding>(
    [result.fixes.map((f) => ({ ...f, rule: f.rule ?? f.type })), result.warnings],
    options.limits,
  );
  for (const f of fixes.shown) out += `  ${renderFixLine(f as Fix)}\n`;
  if (fixes.omitted > 0) {
    out += `  ${omittedLine(fixes.omitted, "fix", options.limits, "fixes")}\n`;
  }
  if (result.warnings.length > 0) {
    out += `\n${style.bold(`Warnings (${result.warnings.length}):`)}\n`;
    for (const f of warnings.shown) {
      out += `  ${renderFindingLine(f)}\n`;
      if (f.hint) out += `      hint: ${escapeText(f.hint)}\n`;
    }
    if (warnings.omitted > 0) out += `  ${omittedLine(warnings.omitted, "warning", options.limits)}\n`;
  }
  const errors = result.remainingErrors;
  const target = escapeText(options.output ?? "");
  if (errors.length > 0) {
    out += `\n${style.bold(`Remaining Errors (${errors.length}):`)}\n`;
    out += renderFindingList(errors, {
      limit: options.limit ?? 20,
      rule: true,
      style,
      locate: options.locate,
    });
    out += options.output === undefined
      ? `  Run "oatool validate" on the fixed document for details.\n`
      : `  Run "oatool validate ${target}" for details.\n`;
  }
  const sentence = fixSentence(n, errors.length, options.dryRun === true);
  out += "\n" + (errors.length === 0 ? style.green(`✓ ${sentence}`) : style.red(`✗ ${sentence}`)) + "\n";
  return out;
}

/** The last sentence of a fix's report: `2 fixes applied; the fixed document is valid.` or `…; 1 error remains.` */
export function fixSentence(fixes: number, errors: number, dryRun: boolean): string {
  const done = `${plural(fixes, "fix", "fixes")} ${dryRun ? "would be applied" : "applied"}`;
  return errors === 0
    ? `${done}; the fixed document is valid.`
    : `${done}; ${plural(errors, "error", "errors")} remain${errors === 1 ? "s" : ""}.`;
}

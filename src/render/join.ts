/**
 * Text reports of a join: its warnings, the collision report, and the input check. Pure functions; document
 * text is escaped.
 *
 * @module
 */
import { type Finding, formatPosition, type SourcePosition } from "../core/mod.ts";
import type { CollisionReport, InputCheck, JoinCollisionDetails } from "../joiner/mod.ts";
import { escapeText } from "./escape.ts";
import { renderFindingList } from "./findings.ts";

/** The collision report: a count line, then `  <type> '<name>' (<left> vs <right>): <resolution>` lines. */
export function renderCollisionReport(report: CollisionReport): string {
  let out = `\nCollision Report: ${report.totalCount} collision(s): ${report.schemaCount} schema, ` +
    `${report.pathCount} path, ${report.componentCount} other component\n`;
  for (const c of report.collisions) {
    const renamed = c.newName === undefined ? "" : ` -> '${escapeText(c.newName)}'`;
    out +=
      `  ${c.type} '${escapeText(c.name)}' (${escapeText(c.sources[0])} vs ${escapeText(c.sources[1])}): ` +
      `${c.resolution}${renamed}${c.byHandler ? " (by the collision handler)" : ""}\n`;
  }
  return out;
}

/** The info line of a join whose inputs shared identical components: `N identical components merged`. */
export function renderIdenticalMerged(count: number): string {
  return count > 0 ? `\n${count} identical components merged\n` : "";
}

/** Where one side of a failed collision is: `file:line:column`, else the source. */
function side(source: string, at: SourcePosition | undefined): string {
  return escapeText(at ? formatPosition(at) : source);
}

/**
 * The collisions that failed a join, grouped by section (in the order each section was first met):
 * `Collisions (n):`, then per section `  <section> (k):` and `    '<name>': <left> vs <right>` lines, each side
 * as `file:line:column` where known, else its source.
 */
export function renderCollisionFailures(collisions: readonly JoinCollisionDetails[]): string {
  const groups = new Map<string, JoinCollisionDetails[]>();
  for (const c of collisions) {
    const list = groups.get(c.type);
    if (list) list.push(c);
    else groups.set(c.type, [c]);
  }
  let out = `\nCollisions (${collisions.length}):\n`;
  for (const [type, list] of groups) {
    out += `  ${escapeText(type)} (${list.length}):\n`;
    for (const c of list) {
      out += `    '${escapeText(c.name)}': ${side(c.leftSource, c.leftLocation)} vs ${
        side(c.rightSource, c.rightLocation)
      }\n`;
    }
  }
  return out;
}

/** The warnings of a join as `Warnings (n):` and one `  - <message>` line each; empty when there are none. */
export function renderJoinWarnings(warnings: readonly Finding[]): string {
  if (warnings.length === 0) return "";
  return `\nWarnings (${warnings.length}):\n` +
    warnings.map((w) => `  - ${escapeText(w.message)}\n`).join("");
}

/** Options of {@link renderInputChecks}. */
export interface InputChecksOptions {
  /** Errors shown per input. @default 5 */
  limit?: number;
}

/**
 * The inputs of a join that have validation errors, as warnings: per input its error count, the first errors
 * and the `oatool validate` command that shows them all. Empty when every input is valid.
 */
export function renderInputChecks(checks: readonly InputCheck[], options: InputChecksOptions = {}): string {
  let out = "";
  for (const check of checks) {
    const n = check.errors.length;
    const source = escapeText(check.source);
    out += `\nWarning: ${source} has ${n} validation error${n === 1 ? "" : "s"}; joined anyway ` +
      `(run "oatool validate ${source}" for details):\n`;
    out += renderFindingList(check.errors, { limit: options.limit ?? 5, indent: "  " });
  }
  return out;
}

/** The errors of an input a join refused, as `Errors in <source> (n):` and one line each. */
export function renderRefusedInput(source: string, errors: readonly Finding[]): string {
  return `\nErrors in ${escapeText(source)} (${errors.length}):\n` + renderFindingList(errors);
}

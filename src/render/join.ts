/**
 * Text reports of a join: its warnings, the collision report, and the input check. Pure functions; document
 * text is escaped.
 *
 * @module
 */
import type { Finding } from "../core/mod.ts";
import type { CollisionReport, InputCheck } from "../joiner/mod.ts";
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

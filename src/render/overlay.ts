/**
 * Text reports of overlays: what `overlay apply` did, and the result of `overlay validate`. Pure functions;
 * document text is escaped.
 *
 * @module
 */
import { type Finding, redactUrl } from "../core/mod.ts";
import type { ApplyOverlayResult, OverlayValidationResult } from "../overlay/mod.ts";
import { escapeText } from "./escape.ts";
import { renderFindingList } from "./findings.ts";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Overlay errors (or warnings) as `Errors (n):` and one `  <path>: <message>` line each. */
export function renderOverlayErrors(errors: readonly Finding[], title = "Errors"): string {
  return `${title} (${errors.length}):\n` + renderFindingList(errors, { locate: () => null });
}

/** The per-action report: counts, then `[i] kind: target (n matches)`, with the paths in a dry run. */
export function renderApplyReport(result: ApplyOverlayResult): string {
  const verb = result.dryRun ? ["Would apply", "Would skip"] : ["Applied", "Skipped"];
  let out = result.dryRun ? "\nDry run: no changes were made.\n" : "\n";
  out += `${verb[0]}: ${plural(result.appliedCount, "action", "actions")}\n`;
  out += `${verb[1]}: ${plural(result.skippedCount, "action", "actions")}\n`;
  for (const action of result.actions) {
    const from = action.copy === undefined ? "" : ` from ${escapeText(action.copy)}`;
    out += `  [${action.index}] ${action.kind}: ${escapeText(action.target)}${from} (${
      plural(action.matchCount, "match", "matches")
    })\n`;
    if (result.dryRun) { for (const path of action.paths) out += `      ${escapeText(path)}\n`; }
  }
  if (result.warnings.length > 0) {
    out += `\nWarnings (${result.warnings.length}):\n`;
    for (const w of result.warnings) out += `  ${escapeText(w.path)}: ${escapeText(w.message)}\n`;
  }
  return out;
}

/** The heading of `overlay validate`: source, title, versions, extends and the action count. */
export function renderOverlaySummary(source: string, v: OverlayValidationResult): string {
  let out = `Overlay: ${escapeText(source)}\n`;
  if (v.title !== undefined) out += `Title: ${escapeText(v.title)}\n`;
  if (v.infoVersion !== undefined) out += `Version: ${escapeText(v.infoVersion)}\n`;
  if (v.version !== undefined) out += `Overlay Version: ${escapeText(v.version)}\n`;
  if (v.extends !== undefined) out += `Extends: ${escapeText(redactUrl(v.extends))} (not fetched)\n`;
  out += `Actions: ${v.actionCount}\n`;
  return out;
}

/**
 * The text report of `oatool generate`: banner and statistics, the package, the counts of types and
 * operations, `Generation Issues (<n>)` with paths, and the files written with their sizes. Pure; document
 * text is escaped.
 *
 * @module
 */
import { maxOf } from "../core/bounded_text.ts";
import type { GenerateResult } from "../generator/mod.ts";
import { byteLength } from "../io/load.ts";
import { generateWriteSummary } from "./command_reports.ts";
import { escapeText } from "./escape.ts";
import { renderFindingList } from "./findings.ts";
import { createStyle, formatBytes, formatDuration, renderReportHeader, type Style } from "./report.ts";

/** Options of {@link renderGenerateReport}. */
export interface GenerateReportOptions {
  /** Tool version for the banner. */
  toolVersion: string;
  /** The output directory. */
  outputDir: string;
  /** Total time of the run in ms. */
  totalTimeMs?: number;
  /** Colours. */
  style?: Style;
  /** Show `file:line:column` of issues when known. */
  sourceMap?: boolean;
  /** What writing the files did (names written, unchanged, and stale generated files removed). */
  write?: { written: readonly string[]; unchanged: readonly string[]; removed: readonly string[] };
}

/** The report of a generation run. */
export function renderGenerateReport(result: GenerateResult, options: GenerateReportOptions): string {
  const style = options.style ?? createStyle(false);
  let out = renderReportHeader({
    command: "generate",
    toolVersion: options.toolVersion,
    specification: result.source,
    oasVersion: result.version,
    sizeBytes: result.sizeBytes,
    stats: result.stats,
    loadTimeMs: result.loadTimeMs,
    totalTimeMs: options.totalTimeMs,
    extra: [["Generate Time", formatDuration(result.generateTimeMs)]],
  }, style);
  out += `\nPackage: ${escapeText(result.packageName)}\n`;
  out += `Output: ${escapeText(options.outputDir)}\n`;
  out += `Types: ${result.types}\n`;
  out += `Operations: ${result.operations}\n`;
  const write = options.write;
  if (write !== undefined) {
    out += `Changes: ${generateWriteSummary(write)}\n`;
    if (write.removed.length > 0) {
      out += `\nRemoved (${write.removed.length}, generated earlier and no longer produced):\n`;
      for (const name of write.removed) out += `  ${escapeText(name)}\n`;
    }
  }
  if (result.issues.length > 0) {
    out += `\nGeneration Issues (${result.issues.length}):\n`;
    out += renderFindingList(result.issues, {
      locate: options.sourceMap ? undefined : () => null,
      noun: "issue",
    });
  }
  out += `\nFiles (${result.files.length}):\n`;
  const width = maxOf(result.files.map((f) => f.name.length), 0);
  for (const f of result.files) {
    out += `  ${escapeText(f.name.padEnd(width))}  ${formatBytes(byteLength(f.content))}\n`;
  }
  return out;
}

/**
 * The common report header every command prints: a banner and a statistics block. Pure functions.
 *
 * @module
 */
import type { DocumentStats } from "../core/mod.ts";
import { escapeText } from "./escape.ts";

/** Terminal styling; all functions are identity when colour is off. */
export interface Style {
  /** Bold text. */
  bold(s: string): string;
  /** Red text (errors). */
  red(s: string): string;
  /** Yellow text (warnings). */
  yellow(s: string): string;
  /** Green text (success). */
  green(s: string): string;
  /** Dim text (secondary details). */
  dim(s: string): string;
}

/** Creates a {@link Style}; with `color` false every function returns its input unchanged. */
export function createStyle(color: boolean): Style {
  const wrap = (open: number, close: number) => (s: string) => color ? `\x1b[${open}m${s}\x1b[${close}m` : s;
  return {
    bold: wrap(1, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    green: wrap(32, 39),
    dim: wrap(2, 22),
  };
}

/** Formats a byte count: `512 B`, `1.2 KB`, `13.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Formats milliseconds: `850µs`, `12ms`, `1.42s`. */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${Math.round(ms * 1000)}µs`;
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(2)}s`;
}

/** What the report header shows; absent fields are left out. */
export interface ReportHeader {
  /** Command name, e.g. `parse`. */
  command: string;
  /** Tool version. */
  toolVersion: string;
  /** Specification name (file, URL, `<stdin>`). */
  specification?: string;
  /** OAS version string. */
  oasVersion?: string;
  /** Source size in bytes. */
  sizeBytes?: number;
  /** Counts. */
  stats?: DocumentStats;
  /** Load time in ms. */
  loadTimeMs?: number;
  /** Total time in ms. */
  totalTimeMs?: number;
  /** Extra `label: value` lines after the statistics. */
  extra?: [string, string][];
}

/**
 * Renders the banner and statistics block (values are escaped: a file name or title cannot add lines):
 *
 * ```text
 * oatool parse v0.1.0
 *
 * Specification: petstore.yaml
 * OAS Version: 3.0.3
 * Source Size: 1.2 KB
 * Paths: 2
 * Operations: 3
 * Schemas: 3
 * Load Time: 2ms
 * Total Time: 5ms
 * ```
 */
export function renderReportHeader(header: ReportHeader, style: Style = createStyle(false)): string {
  const lines: string[] = [style.bold(`oatool ${header.command} v${header.toolVersion}`), ""];
  const add = (label: string, value: string | number | undefined) => {
    if (value !== undefined) lines.push(`${label}: ${escapeText(String(value))}`);
  };
  add("Specification", header.specification);
  add("OAS Version", header.oasVersion);
  add("Source Size", header.sizeBytes === undefined ? undefined : formatBytes(header.sizeBytes));
  add("Paths", header.stats?.pathCount);
  add("Operations", header.stats?.operationCount);
  add("Schemas", header.stats?.schemaCount);
  add("Load Time", header.loadTimeMs === undefined ? undefined : formatDuration(header.loadTimeMs));
  add("Total Time", header.totalTimeMs === undefined ? undefined : formatDuration(header.totalTimeMs));
  for (const [label, value] of header.extra ?? []) add(label, value);
  return lines.join("\n") + "\n";
}

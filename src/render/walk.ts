/**
 * Renderers of the walk queries' results: an aligned table per kind with a header row, the same rows
 * tab-separated without a header (`-q`, for `cut` and `awk`), and the groups. Pure functions; every cell of
 * document text is escaped, so a name cannot move the cursor or forge a row.
 *
 * @module
 */
import { maxOf, shorten } from "../core/bounded_text.ts";
import type {
  HeaderItem,
  OperationItem,
  ParameterItem,
  PathItem,
  RefItem,
  ResponseItem,
  SchemaItem,
  SecurityItem,
  WalkKind,
  WalkResult,
} from "../queries/mod.ts";
import { escapeText } from "./escape.ts";

/** Longest summary or description shown in a table cell, in characters. */
const TEXT_WIDTH = 80;
/** Longest cell of any other column (a path, a name, a reference), in characters: start and end kept. */
const MAX_CELL = 400;

/** A column: its header and how to get its text from an item. */
type Column<T> = [header: string, cell: (item: T) => string | undefined];

function oneLine(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > TEXT_WIDTH ? flat.slice(0, TEXT_WIDTH - 1) + "…" : flat;
}

const OPERATIONS: Column<OperationItem>[] = [
  ["METHOD", (i) => i.method],
  ["PATH", (i) => i.path],
  ["OPERATION ID", (i) => i.operationId],
  ["TAGS", (i) => i.tags.join(",")],
  ["DEPRECATED", (i) => i.deprecated ? "yes" : "no"],
  ["SUMMARY", (i) => oneLine(i.summary)],
];
const SCHEMAS: Column<SchemaItem>[] = [
  ["NAME", (i) => i.name],
  ["TYPE", (i) => Array.isArray(i.type) ? i.type.join("|") : i.type],
  ["KIND", (i) => i.component ? "component" : "inline"],
  ["LOCATION", (i) => i.location],
];
const PARAMETERS: Column<ParameterItem>[] = [
  ["NAME", (i) => i.name],
  ["IN", (i) => i.in ?? (i.ref !== undefined ? "(ref)" : undefined)],
  ["METHOD", (i) => i.method],
  ["PATH", (i) => i.path ?? i.location],
  ["REF", (i) => i.ref],
];
const RESPONSES: Column<ResponseItem>[] = [
  ["STATUS", (i) => i.status ?? (i.component ? "(component)" : undefined)],
  ["METHOD", (i) => i.method],
  ["PATH", (i) => i.path ?? i.location],
  ["CONTENT", (i) => i.content.join(",")],
  ["DESCRIPTION", (i) => oneLine(i.description)],
];
const HEADERS: Column<HeaderItem>[] = [
  ["NAME", (i) => i.name],
  ["STATUS", (i) => i.status ?? (i.component ? "(component)" : undefined)],
  ["METHOD", (i) => i.method],
  ["PATH", (i) => i.path ?? i.location],
  ["REF", (i) => i.ref],
];
const SECURITY: Column<SecurityItem>[] = [
  ["NAME", (i) => i.name],
  ["TYPE", (i) => i.type],
  ["DETAILS", (i) => i.details],
  ["DESCRIPTION", (i) => oneLine(i.description)],
];
const PATHS: Column<PathItem>[] = [
  ["PATH", (i) => i.path],
  ["METHODS", (i) => i.methods.join(",")],
  ["WEBHOOK", (i) => i.webhook ? "yes" : "no"],
  ["REF", (i) => i.ref],
];
const REF_TARGETS: Column<RefItem>[] = [
  ["COUNT", (i) => String(i.count)],
  ["NODE TYPE", (i) => i.nodeType],
  ["TARGET", (i) => i.ref + (i.resolved ? "" : " (unresolved)")],
];
const REF_OCCURRENCES: Column<RefItem>[] = [
  ["TARGET", (i) => i.ref + (i.resolved ? "" : " (unresolved)")],
  ["NODE TYPE", (i) => i.nodeType],
  ["SOURCE", (i) => (i.file !== undefined ? `${i.file}: ` : "") + i.location],
];

// deno-lint-ignore no-explicit-any -- one table per kind, chosen by the result's kind
const COLUMNS: Readonly<Record<Exclude<WalkKind, "refs">, Column<any>[]>> = {
  operations: OPERATIONS,
  schemas: SCHEMAS,
  parameters: PARAMETERS,
  responses: RESPONSES,
  headers: HEADERS,
  security: SECURITY,
  paths: PATHS,
};

/** Rows as an aligned table with a header (`quiet`: tab-separated, no header); empty cells as `-`. */
function table(header: readonly string[], rows: readonly (readonly string[])[], quiet: boolean): string {
  if (quiet) return rows.map((r) => r.join("\t") + "\n").join("");
  const widths = header.map((h, c) => maxOf(rows.map((r) => r[c].length), h.length));
  const line = (r: readonly string[]) =>
    r.map((cell, c) => c === r.length - 1 ? cell : cell.padEnd(widths[c])).join("  ").trimEnd() + "\n";
  return line(header) + rows.map(line).join("");
}

/** Options of {@link renderWalkTable}. */
export interface WalkTableOptions {
  /** Tab-separated rows without the header row. @default false */
  quiet?: boolean;
  /** For `refs`: the items are occurrences (`detail`), not targets. @default false */
  occurrences?: boolean;
}

/**
 * A walk result as a table: the items with the columns of their kind, or the groups (`KEY`, `COUNT`).
 *
 * @example
 * ```ts
 * import { renderWalkTable } from "@oatool/cli/render";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const table = renderWalkTable({
 *   kind: "paths", total: 1, matched: 1, returned: 1, offset: 0, limit: 100,
 *   items: [{ path: "/pets", webhook: false, methods: ["GET"], location: "paths./pets", pointer: "/paths/~1pets" }],
 * });
 * assertEquals(table, "PATH   METHODS  WEBHOOK  REF\n/pets  GET      no       -\n");
 * ```
 */
export function renderWalkTable(result: WalkResult<unknown>, options: WalkTableOptions = {}): string {
  const quiet = options.quiet === true;
  const cell = (v: string | undefined) =>
    v === undefined || v === "" ? "-" : escapeText(shorten(v, MAX_CELL));
  if (result.groups !== undefined) {
    return table(["KEY", "COUNT"], result.groups.map((g) => [cell(g.key), String(g.count)]), quiet);
  }
  const columns =
    (result.kind === "refs"
      ? (options.occurrences ? REF_OCCURRENCES : REF_TARGETS)
      : COLUMNS[result.kind]) as unknown as readonly Column<unknown>[];
  return table(
    columns.map(([h]) => h),
    result.items.map((item) => columns.map(([, get]) => cell(get(item)))),
    quiet,
  );
}

const NOUNS: Readonly<Record<WalkKind, [string, string]>> = {
  operations: ["operation", "operations"],
  schemas: ["schema", "schemas"],
  parameters: ["parameter", "parameters"],
  responses: ["response", "responses"],
  headers: ["header", "headers"],
  security: ["security scheme", "security schemes"],
  paths: ["path", "paths"],
  refs: ["reference", "references"],
};

/** `12 operations`, `1 security scheme`, … (for `refs`, `targets` counts distinct targets). */
function walkNoun(kind: WalkKind, n: number, targets = false): string {
  if (kind === "refs" && targets) return `${n} ${n === 1 ? "reference target" : "reference targets"}`;
  const [one, many] = NOUNS[kind];
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The note a walk prints on standard error: nothing matched, or which part of the matched items a page shows.
 * Empty when the page shows everything.
 */
export function renderWalkNote(result: WalkResult<unknown>, options: { occurrences?: boolean } = {}): string {
  const targets = result.kind === "refs" && !options.occurrences && result.groups === undefined;
  if (result.matched === 0) {
    return `No ${NOUNS[result.kind][1]} match (the document has ${
      walkNoun(result.kind, result.total, targets)
    }).\n`;
  }
  const all = result.groups !== undefined ? result.groupCount ?? 0 : result.matched;
  const what = result.groups !== undefined ? `${all} groups` : walkNoun(result.kind, all, targets);
  if (result.returned === all) return "";
  if (result.returned === 0) {
    return `Showing none of ${what} (offset ${result.offset}, limit ${result.limit}).\n`;
  }
  return `Showing ${result.offset + 1}–${result.offset + result.returned} of ${what}; ` +
    `see more with --offset ${result.offset + result.returned}.\n`;
}

/**
 * The part every walk query shares: checking the common options, filtering collected entries, grouping and
 * paging. Private to the walk folder.
 *
 * @module
 */
import { formatPath, formatPointer } from "../core/pointer.ts";
import {
  type ExtensionFilter,
  matchesExtension,
  parseExtensionFilter,
  WalkFilterError,
} from "./extension.ts";
import { GROUP_BY, type WalkCommonOptions, type WalkGroup, type WalkKind, type WalkResult } from "./types.ts";

/** A collected item with the node it stands for (for extensions and `detail`). */
export interface Entry<T> {
  /** The summary item. */
  item: T;
  /** The node (the target, for a resolved reference). */
  node: unknown;
  /** Where the item is; its `location` and `pointer` are made from them for the items returned. */
  segments?: readonly (string | number)[];
  /** The file the item is in, for items in a file the root references (named in `location` and `pointer`). */
  file?: string;
}

/** The checked common options of a query. */
export interface CommonPlan {
  extension?: ExtensionFilter;
  detail: boolean;
  groupBy?: string;
  limit: number;
  offset: number;
}

function count(what: string, v: number | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isSafeInteger(v) || v < 0) {
    throw new WalkFilterError(`${what} must be a whole number of 0 or more, not ${v}.`);
  }
  return v;
}

/** Checks the common options of a query of `kind`. */
export function planCommon(kind: WalkKind, options: WalkCommonOptions): CommonPlan {
  const detail = options.detail === true;
  const groupBy = options.groupBy === "" ? undefined : options.groupBy;
  if (groupBy !== undefined && !GROUP_BY[kind].includes(groupBy)) {
    const allowed = GROUP_BY[kind];
    throw new WalkFilterError(
      allowed.length === 0
        ? `${kind} cannot be grouped (group by "${groupBy}" asked).`
        : `${kind} cannot be grouped by "${groupBy}"; group by ${allowed.map((g) => `"${g}"`).join(" or ")}.`,
    );
  }
  return {
    extension: options.extension === undefined || options.extension === ""
      ? undefined
      : parseExtensionFilter(options.extension),
    detail,
    groupBy,
    limit: count("limit", options.limit, detail ? 25 : 100),
    offset: count("offset", options.offset, 0),
  };
}

/** Groups keyed items: counts per key, most first, then by key (code-unit order, so output is stable). */
export function groupCounts(keys: Iterable<string>): WalkGroup[] {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) =>
    b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/**
 * Filters entries (the query's own test, then the extension filter), then groups or pages them into the result.
 * `keysOf` gives an item's group keys (several for operations with several tags).
 */
export function finish<T>(
  kind: WalkKind,
  entries: readonly Entry<T>[],
  plan: CommonPlan,
  test: (entry: Entry<T>) => boolean,
  keysOf: (item: T, groupBy: string) => string[],
): WalkResult<T> {
  const ext = plan.extension;
  const matched = entries.filter((e) => test(e) && (ext === undefined || matchesExtension(ext, e.node)));
  // Groups or items, then one page of them.
  const head = { kind, total: entries.length, matched: matched.length };
  const page = <U>(list: U[]) => list.slice(plan.offset, plan.offset + plan.limit);
  const tail = { offset: plan.offset, limit: plan.limit };
  if (plan.groupBy !== undefined) {
    const by = plan.groupBy;
    const groups = groupCounts(matched.flatMap((e) => keysOf(e.item, by)));
    const slice = page(groups);
    return { ...head, returned: slice.length, ...tail, items: [], groups: slice, groupCount: groups.length };
  }
  const items = page(matched).map((e) => {
    const placed = e.segments === undefined ? e.item : {
      ...e.item,
      location: e.file === undefined ? formatPath(e.segments) : `${e.file}#${formatPath(e.segments)}`,
      pointer: e.file === undefined ? formatPointer(e.segments) : `${e.file}#${formatPointer(e.segments)}`,
    };
    return plan.detail ? { ...placed, node: e.node } : placed;
  });
  return { ...head, returned: items.length, ...tail, items };
}

/** A check of an optional filter: true when the filter is not given. */
export function optional<V>(filter: V | undefined, test: (filter: V) => boolean): boolean {
  return filter === undefined || test(filter);
}

/** Checks a status filter (`200`, `4xx`, `default`) and returns its matcher. */
export function statusMatcher(
  status: string | undefined,
): ((code: string | undefined) => boolean) | undefined {
  if (status === undefined || status === "") return undefined;
  const s = status.trim().toLowerCase();
  if (s === "default") return (code) => code === "default";
  if (/^[1-5]\d\d$/.test(s)) return (code) => code === s;
  if (/^[1-5]xx$/.test(s)) {
    return (code) => code !== undefined && code[0] === s[0] && /^\d(?:\d\d|xx)$/i.test(code);
  }
  throw new WalkFilterError(
    `status filter "${status}" is not a status code; write a code such as 200, a class such as 4xx, or default.`,
  );
}

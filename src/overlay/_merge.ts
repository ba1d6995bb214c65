/** The value operations of overlay actions: kinds, merging and removal, all without recursion. */
import { treeSize } from "../core/mod.ts";
import { setMember } from "../core/json.ts";
import { formatNormalizedPath, type JsonPathNode } from "../jsonpath/mod.ts";

/** The three kinds of node the Overlay Specification distinguishes. */
export type NodeKind = "object" | "array" | "primitive";

/** Kind of a value: object, array, or primitive (string, number, boolean, null). */
export function kindOf(value: unknown): NodeKind {
  if (Array.isArray(value)) return "array";
  if (value !== null && typeof value === "object") return "object";
  return "primitive";
}

/** "an object", "an array", "a primitive value". */
export function describeKind(kind: NodeKind): string {
  return kind === "object" ? "an object" : kind === "array" ? "an array" : "a primitive value";
}

/** A property whose values cannot be merged: where it is and what the two sides are. */
export interface MergeConflict {
  path: string;
  targetKind: NodeKind;
  sourceKind: NodeKind;
}

/** What merging `source` into `target` would do: the first conflict, or how many values it would add. */
export interface MergePreview {
  /** The first property whose values cannot be merged, if any. */
  conflict?: MergeConflict;
  /** Number of values the merge adds to the target (new properties' values, appended array elements). */
  growth: number;
}

/**
 * Looks at merging `source` into `target` (both objects) without changing either: finds the first property
 * whose values cannot be merged (an object, an array and a primitive meeting each other) and counts the values
 * the merge would add, so that a budget can be checked before anything is copied.
 */
export function previewMerge(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
  targetPath: readonly (string | number)[],
): MergePreview {
  let growth = 0;
  const stack: [Record<string, unknown>, Record<string, unknown>, readonly (string | number)[]][] = [
    [target, source, targetPath],
  ];
  while (stack.length > 0) {
    const [t, s, at] = stack.pop()!;
    for (const key of Object.keys(s)) {
      if (!Object.hasOwn(t, key)) {
        growth += treeSize(s[key]).nodes;
        continue;
      }
      const tk = kindOf(t[key]);
      const sk = kindOf(s[key]);
      if (tk !== sk) {
        return {
          conflict: { path: formatNormalizedPath([...at, key]), targetKind: tk, sourceKind: sk },
          growth,
        };
      }
      if (tk === "object") {
        stack.push([t[key] as Record<string, unknown>, s[key] as Record<string, unknown>, [...at, key]]);
      } else if (tk === "array") {
        growth += treeSize(s[key]).nodes - 1;
      }
    }
  }
  return { growth };
}

/**
 * Merges `source` into `target` (both objects) as the Overlay Specification describes: properties only in the
 * target stay, properties only in the source are added after the existing ones, and for properties in both,
 * primitives replace primitives, arrays are concatenated and objects merge recursively. `source` must be a
 * private copy (its values are moved into the target) and free of conflicts (see {@link previewMerge}); a
 * property of another combination is replaced.
 */
export function mergeObjects(target: Record<string, unknown>, source: Record<string, unknown>): void {
  const stack: [Record<string, unknown>, Record<string, unknown>][] = [[target, source]];
  while (stack.length > 0) {
    const [t, s] = stack.pop()!;
    for (const key of Object.keys(s)) {
      const sv = s[key];
      if (!Object.hasOwn(t, key)) {
        setMember(t, key, sv);
        continue;
      }
      const tv = t[key];
      const tk = kindOf(tv);
      if (tk === "object" && kindOf(sv) === "object") {
        stack.push([tv as Record<string, unknown>, sv as Record<string, unknown>]);
      } else if (tk === "array" && Array.isArray(sv)) {
        appendAll(tv as unknown[], sv);
      } else {
        t[key] = sv;
      }
    }
  }
}

/** Appends every element of `items` to `list` (no spread: lists may be long). */
export function appendAll(list: unknown[], items: readonly unknown[]): void {
  for (const item of items) list.push(item);
}

/**
 * Removes the nodes from their parents. Keys are grouped per parent so that several elements of one array are
 * all removed, whatever the order they were selected in (indexes are removed from the highest down).
 * The nodes must not include the root.
 */
export function removeNodes(nodes: readonly JsonPathNode[]): void {
  const byParent = new Map<object, Set<string | number>>();
  for (const node of nodes) {
    const parent = node.parent!.value as object;
    let keys = byParent.get(parent);
    if (keys === undefined) byParent.set(parent, keys = new Set());
    keys.add(node.key!);
  }
  for (const [parent, keys] of byParent) {
    if (Array.isArray(parent)) {
      // Compact in place: one pass, whatever the number of removed elements.
      let write = 0;
      for (let read = 0; read < parent.length; read++) {
        if (!keys.has(read)) parent[write++] = parent[read];
      }
      parent.length = write;
    } else {
      for (const key of keys) delete (parent as Record<string, unknown>)[key as string];
    }
  }
}

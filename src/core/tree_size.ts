/** Size and nesting of a JSON value, measured without recursion (for budgets on expansions). */
export interface TreeSize {
  /** Number of values: every object, array and primitive, the root included. */
  nodes: number;
  /**
   * Deepest nesting of objects and arrays (the root object is 1, a primitive root is 0), counted as the loader
   * counts it against `MAX_DEPTH`.
   */
  depth: number;
}

/**
 * Measures a JSON value: how many values it holds and how deeply its objects and arrays nest. Iterative, so a
 * deep value cannot overflow the call stack; linear in the size of the value.
 *
 * @example
 * ```ts
 * import { treeSize } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(treeSize({ a: [1, 2], b: null }), { nodes: 5, depth: 2 });
 * ```
 */
export function treeSize(value: unknown): TreeSize {
  let nodes = 0;
  let depth = 0;
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const v = values.pop();
    const d = depths.pop()!;
    nodes++;
    if (v === null || typeof v !== "object") continue;
    const here = d + 1;
    if (here > depth) depth = here;
    const children = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
    for (const child of children) {
      values.push(child);
      depths.push(here);
    }
  }
  return { nodes, depth };
}

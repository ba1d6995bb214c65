/**
 * Fast equality of two subtrees for the comparison: the same JSON, where every `$ref` names a component that is
 * unchanged on both sides, together with everything it references ("stable"). Unchanged parts of large
 * documents are skipped without following a single reference.
 *
 * @module
 */
import { canonicalKey } from "../core/canonical_key.ts";
import { deepEqual, isObject } from "../core/json.ts";
import { findDifference } from "../core/difference.ts";
import type { Side } from "./_context.ts";

/** Collects the `$ref` strings anywhere inside a value (iteratively). */
function refsIn(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === "object") stack.push(x);
    } else if (isObject(v)) {
      for (const k of Object.keys(v)) {
        const x = v[k];
        if (k === "$ref" && typeof x === "string") out.push(x);
        else if (x !== null && typeof x === "object") stack.push(x);
      }
    }
  }
  return out;
}

/**
 * Finds the stable component references of two sides: components with the same section and name, equal as
 * written, whose references all lead to stable components (the greatest such set, found in linear time).
 */
export function stableReferences(source: Side, target: Side): Set<string> {
  const targets = new Map<string, unknown>();
  for (const c of target.componentRefs()) targets.set(c.ref, c.value);
  const stable = new Set<string>();
  const deps = new Map<string, string[]>();
  for (const c of source.componentRefs()) {
    if (!targets.has(c.ref) || !deepEqual(c.value, targets.get(c.ref))) continue;
    stable.add(c.ref);
    deps.set(c.ref, refsIn(c.value));
  }
  const dependents = new Map<string, string[]>();
  const queue: string[] = [];
  for (const [ref, list] of deps) {
    for (const d of list) {
      let l = dependents.get(d);
      if (l === undefined) dependents.set(d, l = []);
      l.push(ref);
    }
  }
  for (const [ref, list] of deps) {
    if (list.some((d) => !stable.has(d)) && stable.delete(ref)) queue.push(ref);
  }
  while (queue.length > 0) {
    for (const r of dependents.get(queue.pop()!) ?? []) if (stable.delete(r)) queue.push(r);
  }
  return stable;
}

/** Whether two subtrees are the same JSON whose references all name stable components. */
export function same(a: unknown, b: unknown, stable: ReadonlySet<string>): boolean {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i], y[i]);
      continue;
    }
    if (Array.isArray(y)) return false;
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const keys = Object.keys(xo);
    if (keys.length !== Object.keys(yo).length) return false;
    for (const k of keys) {
      if (!Object.hasOwn(yo, k)) return false;
      if (k === "$ref" && typeof xo[k] === "string") {
        if (xo[k] !== yo[k] || !stable.has(xo[k] as string)) return false;
        continue;
      }
      stack.push(xo[k], yo[k]);
    }
  }
  return true;
}

/** Whether two values mean the same once every local `$ref` on each side is followed (renames do not count). */
export function equivalent(a: unknown, b: unknown, source: Side, target: Side): boolean {
  if (same(a, b, source.stableRefs)) return true;
  const lookup = (side: Side) => (ref: string) => {
    const r = side.index.follow(ref);
    return r.ok ? r.value : undefined;
  };
  return findDifference(a, b, { mode: "deep", resolveLeft: lookup(source), resolveRight: lookup(target) }) ===
    undefined;
}

/** Most pairs of leftovers compared one by one with {@link equivalent} (each may follow references). */
export const PAIRWISE_BUDGET = 2500;

/** A value's JSON with object keys sorted: a map key for values that are the same JSON in any key order. */
export const canonical: (v: unknown) => string = canonicalKey;

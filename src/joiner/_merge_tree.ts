/**
 * Small tree helpers of the merger: maps at a path (created on demand) and deep equality by the structural
 * difference.
 *
 * @module
 */
import { findDifference } from "../core/difference.ts";
import { isObject, type Obj, setMember } from "../core/json.ts";

/** A JSON object. */
/** The object at `segments` under `root`, or undefined. */
export function mapAt(root: Obj, segments: readonly string[]): Obj | undefined {
  let cur: unknown = root;
  for (const s of segments) {
    if (!isObject(cur) || !Object.hasOwn(cur, s)) return undefined;
    cur = cur[s];
  }
  return isObject(cur) ? cur : undefined;
}

/** The object at `segments` under `root`, created (replacing non-objects) where missing. */
export function ensureMapAt(root: Obj, segments: readonly string[]): Obj {
  let cur = root;
  for (const s of segments) {
    let next = Object.hasOwn(cur, s) ? cur[s] : undefined;
    if (!isObject(next)) {
      next = {};
      setMember(cur, s, next);
    }
    cur = next as Obj;
  }
  return cur;
}

/** Deep equality (no structural difference). */
export function equal(a: unknown, b: unknown): boolean {
  return findDifference(a, b, { mode: "deep" }) === undefined;
}

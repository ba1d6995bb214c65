/**
 * Helpers on JSON values shared by every capability: the object test and deep equality. The structural
 * difference with reasons is `findDifference` in `difference.ts`; path formatting is `formatPath` in
 * `pointer.ts`.
 *
 * @module
 */

/** A JSON object as the library reads it: keys to values not yet checked. */
export type Obj = Record<string, unknown>;

/** True for a JSON object: not null, not an array. */
export function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Options of {@link deepEqual}. */
export interface DeepEqualOptions {
  /** Whether NaN equals NaN. @default false */
  nanEqual?: boolean;
}

/**
 * Deep equality of JSON values, without recursion (a deep document cannot overflow the stack): the same
 * scalars, arrays of equal items in the same order, objects with the same own keys (in any order) and equal
 * values. As RFC 9535 §2.3.5.2 compares values; with `nanEqual`, NaN equals NaN (as ajv compares `enum` and
 * `uniqueItems` values).
 *
 * @example
 * ```ts
 * import { deepEqual } from "./json.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] }), true);
 * assertEquals(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 }), true);
 * assertEquals(deepEqual([1, 2], [2, 1]), false);
 * ```
 */
export function deepEqual(a: unknown, b: unknown, options: DeepEqualOptions = {}): boolean {
  const nanEqual = options.nanEqual ?? false;
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
      if (nanEqual && typeof x === "number" && typeof y === "number" && Number.isNaN(x) && Number.isNaN(y)) {
        continue;
      }
      return false;
    }
    const xa = Array.isArray(x);
    if (xa !== Array.isArray(y)) return false;
    if (xa) {
      const ya = y as unknown[];
      if (x.length !== ya.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i], ya[i]);
    } else {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      const keys = Object.keys(xo);
      if (keys.length !== Object.keys(yo).length) return false;
      for (const key of keys) {
        if (!Object.hasOwn(yo, key)) return false;
        stack.push(xo[key], yo[key]);
      }
    }
  }
  return true;
}

/** Sets a member of a plain object, also one named `__proto__` (as data, never the prototype). */
export function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}

/** Helpers on JSON values shared by the JSONPath evaluator and functions. */

/** The special result "Nothing" of RFC 9535 §2.4.1: no value (distinct from JSON null). */
export const NOTHING: unique symbol = Symbol("Nothing");
/** Type of {@link NOTHING}. */
export type Nothing = typeof NOTHING;

export { deepEqual as jsonEqual, isObject } from "../core/json.ts";

/** Own-property test that ignores inherited members such as `constructor` or `__proto__`. */
export const hasOwn: (object: object, key: PropertyKey) => boolean = Object.hasOwn;

/**
 * Compares two strings by Unicode scalar values (code points), as RFC 9535 requires, rather than by UTF-16
 * code units. Returns a negative number, zero or a positive number.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Maps a UTF-16 code unit so that surrogates (code points above U+FFFF) sort after U+E000–U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Number of Unicode scalar values in a string. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

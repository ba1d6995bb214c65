/**
 * Bounded text for messages and reports: every value a message quotes (a path, a name, a list, a pointer, a
 * loop of references) is shortened with `…`, keeping its start and its end, so that no message grows with the
 * document. Also loops without spreading a list into a call (`Math.max(...list)` overflows the stack on a long
 * list). Pure functions, shared by every capability.
 *
 * @module
 */

/** Longest value a message quotes, in characters (longer values keep their start and end around `…`). */
export const MAX_QUOTED_CHARS = 120;
/** Longest message or hint of a finding, in characters. */
export const MAX_MESSAGE_CHARS = 1_000;
/**
 * Longest path or pointer a report prints for a finding, in characters: a schema nested hundreds of levels deep
 * keeps its whole path; a path template of 40,000 characters is shortened.
 */
export const MAX_PLACE_CHARS = 8_192;
/** Items a list in a message names before it says how many there are in all. */
export const MAX_LISTED = 5;

/** Whether the code unit at `i` is the second half of a surrogate pair (a cut there would split a character). */
function isLowSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * The text itself when it has at most `max` characters, else its start and its end around `…` (two thirds of
 * the room for the start), never splitting a surrogate pair.
 *
 * @example
 * ```ts
 * import { shorten } from "./bounded_text.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(shorten("/{p0}/{p1}/{p2}/{p3}/{p4}", 13), "/{p0}/{p…{p4}");
 * ```
 */
export function shorten(text: string, max: number = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text;
  const room = Math.max(2, max - 1);
  let head = Math.ceil((room * 2) / 3);
  let tail = text.length - (room - head);
  if (isLowSurrogate(text, head)) head--;
  if (isLowSurrogate(text, tail)) tail++;
  return text.slice(0, head) + "…" + text.slice(tail);
}

/**
 * A document value quoted for a message, at most about `max` characters: a string as JSON (shortened before it
 * is quoted), any other value as its JSON, written only as far as needed (a list of a million values costs no
 * more than a short one).
 *
 * @example
 * ```ts
 * import { quote } from "./bounded_text.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(quote("pets"), "\"pets\"");
 * assertEquals(quote([1, 2, 3], 6), "[1,2,…");
 * ```
 */
export function quote(value: unknown, max: number = MAX_QUOTED_CHARS): string {
  if (typeof value === "string") return JSON.stringify(shorten(value, max));
  if (value === undefined) return "undefined";
  return jsonPrefix(value, max).text;
}

/** Whether the JSON of a value has at most `max` characters, found without writing more than that. */
export function fitsJson(value: unknown, max: number): boolean {
  return !jsonPrefix(value, max, false).cut;
}

/** The JSON of a value cut after `max` characters (with `…`), written iteratively and only as far as needed. */
function jsonPrefix(value: unknown, max: number, short = true): { text: string; cut: boolean } {
  type Frame = { list: unknown[]; keys?: string[]; i: number };
  let out = "";
  const stack: Frame[] = [];
  let next: { value: unknown } | undefined = { value };
  while (out.length <= max) {
    if (next !== undefined) {
      const v = next.value;
      next = undefined;
      if (v === null || typeof v !== "object") {
        const text = typeof v === "string" && short ? shorten(v, max) : v;
        out += JSON.stringify(text) ?? "null";
      } else if (Array.isArray(v)) {
        out += "[";
        stack.push({ list: v, i: 0 });
      } else {
        out += "{";
        const keys = Object.keys(v);
        stack.push({ list: keys.map((k) => (v as Record<string, unknown>)[k]), keys, i: 0 });
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) break;
    if (top.i >= top.list.length) {
      out += top.keys === undefined ? "]" : "}";
      stack.pop();
      continue;
    }
    if (top.i > 0) out += ",";
    if (top.keys !== undefined) {
      out += JSON.stringify(short ? shorten(top.keys[top.i], max) : top.keys[top.i]) + ":";
    }
    next = { value: top.list[top.i++] };
  }
  if (out.length <= max && stack.length === 0 && next === undefined) return { text: out, cut: false };
  return { text: out.slice(0, Math.max(1, max - 1)) + "…", cut: true };
}

/** Built on first use: creating a number format costs every command tens of milliseconds at start. */
let countFormat: Intl.NumberFormat | undefined;

/** A count with thousands separators: `3,000`. */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
  countFormat ??= new Intl.NumberFormat("en-US");
  return countFormat.format(n);
}

/**
 * A list named by its first `max` items and its length: `a, b, c` for a short list, `a, b, c, … (12,000 in all)`
 * for a long one. Each item is shortened ({@link shorten}).
 */
export function sampleList(items: readonly string[], max: number = MAX_LISTED): string {
  const shown: string[] = [];
  for (let i = 0; i < items.length && i < max; i++) shown.push(shorten(items[i]));
  if (items.length <= max) return shown.join(", ");
  return `${shown.join(", ")}, … (${formatCount(items.length)} in all)`;
}

/**
 * A loop of references by its members, back to the first: `#/a → #/b → #/a` for a short loop, and
 * `a loop of 3,000 references: #/a → #/b → #/c → … (3,000 members)` past `max` members. Each member is shortened.
 */
export function describeLoop(members: readonly string[], max: number = MAX_LISTED): string {
  if (members.length === 0) return "";
  if (members.length <= max) {
    const out: string[] = [];
    for (const m of members) out.push(shorten(m));
    out.push(shorten(members[0]));
    return out.join(" → ");
  }
  const shown: string[] = [];
  for (let i = 0; i < max; i++) shown.push(shorten(members[i]));
  const n = formatCount(members.length);
  return `a loop of ${n} references: ${shown.join(" → ")} → … (${n} members)`;
}

/** The largest of the numbers (and of `floor`), in a loop: no spread of a long list into a call. */
export function maxOf(values: Iterable<number>, floor: number = -Infinity): number {
  let m = floor;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** The smallest of the numbers (and of `ceiling`), in a loop: no spread of a long list into a call. */
export function minOf(values: Iterable<number>, ceiling: number = Infinity): number {
  let m = ceiling;
  for (const v of values) if (v < m) m = v;
  return m;
}

/** Appends every item to `target`, in a loop (`target.push(...items)` overflows the stack on a long list). */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

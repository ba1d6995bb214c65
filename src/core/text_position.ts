/** Helpers for 1-based line/column positions in text, and the token an error quotes. */
import { shorten } from "./bounded_text.ts";

/** The 1-based line and column of a character offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  let i = text.indexOf("\n");
  while (i !== -1 && i < end) {
    line++;
    lineStart = i + 1;
    i = text.indexOf("\n", lineStart);
  }
  return { line, column: end - lineStart + 1 };
}

/** A line index: offsets of line starts, for many offset → line/column conversions in one text. */
export class LineIndex {
  readonly #starts: number[] = [0];

  /** Indexes the line starts of `text`. */
  constructor(text: string) {
    let i = text.indexOf("\n");
    while (i !== -1) {
      this.#starts.push(i + 1);
      i = text.indexOf("\n", i + 1);
    }
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.#starts[lo] + 1 };
  }
}

/**
 * Longest piece of a document's text an error quotes, in characters: the offending token only, never its whole
 * line (the text may be any file, a private key say, that is not a document at all).
 */
export const MAX_SNIPPET_CHARS = 40;

/** Characters that end a token: blanks and the punctuation of JSON and YAML flow collections. */
const TOKEN_END = /[\s,:{}[\]"'#]/;

/**
 * The token at a character offset, for an error message: a quoted string, or the characters from there to the
 * next blank or punctuation (just the character itself when it is punctuation), at most
 * {@link MAX_SNIPPET_CHARS} of them (shortened with `…`); empty at the end of the text.
 */
export function tokenAt(text: string, offset: number): string {
  if (offset >= text.length) return "";
  let end = offset + 1;
  const limit = Math.min(text.length, offset + MAX_SNIPPET_CHARS + 1);
  const first = text[offset];
  if (first === '"' || first === "'") {
    // A quoted string: up to its closing quote (or the bound).
    while (end < limit && text[end] !== first && text[end] !== "\n") end += text[end] === "\\" ? 2 : 1;
    end = Math.min(end + 1, limit);
  } else if (!TOKEN_END.test(first)) {
    while (end < limit && !TOKEN_END.test(text[end])) end++;
  }
  return shorten(text.slice(offset, end), MAX_SNIPPET_CHARS);
}

/**
 * Where an error is, for its `snippet`: the line number and the offending token with a caret under it
 * (`   12 | hunter2…`), never the rest of the line.
 */
export function snippetAt(text: string, line: number, column: number): string {
  let start = 0;
  for (let n = 1; n < line && start !== -1; n++) {
    start = text.indexOf("\n", start);
    if (start !== -1) start++;
  }
  const token = start === -1 ? "" : tokenAt(text, start + column - 1).replace(/[\r\n]/g, "");
  return `${String(line).padStart(5)} | ${token}\n      | ^`;
}

/** The offset of the first character at or after `i` that is not JSON whitespace (or a byte order mark). */
export function skipJsonSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) i++;
    else break;
  }
  return i;
}

/** The offset just after the JSON string that starts at `i` (a `"`), or the text's length if it never ends. */
export function skipJsonString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q === -1) return text.length;
    let backslashes = 0;
    for (let k = q - 1; k > i && text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

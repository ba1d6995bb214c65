/** Helpers for 1-based line/column positions in text. */

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

/** The line at `line` with a caret under `column`, for error messages. */
export function snippetAt(text: string, line: number, column: number): string {
  const lines = text.split("\n", line);
  const content = (lines[line - 1] ?? "").replace(/\r$/, "");
  const shown = content.length > 160
    ? content.slice(Math.max(0, column - 80), Math.max(0, column - 80) + 160)
    : content;
  const caretAt = content.length > 160 ? Math.min(column - 1, 80) : column - 1;
  return `${String(line).padStart(5)} | ${shown}\n      | ${" ".repeat(Math.max(0, caretAt))}^`;
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

/**
 * A small writer of Go source that produces gofmt's layout as it is emitted: tab indentation, and the column
 * alignment gofmt applies to struct fields, constant blocks and trailing cells (text/tabwriter's algorithm with
 * padding 1: a column block is a run of consecutive lines that have a cell in that column). Cells of a line are
 * separated by {@link CELL}; the last part of a line is never padded.
 *
 * @module
 */

/** Separates the aligned cells of one line (`Name` CELL `Type` CELL `` `json:"name"` ``). */
export const CELL = "\v";

/** Writes Go source line by line. */
export class GoWriter {
  /** The lines before the pending block, final (aligned), or chunks of several lines. */
  #lines: string[] = [];
  /** The pending block: consecutive lines with cells at one indentation, still to be aligned. */
  #block: string[][] = [];
  /** Leading tabs of the pending block's lines. */
  #blockTabs = 0;
  /** Number of lines (a raw chunk counts its lines). */
  #count = 0;
  /** Whether a line holds something other than white space. */
  #visible = false;
  #indent = 0;
  #text: string | undefined;

  /** A line at the current indentation (empty text: a blank line). */
  line(text = ""): this {
    this.#text = undefined;
    this.#count++;
    if (text === "") this.#append("");
    else if (text.includes(CELL)) this.#cells(text, this.#indent);
    else this.#append(this.#indent === 0 ? text : indentOf(this.#indent) + text);
    return this;
  }

  /**
   * A line of cells at the current indentation (`line(cells.join(CELL))` without joining and splitting again).
   * The first cell must not start with a tab, and no cell may hold {@link CELL} or a newline.
   */
  row(cells: string[]): this {
    this.#text = undefined;
    this.#count++;
    this.#addRow(cells, this.#indent);
    return this;
  }

  /** A line with cells, `indent` tabs deep before its own leading tabs. */
  #cells(text: string, indent: number): void {
    let lead = 0;
    while (text.charCodeAt(lead) === 9) lead++;
    this.#addRow((lead === 0 ? text : text.slice(lead)).split(CELL), indent + lead);
  }

  /** Adds a line of cells `tabs` deep to the pending block (which a change of depth ends first). */
  #addRow(cells: string[], tabs: number): void {
    if (this.#block.length > 0 && tabs !== this.#blockTabs) this.#flush();
    if (this.#block.length === 0) this.#blockTabs = tabs;
    if (!this.#visible) this.#visible = !isSpace(cells.join(""));
    this.#block.push(cells);
  }

  /** Adds final text (a line without cells, or a chunk of them), which ends any pending block. */
  #append(text: string): void {
    if (this.#block.length > 0) this.#flush();
    if (!this.#visible && text !== "") this.#visible = !isSpace(text);
    this.#lines.push(text);
  }

  /** Aligns the pending block and appends it. */
  #flush(): void {
    formatLines(this.#block, this.#blockTabs, this.#lines);
    this.#block = [];
  }

  /** A line that opens a block (`func f() {`): the following lines are indented one more. */
  open(text: string): this {
    this.line(text);
    this.#indent++;
    return this;
  }

  /** A line that closes a block (`}`), one level less indented. */
  close(text = "}"): this {
    this.#indent = Math.max(0, this.#indent - 1);
    return this.line(text);
  }

  /** Several lines at once (each at the current indentation). */
  lines(texts: readonly string[]): this {
    for (const t of texts) this.line(t);
    return this;
  }

  /** Code already in gofmt layout, line by line as it is. */
  raw(text: string): this {
    this.#text = undefined;
    if (text.includes(CELL)) {
      // Cells still to align: line by line, so that alignment sees them.
      for (const l of text.split("\n")) {
        this.#count++;
        if (l.includes(CELL)) this.#cells(l, 0);
        else this.#append(l);
      }
      return this;
    }
    // Lines without cells are never changed by the alignment and end any block of cells.
    this.#append(text);
    let n = 1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
    this.#count += n;
    return this;
  }

  /** A `//` comment, one line per entry of `lines` (an empty entry is a bare `//`). */
  comment(lines: readonly string[]): this {
    for (const l of lines) this.line(l === "" ? "//" : `// ${l}`);
    return this;
  }

  /** Lines written so far. */
  get length(): number {
    return this.#count;
  }

  /** Whether the text is only white space (nothing, or blank lines). */
  get blank(): boolean {
    return !this.#visible;
  }

  /** The source text: aligned, ending with one newline. */
  toString(): string {
    if (this.#text !== undefined) return this.#text;
    const lines = this.#lines;
    if (this.#count === 0) return "\n";
    if (this.#block.length > 0) {
      // A pending block is aligned on a copy: lines written later may still join it.
      const all = [...lines];
      formatLines(this.#block, this.#blockTabs, all);
      all.push("");
      this.#text = all.join("\n");
      return this.#text;
    }
    lines.push(""); // the final newline
    const text = lines.join("\n");
    // The lines become one chunk (less to keep in memory); it ends any block, as its last line did.
    lines.length = 0;
    lines.push(text.slice(0, -1));
    this.#text = text;
    return text;
  }
}

/** Whether a text is only white space. */
function isSpace(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c > 32 && c < 127) return false; // visible ASCII first: the usual case
  return text.trim() === "";
}

/** `n` tabs. */
function indentOf(n: number): string {
  return INDENTS[n] ?? "\t".repeat(n);
}

/** Adds the lines of a block of cells (`tabs` deep), aligned, to `out`. */
function formatLines(block: readonly string[][], tabs: number, out: string[]): void {
  const widths = columnWidths(block);
  const indent = indentOf(tabs);
  for (let m = 0; m < block.length; m++) {
    const cells = block[m];
    const w = widths[m];
    let line = indent;
    const last = cells.length - 1;
    for (let c = 0; c < last; c++) line += cells[c] + spaces(w[c]);
    line += cells[last];
    // A last cell that is empty (or ends in blanks) leaves the padding before it at the end of the line: trimmed
    // (only a last cell ending in visible ASCII, the usual case, is sure to need no trimming).
    const lastCell = cells[last];
    const end = lastCell.length === 0 ? 0 : lastCell.charCodeAt(lastCell.length - 1);
    out.push(end > 32 && end < 127 ? line : line.trimEnd());
  }
}

const SPACES = Array.from({ length: 81 }, (_, n) => " ".repeat(n));

/** `n` spaces. */
function spaces(n: number): string {
  return SPACES[n] ?? " ".repeat(n);
}

const INDENTS = ["", "\t", "\t\t", "\t\t\t", "\t\t\t\t", "\t\t\t\t\t"];

const NON_ASCII = /[\u0080-\uffff]/;

/** Visible width of a cell as text/tabwriter counts it (runes). */
function width(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Aligns the cells of the lines the way text/tabwriter does for gofmt (padding 1, no minimum width, empty
 * columns discarded): consecutive lines with a cell in column k, at the same indentation, share its width.
 */
export function align(lines: readonly string[]): string[] {
  if (lines.length === 0) return [];
  const text = new GoWriter().raw(lines.join("\n")).toString();
  return text.slice(0, -1).split("\n");
}

/**
 * text/tabwriter's `format` for a block: per line, the padding after each cell but the last, so that each column
 * is as wide as its widest cell plus one, run by run of lines that have it (iterative per column); a column of
 * empty cells takes no width (widths in runes, as gofmt counts them).
 */
function columnWidths(block: readonly string[][]): number[][] {
  // Each cell's own width, then (in place) the padding that follows it.
  const pads = block.map((cells) => {
    const w: number[] = new Array(cells.length - 1);
    for (let c = 0; c < w.length; c++) w[c] = width(cells[c]);
    return w;
  });
  // An explicit stack of (column, line0, line1) ranges replaces tabwriter's recursion.
  const stack: [number, number, number][] = [[0, 0, block.length]];
  while (stack.length > 0) {
    const [col, start, end] = stack.pop()!;
    let l = start;
    while (l < end) {
      if (col >= pads[l].length) {
        l++;
        continue;
      }
      let w = 0;
      let k = l;
      for (; k < end && col < pads[k].length; k++) if (pads[k][col] + 1 > w) w = pads[k][col] + 1;
      if (w === 1) w = 0; // every cell empty
      for (let m = l; m < k; m++) pads[m][col] = w - pads[m][col];
      stack.push([col + 1, l, k]);
      l = k;
    }
  }
  return pads;
}

/** A Go string literal of `s` (double-quoted, escaped). */
export function goString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0x2028 || c === 0x2029) {
      out += c < 0x100 ? `\\x${c.toString(16).padStart(2, "0")}` : `\\u${c.toString(16).padStart(4, "0")}`;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A lone surrogate is no Unicode code point: Go refuses "\ud800". U+FFFD, as Go's JSON decoder reads it.
      out += "\\ufffd";
    } else if (c === 0xfeff) out += "\\ufeff";
    else out += ch;
  }
  return out + '"';
}

const LIST_MARKER = /^([-*+•]|\d+[.)])$/;

/** Whether a word could read as a list marker (checked by its first character before the pattern). */
function isMarker(word: string): boolean {
  const c = word.charCodeAt(0);
  return (c === 45 || c === 42 || c === 43 || c === 0x2022 || (c >= 48 && c <= 57)) && LIST_MARKER.test(word);
}

const docCache = new Map<string, string[]>();

/**
 * Document text as doc-comment lines that gofmt (Go 1.19+, which reformats doc comments) leaves as they are:
 * control characters dropped, each paragraph joined and wrapped at about `max` columns, no line starting with a
 * list marker, a heading mark, or indentation, and no line that reads as a link definition.
 */
export function docLines(text: string, max = 100): string[] {
  if (text === "") return [];
  const key = max === 100 ? text : `${max}\0${text}`;
  const known = docCache.get(key);
  if (known !== undefined) return [...known];
  const out = wrapDoc(text, max);
  if (docCache.size >= 10_000) docCache.clear();
  docCache.set(key, out);
  return [...out];
}

function wrapDoc(text: string, max: number): string[] {
  // deno-lint-ignore no-control-regex
  const clean = text.replace(/\r\n?/g, "\n").replace(/[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]/g, " ");
  const out: string[] = [];
  for (const paragraph of clean.split(/\n[ \t]*\n/)) {
    let line = "";
    let lineWidth = 0;
    const start = out.length;
    const ascii = !NON_ASCII.test(paragraph);
    for (let word of paragraph.split(/\s+/)) {
      if (word.charCodeAt(0) === 35 /* # */) word = word.replace(/^#+/, "");
      if (word === "") continue;
      const w = ascii ? word.length : width(word);
      if (line !== "" && lineWidth + 1 + w > max && !isMarker(word)) {
        out.push(line);
        line = word;
        lineWidth = w;
      } else if (line === "") {
        line = isMarker(word) ? `(${word})` : word;
        lineWidth = width(line);
      } else {
        line += " " + word;
        lineWidth += 1 + w;
      }
    }
    if (line !== "") {
      if (start > 0) out.splice(start, 0, "");
      out.push(line);
    }
  }
  for (let i = 0; i < out.length; i++) {
    if (out[i].charCodeAt(0) === 91 /* [ */ && /^\[[^\]]+\]:/.test(out[i])) {
      out[i] = out[i].replace(":", " -");
    }
  }
  return out;
}

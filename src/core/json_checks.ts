/**
 * What JSON.parse does not say about a JSON text: duplicate keys (it keeps the last) and numbers outside the
 * range of a double (it reads them as Infinity). A fast count tells whether an exact scan is needed; the scan
 * finds the first problem in document order, in one linear pass without recursion.
 *
 * @module
 */
import { ParseError } from "./errors.ts";
import { formatPointer } from "./pointer.ts";
import { lineColumnAt, skipJsonSpace, skipJsonString, snippetAt, tokenAt } from "./text_position.ts";

/** Counts colons whose previous non-blank character is an unescaped `"`: at least the number of object members. */
export function countKeyColons(text: string): number {
  let count = 0;
  let i = text.indexOf(":");
  while (i !== -1) {
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--j);
    if (c === 0x22) {
      let backslashes = 0;
      while (text.charCodeAt(j - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) count++;
    }
    i = text.indexOf(":", i + 1);
  }
  return count;
}

/** A duplicate key or an out-of-range number found in a JSON text. */
export interface JsonProblem {
  kind: "duplicate" | "number";
  /** Offset of the duplicate key or of the number. */
  offset: number;
  /** For a duplicate: the object's path; for a number: the number's path. */
  path: (string | number)[];
  /** The key, or the number's text. */
  text: string;
  /** For a duplicate: offset of the first occurrence. */
  firstOffset?: number;
}

/**
 * The first duplicate key or out-of-range number of a JSON text that JSON.parse accepted, in document order: one
 * linear pass, no recursion.
 */
export function findJsonProblem(text: string): JsonProblem | undefined {
  // One frame per open container: for objects the keys met so far and the current key, for arrays the index.
  const frames: { keys?: Map<string, number>; at: string | number }[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = skipJsonString(text, i);
      const top = frames[frames.length - 1];
      if (expectKey && top?.keys !== undefined) {
        const raw = text.slice(i + 1, end - 1);
        const key: string = raw.includes("\\") ? JSON.parse(text.slice(i, end)) : raw;
        const first = top.keys.get(key);
        if (first !== undefined) {
          const path = frames.slice(0, -1).map((f) => f.at);
          return { kind: "duplicate", offset: i, path, text: key, firstOffset: first };
        }
        top.keys.set(key, i);
        top.at = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      frames.push(c === 0x7b ? { keys: new Map(), at: "" } : { at: 0 });
      expectKey = c === 0x7b;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
      i++;
    } else if (c === 0x2c) {
      const top = frames[frames.length - 1];
      if (top.keys !== undefined) expectKey = true;
      else top.at = (top.at as number) + 1;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      let exponent = false;
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        if (d === 0x65 || d === 0x45) exponent = true;
        else if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d)) break;
      }
      if ((exponent || j - i > 300) && !Number.isFinite(Number(text.slice(i, j)))) {
        return { kind: "number", offset: i, path: frames.map((f) => f.at), text: text.slice(i, j) };
      }
      i = j;
    } else {
      // Blanks, literals and colons: jump to the next character that matters.
      TOKEN_START.lastIndex = i + 1;
      i = TOKEN_START.exec(text)?.index ?? text.length;
    }
  }
  return undefined;
}

const TOKEN_START = /["{}[\],0-9-]/g;

/** The error of a duplicate key or out-of-range number, with line, column and a snippet. */
export function jsonProblemError(text: string, source: string, problem: JsonProblem): ParseError {
  const { line, column } = lineColumnAt(text, problem.offset);
  const place = problem.path.length === 0 ? "the root" : formatPointer(problem.path);
  let message: string;
  if (problem.kind === "duplicate") {
    const first = lineColumnAt(text, problem.firstOffset!);
    message =
      `duplicate key ${
        JSON.stringify(shorten(problem.text))
      } in the object at ${place} (first at line ${first.line}, ` +
      `column ${first.column}); each key may appear once in an object, remove or rename one.`;
  } else {
    const read = problem.text.startsWith("-") ? "-Infinity" : "Infinity";
    message =
      `the number ${shorten(problem.text)} at ${place} is outside the range of a double (JSON.parse reads ` +
      `it as ${read}); an OpenAPI document must be a JSON value, write a smaller number or a string.`;
  }
  return new ParseError(`${source}:${line}:${column}: ${message}`, {
    file: source,
    line,
    column,
    snippet: snippetAt(text, line, column),
  });
}

/** A long document text shortened for a message: its start and end. */
export function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 20)}…${text.slice(-10)}` : text;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** The offset just after the valid JSON string at `i` (a `"`), or the offset of its first error as `-1 - offset`. */
function scanString(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c < 0x20) return -1 - j;
    if (c === 0x5c) {
      ESCAPE.lastIndex = j;
      if (!ESCAPE.test(text)) return -1 - j;
      j = ESCAPE.lastIndex;
    } else j++;
  }
  return -1 - j;
}

/** The offset of the value after the object key at `i` and its colon, or the offset of an error as `-1 - offset`. */
function scanKey(text: string, i: number): number {
  if (text[i] !== '"') return -1 - i;
  const end = scanString(text, i);
  if (end < 0) return end;
  const colon = skipJsonSpace(text, end);
  return text[colon] === ":" ? skipJsonSpace(text, colon + 1) : -1 - colon;
}

/**
 * The offset of the first syntax error of a text that JSON.parse refused (its messages do not always say
 * where): one linear pass, without recursion; the text's length when it ends too early.
 */
export function jsonSyntaxOffset(text: string): number {
  const stack: boolean[] = []; // true: in an object
  let i = skipJsonSpace(text, 0);
  let wantValue = true;
  for (;;) {
    if (wantValue) {
      const c = text[i];
      if (c === "{" || c === "[") {
        stack.push(c === "{");
        i = skipJsonSpace(text, i + 1);
        if (text[i] === (c === "{" ? "}" : "]")) {
          stack.pop();
          i++;
          wantValue = false;
        } else if (c === "{") {
          i = scanKey(text, i);
          if (i < 0) return -1 - i;
        }
        continue;
      }
      if (c === '"') {
        const end = scanString(text, i);
        if (end < 0) return -1 - end;
        i = end;
      } else if (text.startsWith("true", i) || text.startsWith("null", i)) i += 4;
      else if (text.startsWith("false", i)) i += 5;
      else {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return i;
        i = NUMBER.lastIndex;
      }
      wantValue = false;
      continue;
    }
    i = skipJsonSpace(text, i);
    if (stack.length === 0) return i; // the end of the text, or what follows the value
    const inObject = stack[stack.length - 1];
    if (text[i] === (inObject ? "}" : "]")) {
      stack.pop();
      i++;
    } else if (text[i] === ",") {
      i = skipJsonSpace(text, i + 1);
      if (inObject) {
        i = scanKey(text, i);
        if (i < 0) return -1 - i;
      }
      wantValue = true;
    } else return i;
  }
}

/**
 * The error of a text JSON.parse refused, with line and column, quoting only the offending token (at most 40
 * characters, never the line: the text may be a file that is no document at all).
 */
export function jsonError(text: string, source: string, error: unknown): ParseError {
  const message = error instanceof Error ? error.message : String(error);
  const offset = jsonSyntaxOffset(text);
  const { line, column } = lineColumnAt(text, offset);
  // V8 quotes up to 20 characters around the place ('Unexpected token 'h', "[1, hunter2"... is not valid
  // JSON'); what it says is kept, its quote of the text is not.
  const reason = message
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, "")
    .replace(/\s*(?:in JSON )?at position \d+.*$/s, "")
    .replace(/^JSON\.parse: /, "")
    // deno-lint-ignore no-control-regex -- escaping control characters is the point
    .replace(/[\u0000-\u001f]/g, " ")
    .slice(0, 120)
    // V8 names the character where it stopped, which may lie past the token that went wrong ("tru ]").
    .replace(/^Unexpected token .*$/s, "unexpected text");
  const token = tokenAt(text, offset);
  const at = token === "" ? " at the end of the text" : ` at ${JSON.stringify(token)}`;
  return new ParseError(
    `${source}:${line}:${column}: invalid JSON: ${reason}${at}; fix the syntax at that place.`,
    { file: source, line, column, snippet: snippetAt(text, line, column) },
  );
}

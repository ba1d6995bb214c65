/**
 * Go's `fmt.Sprintf` and `fmt.Sprint` for the value kinds templates hold: verbs `%s %v %d %q %t %%`, the `-` and
 * `0` flags, a width and a precision, with Go's `%!` notes for bad verbs, missing and extra arguments.
 *
 * Bounded: a width or precision of more than seven digits is refused as Go's `fmt` refuses it (the rest of the
 * format is then `%!(NOVERB)`), and no result may be longer than the `maxLength` given (by default
 * {@link MAX_OUTPUT}): a width, a precision or a result over it throws {@link TemplateLimitError} before the
 * text is built.
 *
 * @module
 */

import { TemplateLimitError } from "./template_error.ts";
import { MAX_OUTPUT, type TemplateValue } from "./types.ts";
import { formatValue, typeOfValue } from "./values.ts";

/** Options of {@link sprintf}. */
export interface SprintfOptions {
  /** Most characters the result may have. @default MAX_OUTPUT */
  maxLength?: number;
}

/** Quotes a string the way Go's strconv.Quote does for printable text. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\x07") out += "\\a";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (ch === "\v") out += "\\v";
    else if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + '"';
}

/** Go's fmt.Sprint: a space is added between operands when neither is a string. */
export function goSprint(args: readonly TemplateValue[], options: SprintfOptions = {}): string {
  const maxLength = options.maxLength ?? MAX_OUTPUT;
  let out = "";
  for (let i = 0; i < args.length; i++) {
    if (i > 0 && typeof args[i] !== "string" && typeof args[i - 1] !== "string") out += " ";
    out += formatValue(args[i]);
    if (out.length > maxLength) throw tooLong("print", maxLength);
  }
  return out;
}

function tooLong(what: string, maxLength: number): TemplateLimitError {
  return new TemplateLimitError(
    `${what} result longer than ${maxLength} characters, the output limit of a template`,
  );
}

/** Go's `fmt` refuses widths and precisions whose magnitude passes this while it reads their digits. */
const GO_NUMBER_LIMIT = 1e6;

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/** Reads a decimal number as Go's `parsenum` does: too many digits give no number and the end of the format. */
function parseNumber(format: string, start: number): { value: number; present: boolean; next: number } {
  let value = 0;
  let i = start;
  while (isDigit(format[i])) {
    if (value > GO_NUMBER_LIMIT) return { value: 0, present: false, next: format.length };
    value = value * 10 + Number(format[i++]);
  }
  return { value, present: i > start, next: i };
}

/**
 * Go's fmt.Sprintf for verbs %s %v %d %q %t %% with flags `-`, `0`, a width and a precision.
 *
 * @example
 * ```ts
 * import { sprintf } from "./printf.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(sprintf("%-4s|%03d|%.2s", ["ab", 7, "xyz"]), "ab  |007|xy");
 * ```
 * @throws {TemplateLimitError} when a width, a precision or the result is longer than `maxLength`.
 */
export function sprintf(
  format: string,
  args: readonly TemplateValue[],
  options: SprintfOptions = {},
): string {
  const maxLength = options.maxLength ?? MAX_OUTPUT;
  let out = "";
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    const c = format[i];
    if (c !== "%") {
      out += c;
      i++;
      if (out.length > maxLength) throw tooLong("printf", maxLength);
      continue;
    }
    i++;
    let minus = false;
    let zero = false;
    while (format[i] === "-" || format[i] === "0") {
      if (format[i] === "-") minus = true;
      else zero = true;
      i++;
    }
    const width = parseNumber(format, i);
    i = width.next;
    let precision: number | undefined;
    if (i + 1 < format.length && format[i] === ".") {
      const p = parseNumber(format, i + 1);
      precision = p.present ? p.value : 0;
      i = p.next;
    }
    const verb = format[i];
    if (verb === undefined) {
      out += "%!(NOVERB)";
      break;
    }
    i++;
    if (verb === "%") {
      out += "%";
      continue;
    }
    if (argIndex >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    if (width.value > maxLength) {
      throw new TemplateLimitError(
        `printf width ${width.value} is more than ${maxLength} characters, the output limit of a template`,
      );
    }
    if (precision !== undefined && precision > maxLength) {
      throw new TemplateLimitError(
        `printf precision ${precision} is more than ${maxLength} characters, the output limit of a template`,
      );
    }
    const arg = args[argIndex++];
    const text = formatVerb(verb, arg, precision);
    const integer = typeof arg === "number" && Number.isInteger(arg);
    out += pad(
      text,
      width.value,
      minus,
      zero && !minus && (verb === "d" || verb === "v") && typeof arg === "number" &&
        !(integer && precision !== undefined),
    );
    if (out.length > maxLength) throw tooLong("printf", maxLength);
  }
  if (argIndex < args.length) {
    const extra = args.slice(argIndex).map((a) => `${typeOfValue(a)}=${formatValue(a)}`).join(", ");
    out += `%!(EXTRA ${extra})`;
    if (out.length > maxLength) throw tooLong("printf", maxLength);
  }
  return out;
}

function pad(text: string, width: number, left: boolean, zero: boolean): string {
  const len = [...text].length;
  if (len >= width) return text;
  if (left) return text + " ".repeat(width - len);
  if (zero) {
    const negative = text.startsWith("-");
    const digits = negative ? text.slice(1) : text;
    return (negative ? "-" : "") + "0".repeat(width - len) + digits;
  }
  return " ".repeat(width - len) + text;
}

/** The first `n` code points of a string (Go's precision counts runes). */
function truncate(s: string, n: number): string {
  let count = 0;
  let end = 0;
  for (const ch of s) {
    if (count === n) return s.slice(0, end);
    count++;
    end += ch.length;
  }
  return s;
}

/** An integer with a precision: at least that many digits, and nothing for zero with precision 0 (as Go). */
function integerWithPrecision(n: number, precision: number): string {
  if (n === 0 && precision === 0) return "";
  const digits = String(Math.abs(n));
  return (n < 0 ? "-" : "") + digits.padStart(precision, "0");
}

function formatVerb(verb: string, arg: TemplateValue, precision: number | undefined): string {
  if (Array.isArray(arg) && verb !== "v") {
    return `[${arg.map((a) => formatVerb(verb, a, precision)).join(" ")}]`;
  }
  const bad = (): string => `%!${verb}(${typeOfValue(arg)}=${formatValue(arg)})`;
  switch (verb) {
    case "v":
      if (precision !== undefined) {
        if (typeof arg === "string") return truncate(arg, precision);
        if (typeof arg === "number") {
          return Number.isInteger(arg)
            ? integerWithPrecision(arg, precision)
            : String(Number(arg.toPrecision(Math.min(100, Math.max(1, precision)))));
        }
      }
      return formatValue(arg);
    case "s":
      if (typeof arg !== "string") return bad();
      return precision === undefined ? arg : truncate(arg, precision);
    case "q":
      if (typeof arg !== "string") return bad();
      return goQuote(precision === undefined ? arg : truncate(arg, precision));
    case "d":
      if (typeof arg !== "number" || !Number.isInteger(arg)) return bad();
      return precision === undefined ? String(arg) : integerWithPrecision(arg, precision);
    case "t":
      return typeof arg === "boolean" ? String(arg) : bad();
    default:
      return bad();
  }
}

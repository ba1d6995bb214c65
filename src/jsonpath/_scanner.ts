/**
 * The lexical layer of the JSONPath parser (RFC 9535): characters, positions, errors with their position,
 * the nesting bound, and the tokens that are the same everywhere — integers, strings with their escapes and
 * numbers.
 *
 * @module
 */
import type { JsonPathLiteralExpression } from "./ast.ts";
import { JsonPathSyntaxError } from "./json_path_syntax_error.ts";

/** Largest integer allowed in an index or slice (I-JSON range, RFC 9535 §2.1). */
const MAX_INT = 2 ** 53 - 1;

/** True for the blank characters of RFC 9535 (space, tab, line feed, carriage return). */
export function isBlank(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d;
}

/** An ASCII digit. */
export function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

/** An ASCII letter. */
export function isAlpha(unit: number): boolean {
  return (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
}

/** A lower-case ASCII letter. */
export function isLowerAlpha(unit: number): boolean {
  return unit >= 0x61 && unit <= 0x7a;
}

/** `name-first`: ALPHA, `_` or any non-ASCII scalar value (checked by code point). */
export function isNameFirst(codePoint: number): boolean {
  return isAlpha(codePoint) || codePoint === 0x5f ||
    (codePoint >= 0x80 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff));
}

/** A hexadecimal digit. */
export function isHex(unit: number): boolean {
  return isDigit(unit) || (unit >= 0x41 && unit <= 0x46) || (unit >= 0x61 && unit <= 0x66);
}

/** Position, errors and tokens over one expression; the parsers extend it. */
export class Scanner {
  protected readonly text: string;
  protected pos = 0;
  #nesting = 0;
  readonly #maxNesting: number;

  constructor(text: string, maxNesting: number) {
    this.text = text;
    this.#maxNesting = maxNesting;
  }

  protected fail(reason: string, at: number = this.pos): never {
    throw new JsonPathSyntaxError(this.text, at, reason);
  }

  /** Describes the character at `at` for messages: `"x"`, `end of expression`. */
  protected describe(at: number): string {
    if (at >= this.text.length) return "end of expression";
    const cp = this.text.codePointAt(at) as number;
    return `character ${JSON.stringify(String.fromCodePoint(cp))}`;
  }

  protected unit(at: number = this.pos): number {
    return at < this.text.length ? this.text.charCodeAt(at) : -1;
  }

  protected skipBlanks(): void {
    while (isBlank(this.unit())) this.pos++;
  }

  protected enter(): void {
    if (++this.#nesting > this.#maxNesting) {
      this.fail(`the expression nests deeper than ${this.#maxNesting} levels; simplify it`);
    }
  }

  protected leave(): void {
    this.#nesting--;
  }

  protected isIntStart(): boolean {
    const unit = this.unit();
    return unit === 0x2d || isDigit(unit);
  }

  /** `int`: `0` or an optional `-` and a number without leading zeros, within ±(2^53-1). */
  protected parseInt(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    const first = this.unit(pos);
    if (!isDigit(first)) this.fail(`expected a digit, found ${this.describe(pos)}`, pos);
    if (first === 0x30) {
      if (isDigit(this.unit(pos + 1))) this.fail("integers must not have leading zeros", start);
      if (pos > start) this.fail('"-0" is not a valid index or slice bound; write 0', start);
      this.pos = pos + 1;
      return 0;
    }
    while (isDigit(this.unit(pos))) pos++;
    const value = Number(text.slice(start, pos));
    if (Math.abs(value) > MAX_INT) {
      this.fail(`integer ${text.slice(start, pos)} is outside the range ±(2^53-1)`, start);
    }
    this.pos = pos;
    return value;
  }

  /** `string-literal` in single or double quotes, escapes resolved. */
  protected parseString(): string {
    const text = this.text;
    const open = this.pos;
    const quote = text.charCodeAt(open);
    let pos = open + 1;
    let out = "";
    let chunk = pos;
    for (;;) {
      if (pos >= text.length) this.fail(`unterminated string starting at position ${open}`, pos);
      const unit = text.charCodeAt(pos);
      if (unit === quote) {
        out += text.slice(chunk, pos);
        this.pos = pos + 1;
        return out;
      }
      if (unit === 0x5c /* \ */) {
        out += text.slice(chunk, pos);
        const [decoded, next] = this.parseEscape(pos, quote);
        out += decoded;
        pos = next;
        chunk = pos;
        continue;
      }
      if (unit < 0x20) {
        this.fail(
          `control character U+${unit.toString(16).toUpperCase().padStart(4, "0")} must be escaped`,
          pos,
        );
      }
      if (unit >= 0xd800 && unit <= 0xdfff) {
        const next = text.charCodeAt(pos + 1);
        if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          pos += 2;
          continue;
        }
        this.fail("unpaired surrogate in string", pos);
      }
      pos++;
    }
  }

  /** Decodes the escape sequence at `pos` (the backslash); returns the text and the position after it. */
  protected parseEscape(pos: number, quote: number): [string, number] {
    const unit = this.unit(pos + 1);
    switch (unit) {
      case 0x62:
        return ["\b", pos + 2];
      case 0x66:
        return ["\f", pos + 2];
      case 0x6e:
        return ["\n", pos + 2];
      case 0x72:
        return ["\r", pos + 2];
      case 0x74:
        return ["\t", pos + 2];
      case 0x2f:
        return ["/", pos + 2];
      case 0x5c:
        return ["\\", pos + 2];
      case 0x27:
      case 0x22:
        if (unit !== quote) {
          this.fail(
            `${String.fromCharCode(unit)} must not be escaped inside ${
              String.fromCharCode(quote)
            }-quoted strings`,
            pos,
          );
        }
        return [String.fromCharCode(unit), pos + 2];
      case 0x75: {
        const high = this.parseHex4(pos);
        if (high >= 0xdc00 && high <= 0xdfff) this.fail("unpaired low surrogate escape", pos);
        if (high >= 0xd800 && high <= 0xdbff) {
          if (this.unit(pos + 6) !== 0x5c || this.unit(pos + 7) !== 0x75) {
            this.fail(
              "a high surrogate escape must be followed by a low surrogate escape \\uDC00-\\uDFFF",
              pos,
            );
          }
          const low = this.parseHex4(pos + 6);
          if (low < 0xdc00 || low > 0xdfff) {
            this.fail(
              "a high surrogate escape must be followed by a low surrogate escape \\uDC00-\\uDFFF",
              pos + 6,
            );
          }
          return [String.fromCharCode(high, low), pos + 12];
        }
        return [String.fromCharCode(high), pos + 6];
      }
      default:
        return this.fail(`invalid escape ${JSON.stringify(this.text.slice(pos, pos + 2))} in string`, pos);
    }
  }

  /** Reads the four hex digits of `\uXXXX` whose backslash is at `pos`. */
  protected parseHex4(pos: number): number {
    for (let i = pos + 2; i < pos + 6; i++) {
      if (!isHex(this.unit(i))) this.fail("\\u must be followed by four hexadecimal digits", pos);
    }
    return parseInt(this.text.slice(pos + 2, pos + 6), 16);
  }

  /** `number`: `-0` is allowed here; optional fraction and exponent. */
  protected parseNumber(): JsonPathLiteralExpression {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    if (!isDigit(this.unit(pos))) this.fail(`expected a digit, found ${this.describe(pos)}`, pos);
    if (this.unit(pos) === 0x30) {
      pos++;
      if (isDigit(this.unit(pos))) this.fail("numbers must not have leading zeros", start);
    } else {
      while (isDigit(this.unit(pos))) pos++;
    }
    if (this.unit(pos) === 0x2e /* . */) {
      pos++;
      if (!isDigit(this.unit(pos))) this.fail("expected a digit after the decimal point", pos);
      while (isDigit(this.unit(pos))) pos++;
    }
    if (this.unit(pos) === 0x65 || this.unit(pos) === 0x45) {
      pos++;
      if (this.unit(pos) === 0x2b || this.unit(pos) === 0x2d) pos++;
      if (!isDigit(this.unit(pos))) this.fail("expected a digit in the exponent", pos);
      while (isDigit(this.unit(pos))) pos++;
    }
    this.pos = pos;
    return { kind: "literal", value: Number(text.slice(start, pos)) };
  }
}

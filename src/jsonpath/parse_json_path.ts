import type {
  JsonPathComparable,
  JsonPathComparisonOperator,
  JsonPathFunctionArgument,
  JsonPathFunctionExpression,
  JsonPathLiteralExpression,
  JsonPathLogicalExpression,
  JsonPathQuery,
  JsonPathSegment,
  JsonPathSelector,
} from "./ast.ts";
import { FUNCTIONS } from "./_functions.ts";
import { JsonPathSyntaxError } from "./json_path_syntax_error.ts";

/** Options of {@link parseJsonPath}. */
export interface ParseJsonPathOptions {
  /**
   * Deepest nesting of parentheses, filters and function calls accepted; deeper expressions are rejected with
   * a {@link JsonPathSyntaxError} instead of exhausting the call stack.
   * @default 128
   */
  maxNesting?: number;
  /**
   * Accept `-` inside member names in dot notation (`$.paths.*.get[?@.x-oai-traits.paged]`), as the examples
   * of the Overlay Specification write them; RFC 9535 allows `-` only in bracket notation (`['x-oai-traits']`),
   * so leave this off for standard parsing. Each name accepted this way is passed to `onHyphenatedName`.
   * @default false
   */
  allowHyphenatedNames?: boolean;
  /** Called with each member name accepted by `allowHyphenatedNames` and its 0-based position. */
  onHyphenatedName?: (name: string, position: number) => void;
}

/** Largest integer allowed in an index or slice (I-JSON range, RFC 9535 §2.1). */
const MAX_INT = 2 ** 53 - 1;

/**
 * Parses an RFC 9535 JSONPath query into a syntax tree, checking the whole grammar and the well-typedness of
 * function expressions.
 *
 * @example
 * ```ts
 * import { parseJsonPath } from "./parse_json_path.ts";
 * const query = parseJsonPath("$.paths[?@.get]");
 * query.segments.length; // 2
 * ```
 * @throws {JsonPathSyntaxError} naming the 0-based position of the first offending character.
 */
export function parseJsonPath(expression: string, options: ParseJsonPathOptions = {}): JsonPathQuery {
  return new Parser(expression, options).parseRootQuery();
}

/** True for the blank characters of RFC 9535 (space, tab, line feed, carriage return). */
function isBlank(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d;
}

function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

function isAlpha(unit: number): boolean {
  return (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
}

function isLowerAlpha(unit: number): boolean {
  return unit >= 0x61 && unit <= 0x7a;
}

/** `name-first`: ALPHA, `_` or any non-ASCII scalar value (checked by code point). */
function isNameFirst(codePoint: number): boolean {
  return isAlpha(codePoint) || codePoint === 0x5f ||
    (codePoint >= 0x80 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff));
}

function isHex(unit: number): boolean {
  return isDigit(unit) || (unit >= 0x41 && unit <= 0x46) || (unit >= 0x61 && unit <= 0x66);
}

/** Recursive-descent parser over one expression; nesting is bounded by `maxNesting`. */
class Parser {
  #text: string;
  #pos = 0;
  #nesting = 0;
  #maxNesting: number;
  #hyphens: ParseJsonPathOptions["onHyphenatedName"] | undefined;

  constructor(text: string, options: ParseJsonPathOptions) {
    this.#text = text;
    this.#maxNesting = options.maxNesting ?? 128;
    if (options.allowHyphenatedNames === true) this.#hyphens = options.onHyphenatedName ?? (() => {});
  }

  parseRootQuery(): JsonPathQuery {
    const text = this.#text;
    if (text.length === 0) this.#fail('the expression is empty; a JSONPath query starts with "$"', 0);
    if (text[0] !== "$") this.#fail(`a JSONPath query starts with "$", found ${this.#describe(0)}`, 0);
    this.#pos = 1;
    const query = this.#parseQueryRest("$", 0);
    if (this.#pos < text.length) this.#fail(`unexpected ${this.#describe(this.#pos)}`);
    return query;
  }

  // ---------------------------------------------------------------------------------------------- helpers

  #fail(reason: string, at: number = this.#pos): never {
    throw new JsonPathSyntaxError(this.#text, at, reason);
  }

  /** Describes the character at `at` for messages: `"x"`, `end of expression`. */
  #describe(at: number): string {
    if (at >= this.#text.length) return "end of expression";
    const cp = this.#text.codePointAt(at) as number;
    return `character ${JSON.stringify(String.fromCodePoint(cp))}`;
  }

  #unit(at: number = this.#pos): number {
    return at < this.#text.length ? this.#text.charCodeAt(at) : -1;
  }

  #skipBlanks(): void {
    while (isBlank(this.#unit())) this.#pos++;
  }

  #enter(): void {
    if (++this.#nesting > this.#maxNesting) {
      this.#fail(`the expression nests deeper than ${this.#maxNesting} levels; simplify it`);
    }
  }

  #leave(): void {
    this.#nesting--;
  }

  // ---------------------------------------------------------------------------------------------- queries

  /** Parses the segments after `$` or `@` (already consumed) and builds the query node. */
  #parseQueryRest(root: "$" | "@", position: number): JsonPathQuery {
    const segments: JsonPathSegment[] = [];
    for (;;) {
      const save = this.#pos;
      this.#skipBlanks();
      const unit = this.#unit();
      if (unit === 0x2e /* . */) {
        segments.push(this.#unit(this.#pos + 1) === 0x2e ? this.#parseDescendant() : this.#parseDotChild());
      } else if (unit === 0x5b /* [ */) {
        segments.push({ kind: "child", selectors: this.#parseBracketed() });
      } else {
        this.#pos = save;
        break;
      }
    }
    const singular = segments.every((segment) =>
      segment.kind === "child" && segment.selectors.length === 1 &&
      (segment.selectors[0].kind === "name" || segment.selectors[0].kind === "index")
    );
    return { kind: "query", root, segments, singular, position };
  }

  #parseDotChild(): JsonPathSegment {
    this.#pos++; // .
    if (this.#unit() === 0x2a /* * */) {
      this.#pos++;
      return { kind: "child", selectors: [{ kind: "wildcard" }] };
    }
    const name = this.#parseMemberName('"."');
    return { kind: "child", selectors: [{ kind: "name", name }] };
  }

  #parseDescendant(): JsonPathSegment {
    this.#pos += 2; // ..
    const unit = this.#unit();
    if (unit === 0x2a /* * */) {
      this.#pos++;
      return { kind: "descendant", selectors: [{ kind: "wildcard" }] };
    }
    if (unit === 0x5b /* [ */) return { kind: "descendant", selectors: this.#parseBracketed() };
    const name = this.#parseMemberName('".."');
    return { kind: "descendant", selectors: [{ kind: "name", name }] };
  }

  /** `member-name-shorthand` */
  #parseMemberName(after: string): string {
    const text = this.#text;
    const start = this.#pos;
    const first = text.codePointAt(start);
    if (first === undefined || !isNameFirst(first)) {
      this.#fail(`expected a member name, "*" or "[" after ${after}, found ${this.#describe(start)}`);
    }
    let pos = start;
    let hyphenated = false;
    for (;;) {
      const cp = text.codePointAt(pos);
      if (cp === 0x2d /* - */ && this.#hyphens !== undefined) {
        const next = text.codePointAt(pos + 1);
        if (next !== undefined && (isNameFirst(next) || isDigit(next))) {
          hyphenated = true;
          pos++;
          continue;
        }
      }
      if (cp === undefined || !(isNameFirst(cp) || isDigit(cp))) break;
      pos += cp > 0xffff ? 2 : 1;
    }
    this.#pos = pos;
    const name = text.slice(start, pos);
    if (hyphenated) this.#hyphens!(name, start);
    return name;
  }

  /** `bracketed-selection`: `[` selector *(`,` selector) `]` */
  #parseBracketed(): JsonPathSelector[] {
    const open = this.#pos;
    this.#pos++; // [
    const selectors: JsonPathSelector[] = [];
    for (;;) {
      this.#skipBlanks();
      selectors.push(this.#parseSelector());
      this.#skipBlanks();
      const unit = this.#unit();
      if (unit === 0x2c /* , */) {
        this.#pos++;
        continue;
      }
      if (unit === 0x5d /* ] */) {
        this.#pos++;
        return selectors;
      }
      if (unit === -1) this.#fail(`missing "]" to close the "[" at position ${open}`);
      this.#fail(`expected "," or "]", found ${this.#describe(this.#pos)}`);
    }
  }

  #parseSelector(): JsonPathSelector {
    const unit = this.#unit();
    if (unit === 0x27 || unit === 0x22) return { kind: "name", name: this.#parseString() };
    if (unit === 0x2a /* * */) {
      this.#pos++;
      return { kind: "wildcard" };
    }
    if (unit === 0x3f /* ? */) {
      this.#pos++;
      this.#enter();
      this.#skipBlanks();
      const expression = this.#parseOr();
      this.#leave();
      return { kind: "filter", expression };
    }
    if (unit === 0x2d /* - */ || isDigit(unit) || unit === 0x3a /* : */) return this.#parseIndexOrSlice();
    if (unit === -1) this.#fail("expected a selector, found end of expression");
    return this.#fail(
      `expected a selector (name, "*", index, slice or "?" filter), found ${this.#describe(this.#pos)}`,
    );
  }

  /** `index-selector` or `slice-selector` */
  #parseIndexOrSlice(): JsonPathSelector {
    let start: number | undefined;
    if (this.#unit() !== 0x3a) {
      start = this.#parseInt();
      this.#skipBlanks();
      if (this.#unit() !== 0x3a) return { kind: "index", index: start };
    }
    this.#pos++; // first :
    this.#skipBlanks();
    let end: number | undefined;
    let step: number | undefined;
    if (this.#isIntStart()) {
      end = this.#parseInt();
      this.#skipBlanks();
    }
    if (this.#unit() === 0x3a) {
      this.#pos++;
      this.#skipBlanks();
      if (this.#isIntStart()) step = this.#parseInt();
    }
    const slice: JsonPathSelector = { kind: "slice" };
    if (start !== undefined) slice.start = start;
    if (end !== undefined) slice.end = end;
    if (step !== undefined) slice.step = step;
    return slice;
  }

  #isIntStart(): boolean {
    const unit = this.#unit();
    return unit === 0x2d || isDigit(unit);
  }

  /** `int`: `0` or an optional `-` and a number without leading zeros, within ±(2^53-1). */
  #parseInt(): number {
    const text = this.#text;
    const start = this.#pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    const first = this.#unit(pos);
    if (!isDigit(first)) this.#fail(`expected a digit, found ${this.#describe(pos)}`, pos);
    if (first === 0x30) {
      if (isDigit(this.#unit(pos + 1))) this.#fail("integers must not have leading zeros", start);
      if (pos > start) this.#fail('"-0" is not a valid index or slice bound; write 0', start);
      this.#pos = pos + 1;
      return 0;
    }
    while (isDigit(this.#unit(pos))) pos++;
    const value = Number(text.slice(start, pos));
    if (Math.abs(value) > MAX_INT) {
      this.#fail(`integer ${text.slice(start, pos)} is outside the range ±(2^53-1)`, start);
    }
    this.#pos = pos;
    return value;
  }

  /** `string-literal` in single or double quotes, escapes resolved. */
  #parseString(): string {
    const text = this.#text;
    const open = this.#pos;
    const quote = text.charCodeAt(open);
    let pos = open + 1;
    let out = "";
    let chunk = pos;
    for (;;) {
      if (pos >= text.length) this.#fail(`unterminated string starting at position ${open}`, pos);
      const unit = text.charCodeAt(pos);
      if (unit === quote) {
        out += text.slice(chunk, pos);
        this.#pos = pos + 1;
        return out;
      }
      if (unit === 0x5c /* \ */) {
        out += text.slice(chunk, pos);
        const [decoded, next] = this.#parseEscape(pos, quote);
        out += decoded;
        pos = next;
        chunk = pos;
        continue;
      }
      if (unit < 0x20) {
        this.#fail(
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
        this.#fail("unpaired surrogate in string", pos);
      }
      pos++;
    }
  }

  /** Decodes the escape sequence at `pos` (the backslash); returns the text and the position after it. */
  #parseEscape(pos: number, quote: number): [string, number] {
    const unit = this.#unit(pos + 1);
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
          this.#fail(
            `${String.fromCharCode(unit)} must not be escaped inside ${
              String.fromCharCode(quote)
            }-quoted strings`,
            pos,
          );
        }
        return [String.fromCharCode(unit), pos + 2];
      case 0x75: {
        const high = this.#parseHex4(pos);
        if (high >= 0xdc00 && high <= 0xdfff) this.#fail("unpaired low surrogate escape", pos);
        if (high >= 0xd800 && high <= 0xdbff) {
          if (this.#unit(pos + 6) !== 0x5c || this.#unit(pos + 7) !== 0x75) {
            this.#fail(
              "a high surrogate escape must be followed by a low surrogate escape \\uDC00-\\uDFFF",
              pos,
            );
          }
          const low = this.#parseHex4(pos + 6);
          if (low < 0xdc00 || low > 0xdfff) {
            this.#fail(
              "a high surrogate escape must be followed by a low surrogate escape \\uDC00-\\uDFFF",
              pos + 6,
            );
          }
          return [String.fromCharCode(high, low), pos + 12];
        }
        return [String.fromCharCode(high), pos + 6];
      }
      default:
        return this.#fail(`invalid escape ${JSON.stringify(this.#text.slice(pos, pos + 2))} in string`, pos);
    }
  }

  /** Reads the four hex digits of `\uXXXX` whose backslash is at `pos`. */
  #parseHex4(pos: number): number {
    for (let i = pos + 2; i < pos + 6; i++) {
      if (!isHex(this.#unit(i))) this.#fail("\\u must be followed by four hexadecimal digits", pos);
    }
    return parseInt(this.#text.slice(pos + 2, pos + 6), 16);
  }

  // ---------------------------------------------------------------------------------------------- filters

  /** `logical-or-expr` */
  #parseOr(): JsonPathLogicalExpression {
    const first = this.#parseAnd();
    const operands = [first];
    for (;;) {
      const save = this.#pos;
      this.#skipBlanks();
      if (this.#unit() === 0x7c && this.#unit(this.#pos + 1) === 0x7c) {
        this.#pos += 2;
        this.#skipBlanks();
        operands.push(this.#parseAnd());
      } else {
        this.#pos = save;
        break;
      }
    }
    return operands.length === 1 ? first : { kind: "or", operands };
  }

  /** `logical-and-expr` */
  #parseAnd(): JsonPathLogicalExpression {
    const first = this.#parseBasic();
    const operands = [first];
    for (;;) {
      const save = this.#pos;
      this.#skipBlanks();
      if (this.#unit() === 0x26 && this.#unit(this.#pos + 1) === 0x26) {
        this.#pos += 2;
        this.#skipBlanks();
        operands.push(this.#parseBasic());
      } else {
        this.#pos = save;
        break;
      }
    }
    return operands.length === 1 ? first : { kind: "and", operands };
  }

  /** `basic-expr`: parenthesized, comparison or test expression, optionally negated. */
  #parseBasic(): JsonPathLogicalExpression {
    this.#enter();
    try {
      const unit = this.#unit();
      if (unit === 0x21 /* ! */) {
        const bang = this.#pos;
        this.#pos++;
        this.#skipBlanks();
        if (this.#unit() === 0x28) return { kind: "not", operand: this.#parseParenthesized() };
        const start = this.#pos;
        const operand = this.#parsePrimary();
        if (operand.kind === "literal") {
          this.#fail('"!" must be followed by a query, a function or "("', bang);
        }
        return { kind: "not", operand: this.#asTest(operand, start) };
      }
      if (unit === 0x28 /* ( */) return this.#parseParenthesized();
      const start = this.#pos;
      const left = this.#parsePrimary();
      const save = this.#pos;
      this.#skipBlanks();
      const opStart = this.#pos;
      const operator = this.#parseComparisonOperator();
      if (operator === undefined) {
        this.#pos = save;
        return this.#asTest(left, start);
      }
      this.#skipBlanks();
      const rightStart = this.#pos;
      if (this.#unit() === -1) this.#fail(`expected a value after "${operator}"`);
      const right = this.#parsePrimary();
      this.#checkComparable(left, start, opStart);
      this.#checkComparable(right, rightStart, opStart);
      return { kind: "comparison", operator, left, right };
    } finally {
      this.#leave();
    }
  }

  #parseParenthesized(): JsonPathLogicalExpression {
    const open = this.#pos;
    this.#pos++; // (
    this.#skipBlanks();
    const inner = this.#parseOr();
    this.#skipBlanks();
    if (this.#unit() !== 0x29) {
      if (this.#unit() === -1) this.#fail(`missing ")" to close the "(" at position ${open}`);
      this.#fail(`expected ")", found ${this.#describe(this.#pos)}`);
    }
    this.#pos++;
    return inner;
  }

  #parseComparisonOperator(): JsonPathComparisonOperator | undefined {
    const a = this.#unit();
    const b = this.#unit(this.#pos + 1);
    let op: JsonPathComparisonOperator | undefined;
    if (b === 0x3d /* = */) {
      if (a === 0x3d) op = "==";
      else if (a === 0x21) op = "!=";
      else if (a === 0x3c) op = "<=";
      else if (a === 0x3e) op = ">=";
    }
    if (op !== undefined) {
      this.#pos += 2;
      return op;
    }
    if (a === 0x3c) op = "<";
    else if (a === 0x3e) op = ">";
    if (op !== undefined) this.#pos++;
    return op;
  }

  /** Turns a primary into a test expression, checking that it may stand alone. */
  #asTest(primary: JsonPathComparable, start: number): JsonPathLogicalExpression {
    if (primary.kind === "literal") {
      this.#fail("a literal cannot be used as a filter on its own; compare it with a query", start);
    }
    if (primary.kind === "function" && primary.resultType === "ValueType") {
      this.#fail(
        `function ${primary.name}() returns a value, not a logical result; compare it (for example ${primary.name}(…) > 0)`,
        start,
      );
    }
    return { kind: "test", operand: primary };
  }

  /** Checks that an operand of a comparison is a literal, a singular query or a ValueType function. */
  #checkComparable(operand: JsonPathComparable, start: number, opStart: number): void {
    if (operand.kind === "query" && !operand.singular) {
      this.#fail("only singular queries (names and indexes only) can be compared", start);
    }
    if (operand.kind === "function" && operand.resultType !== "ValueType") {
      this.#fail(
        `function ${operand.name}() returns a ${operand.resultType}, which cannot be compared with the operator at position ${opStart}`,
        start,
      );
    }
  }

  /** A literal, a query (`@…`, `$…`) or a function call. */
  #parsePrimary(): JsonPathComparable {
    const unit = this.#unit();
    const start = this.#pos;
    if (unit === 0x40 /* @ */ || unit === 0x24 /* $ */) {
      this.#pos++;
      this.#enter();
      const query = this.#parseQueryRest(unit === 0x40 ? "@" : "$", start);
      this.#leave();
      return query;
    }
    if (unit === 0x27 || unit === 0x22) return { kind: "literal", value: this.#parseString() };
    if (unit === 0x2d || isDigit(unit)) return this.#parseNumber();
    if (isLowerAlpha(unit)) {
      let pos = start + 1;
      while (isLowerAlpha(this.#unit(pos)) || isDigit(this.#unit(pos)) || this.#unit(pos) === 0x5f) pos++;
      const word = this.#text.slice(start, pos);
      if (this.#unit(pos) === 0x28 /* ( */) return this.#parseFunction(word, start, pos);
      if (FUNCTIONS.has(word) && isBlank(this.#unit(pos))) {
        this.#fail(`"(" must follow the function name ${word} directly, without blanks`, pos);
      }
      if (word === "true" || word === "false" || word === "null") {
        this.#pos = pos;
        return { kind: "literal", value: word === "null" ? null : word === "true" };
      }
      this.#fail(
        `unknown name ${JSON.stringify(word)}; expected a query, a literal or a function call`,
        start,
      );
    }
    if (unit === -1) this.#fail("expected a filter expression, found end of expression");
    return this.#fail(`expected a filter expression, found ${this.#describe(start)}`);
  }

  /** `number`: `-0` is allowed here; optional fraction and exponent. */
  #parseNumber(): JsonPathLiteralExpression {
    const text = this.#text;
    const start = this.#pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    if (!isDigit(this.#unit(pos))) this.#fail(`expected a digit, found ${this.#describe(pos)}`, pos);
    if (this.#unit(pos) === 0x30) {
      pos++;
      if (isDigit(this.#unit(pos))) this.#fail("numbers must not have leading zeros", start);
    } else {
      while (isDigit(this.#unit(pos))) pos++;
    }
    if (this.#unit(pos) === 0x2e /* . */) {
      pos++;
      if (!isDigit(this.#unit(pos))) this.#fail("expected a digit after the decimal point", pos);
      while (isDigit(this.#unit(pos))) pos++;
    }
    if (this.#unit(pos) === 0x65 || this.#unit(pos) === 0x45) {
      pos++;
      if (this.#unit(pos) === 0x2b || this.#unit(pos) === 0x2d) pos++;
      if (!isDigit(this.#unit(pos))) this.#fail("expected a digit in the exponent", pos);
      while (isDigit(this.#unit(pos))) pos++;
    }
    this.#pos = pos;
    return { kind: "literal", value: Number(text.slice(start, pos)) };
  }

  /** `function-expr`, with the well-typedness checks of RFC 9535 §2.4.3. */
  #parseFunction(name: string, start: number, open: number): JsonPathFunctionExpression {
    const definition = FUNCTIONS.get(name);
    if (definition === undefined) {
      this.#fail(
        `unknown function ${JSON.stringify(name)}; known functions are ${[...FUNCTIONS.keys()].join(", ")}`,
        start,
      );
    }
    this.#enter();
    this.#pos = open + 1;
    this.#skipBlanks();
    const args: JsonPathFunctionArgument[] = [];
    const starts: number[] = [];
    if (this.#unit() === 0x29) {
      this.#pos++;
    } else {
      for (;;) {
        starts.push(this.#pos);
        args.push(this.#parseArgument());
        this.#skipBlanks();
        const unit = this.#unit();
        if (unit === 0x2c) {
          this.#pos++;
          this.#skipBlanks();
          continue;
        }
        if (unit === 0x29) {
          this.#pos++;
          break;
        }
        if (unit === -1) this.#fail(`missing ")" to close the call of ${name}() at position ${start}`);
        this.#fail(`expected "," or ")" in the call of ${name}(), found ${this.#describe(this.#pos)}`);
      }
    }
    this.#leave();
    const expected = definition.parameters.length;
    if (args.length !== expected) {
      this.#fail(
        `function ${name}() takes ${expected} argument${expected === 1 ? "" : "s"}, got ${args.length}`,
        start,
      );
    }
    definition.parameters.forEach((type, i) => {
      const arg = args[i];
      const what = `argument ${i + 1} of ${name}()`;
      if (type === "ValueType") {
        const ok = arg.kind === "literal" || (arg.kind === "query" && arg.singular) ||
          (arg.kind === "function" && arg.resultType === "ValueType");
        if (!ok) {
          this.#fail(
            `${what} must be a value: a literal, a singular query or a function returning a value`,
            starts[i],
          );
        }
      } else if (type === "NodesType") {
        const ok = arg.kind === "query" || (arg.kind === "function" && arg.resultType === "NodesType");
        if (!ok) this.#fail(`${what} must be a query`, starts[i]);
      } else {
        const ok = arg.kind !== "literal" && !(arg.kind === "function" && arg.resultType === "ValueType");
        if (!ok) this.#fail(`${what} must be a logical expression`, starts[i]);
      }
    });
    return { kind: "function", name, arguments: args, resultType: definition.result };
  }

  /** `function-argument`: a literal, a query, a function call or a logical expression. */
  #parseArgument(): JsonPathFunctionArgument {
    const unit = this.#unit();
    if (unit !== 0x21 && unit !== 0x28) {
      const start = this.#pos;
      const primary = this.#parsePrimary();
      const after = this.#pos;
      this.#skipBlanks();
      const next = this.#unit();
      if (next === 0x2c || next === 0x29) {
        this.#pos = after;
        return primary;
      }
      this.#pos = start;
    }
    return this.#parseOr();
  }
}

import type { JsonPathQuery, JsonPathSegment, JsonPathSelector } from "./ast.ts";
import { FilterParser } from "./_filter_parser.ts";
import { isDigit, isNameFirst } from "./_scanner.ts";

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

/**
 * Parses an RFC 9535 JSONPath query into a syntax tree, checking the whole grammar and the well-typedness of
 * function expressions.
 *
 * @example
 * ```ts
 * import { parseJsonPath } from "@oatool/cli/jsonpath";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const query = parseJsonPath("$.paths[?@.get]");
 * assertEquals(query.segments.length, 2);
 * ```
 * @throws {JsonPathSyntaxError} naming the 0-based position of the first offending character.
 */
export function parseJsonPath(expression: string, options: ParseJsonPathOptions = {}): JsonPathQuery {
  return new Parser(expression, options).parseRootQuery();
}

/** Recursive-descent parser over one expression; nesting is bounded by `maxNesting`. */
class Parser extends FilterParser {
  #hyphens: ParseJsonPathOptions["onHyphenatedName"] | undefined;

  constructor(text: string, options: ParseJsonPathOptions) {
    super(text, options.maxNesting ?? 128);
    if (options.allowHyphenatedNames === true) this.#hyphens = options.onHyphenatedName ?? (() => {});
  }

  parseRootQuery(): JsonPathQuery {
    const text = this.text;
    if (text.length === 0) this.fail('the expression is empty; a JSONPath query starts with "$"', 0);
    if (text[0] !== "$") this.fail(`a JSONPath query starts with "$", found ${this.describe(0)}`, 0);
    this.pos = 1;
    const query = this.parseQueryRest("$", 0);
    if (this.pos < text.length) this.fail(`unexpected ${this.describe(this.pos)}`);
    return query;
  }

  // ---------------------------------------------------------------------------------------------- queries

  /** Parses the segments after `$` or `@` (already consumed) and builds the query node. */
  protected override parseQueryRest(root: "$" | "@", position: number): JsonPathQuery {
    const segments: JsonPathSegment[] = [];
    for (;;) {
      const save = this.pos;
      this.skipBlanks();
      const unit = this.unit();
      if (unit === 0x2e /* . */) {
        segments.push(this.unit(this.pos + 1) === 0x2e ? this.parseDescendant() : this.parseDotChild());
      } else if (unit === 0x5b /* [ */) {
        segments.push({ kind: "child", selectors: this.parseBracketed() });
      } else {
        this.pos = save;
        break;
      }
    }
    const singular = segments.every((segment) =>
      segment.kind === "child" && segment.selectors.length === 1 &&
      (segment.selectors[0].kind === "name" || segment.selectors[0].kind === "index")
    );
    return { kind: "query", root, segments, singular, position };
  }

  protected parseDotChild(): JsonPathSegment {
    this.pos++; // .
    if (this.unit() === 0x2a /* * */) {
      this.pos++;
      return { kind: "child", selectors: [{ kind: "wildcard" }] };
    }
    const name = this.parseMemberName('"."');
    return { kind: "child", selectors: [{ kind: "name", name }] };
  }

  protected parseDescendant(): JsonPathSegment {
    this.pos += 2; // ..
    const unit = this.unit();
    if (unit === 0x2a /* * */) {
      this.pos++;
      return { kind: "descendant", selectors: [{ kind: "wildcard" }] };
    }
    if (unit === 0x5b /* [ */) return { kind: "descendant", selectors: this.parseBracketed() };
    const name = this.parseMemberName('".."');
    return { kind: "descendant", selectors: [{ kind: "name", name }] };
  }

  /** `member-name-shorthand` */
  protected parseMemberName(after: string): string {
    const text = this.text;
    const start = this.pos;
    const first = text.codePointAt(start);
    if (first === undefined || !isNameFirst(first)) {
      this.fail(`expected a member name, "*" or "[" after ${after}, found ${this.describe(start)}`);
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
    this.pos = pos;
    const name = text.slice(start, pos);
    if (hyphenated) this.#hyphens!(name, start);
    return name;
  }

  /** `bracketed-selection`: `[` selector *(`,` selector) `]` */
  protected parseBracketed(): JsonPathSelector[] {
    const open = this.pos;
    this.pos++; // [
    const selectors: JsonPathSelector[] = [];
    for (;;) {
      this.skipBlanks();
      selectors.push(this.parseSelector());
      this.skipBlanks();
      const unit = this.unit();
      if (unit === 0x2c /* , */) {
        this.pos++;
        continue;
      }
      if (unit === 0x5d /* ] */) {
        this.pos++;
        return selectors;
      }
      if (unit === -1) this.fail(`missing "]" to close the "[" at position ${open}`);
      this.fail(`expected "," or "]", found ${this.describe(this.pos)}`);
    }
  }

  protected parseSelector(): JsonPathSelector {
    const unit = this.unit();
    if (unit === 0x27 || unit === 0x22) return { kind: "name", name: this.parseString() };
    if (unit === 0x2a /* * */) {
      this.pos++;
      return { kind: "wildcard" };
    }
    if (unit === 0x3f /* ? */) {
      this.pos++;
      this.enter();
      this.skipBlanks();
      const expression = this.parseOr();
      this.leave();
      return { kind: "filter", expression };
    }
    if (unit === 0x2d /* - */ || isDigit(unit) || unit === 0x3a /* : */) return this.parseIndexOrSlice();
    if (unit === -1) this.fail("expected a selector, found end of expression");
    return this.fail(
      `expected a selector (name, "*", index, slice or "?" filter), found ${this.describe(this.pos)}`,
    );
  }

  /** `index-selector` or `slice-selector` */
  protected parseIndexOrSlice(): JsonPathSelector {
    let start: number | undefined;
    if (this.unit() !== 0x3a) {
      start = this.parseInt();
      this.skipBlanks();
      if (this.unit() !== 0x3a) return { kind: "index", index: start };
    }
    this.pos++; // first :
    this.skipBlanks();
    let end: number | undefined;
    let step: number | undefined;
    if (this.isIntStart()) {
      end = this.parseInt();
      this.skipBlanks();
    }
    if (this.unit() === 0x3a) {
      this.pos++;
      this.skipBlanks();
      if (this.isIntStart()) step = this.parseInt();
    }
    const slice: JsonPathSelector = { kind: "slice" };
    if (start !== undefined) slice.start = start;
    if (end !== undefined) slice.end = end;
    if (step !== undefined) slice.step = step;
    return slice;
  }
}

/**
 * The lexer of the template engine: splits a template into text and the tokens of its actions, decoding Go
 * string, raw-string, character and number literals; trim markers and comments are applied here.
 *
 * @module
 */

/** Kinds of tokens. */
export type TokKind =
  | "text"
  | "left" // {{
  | "right" // }}
  | "pipe"
  | "lparen"
  | "rparen"
  | "comma"
  | "declare"
  | "assign"
  | "string"
  | "number"
  | "bool"
  | "nil"
  | "dot"
  | "field"
  | "variable"
  | "identifier"
  | "keyword"
  | "eof";

/** One token: its kind, raw text, position and decoded literal value. */
export interface Token {
  kind: TokKind;
  /** Raw text of the token (identifier name, field name without dot, variable name with `$`, …). */
  text: string;
  pos: number;
  /** Whether white space preceded the token inside an action. */
  spaced: boolean;
  /** Decoded literal value of string / number / bool tokens. */
  value?: string | number | boolean;
  /** For numbers: whether the literal is an integer. */
  isInt?: boolean;
}

const KEYWORDS = new Set([
  "if",
  "else",
  "end",
  "range",
  "with",
  "break",
  "continue",
  "define",
  "template",
  "block",
]);

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\r" || c === "\n";
}

function isAlnum(c: string | undefined): boolean {
  return c !== undefined && /^[\p{L}\p{Nd}_]$/u.test(c);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

function trimEndSpace(s: string): string {
  let end = s.length;
  while (end > 0 && isSpace(s[end - 1])) end--;
  return s.slice(0, end);
}

function trimStartSpace(s: string): string {
  let start = 0;
  while (start < s.length && isSpace(s[start])) start++;
  return s.slice(start);
}

/** Lexes one template; `fail` throws the positioned error. */
export class Lexer {
  readonly tokens: Token[] = [];
  private i = 0;

  constructor(private readonly src: string, private readonly fail: (msg: string, pos: number) => never) {}

  run(): Token[] {
    const src = this.src;
    let trimNext = false;
    while (this.i <= src.length) {
      const start = this.i;
      const open = src.indexOf("{{", start);
      let text = open < 0 ? src.slice(start) : src.slice(start, open);
      if (trimNext) text = trimStartSpace(text);
      trimNext = false;
      if (open < 0) {
        if (text) this.push("text", text, start, false);
        break;
      }
      let p = open + 2;
      const trimLeft = src[p] === "-" && isSpace(src[p + 1]);
      if (trimLeft) {
        text = trimEndSpace(text);
        p += 2;
      }
      if (text) this.push("text", text, start, false);
      if (src.startsWith("/*", p)) {
        const close = src.indexOf("*/", p + 2);
        if (close < 0) this.fail("unclosed comment", open);
        const after = close + 2;
        const right = this.rightDelimAt(after);
        if (!right) this.fail("comment ends before closing delimiter", after);
        trimNext = right.trim;
        this.i = after + right.length;
        continue;
      }
      this.push("left", "{{", open, false);
      this.i = p;
      trimNext = this.lexInsideAction(open);
    }
    this.push("eof", "", src.length, false);
    return this.tokens;
  }

  private rightDelimAt(p: number): { length: number; trim: boolean } | undefined {
    const src = this.src;
    if (isSpace(src[p]) && src[p + 1] === "-" && src.startsWith("}}", p + 2)) {
      return { length: 4, trim: true };
    }
    if (src.startsWith("}}", p)) return { length: 2, trim: false };
    return undefined;
  }

  private push(kind: TokKind, text: string, pos: number, spaced: boolean, extra: Partial<Token> = {}): void {
    this.tokens.push({ kind, text, pos, spaced, ...extra });
  }

  /** Lexes one action after `{{` (and a trim marker); returns whether the action ends with a trim marker. */
  private lexInsideAction(open: number): boolean {
    const src = this.src;
    let spaced = false;
    let parens = 0;
    for (;;) {
      const right = this.rightDelimAt(this.i);
      if (right) {
        if (parens > 0) this.fail("unclosed left paren", this.i);
        this.push("right", "}}", this.i, spaced);
        this.i += right.length;
        return right.trim;
      }
      const c = src[this.i];
      if (c === undefined) this.fail("unclosed action", open);
      const pos = this.i;
      if (isSpace(c)) {
        while (isSpace(src[this.i])) this.i++;
        spaced = true;
        continue;
      }
      if (c === "=") {
        this.i++;
        this.push("assign", "=", pos, spaced);
      } else if (c === ":") {
        if (src[this.i + 1] !== "=") this.fail("expected :=", pos);
        this.i += 2;
        this.push("declare", ":=", pos, spaced);
      } else if (c === "|") {
        this.i++;
        this.push("pipe", "|", pos, spaced);
      } else if (c === "(") {
        this.i++;
        parens++;
        this.push("lparen", "(", pos, spaced);
      } else if (c === ")") {
        this.i++;
        parens--;
        if (parens < 0) this.fail("unexpected right paren", pos);
        this.push("rparen", ")", pos, spaced);
      } else if (c === ",") {
        this.i++;
        this.push("comma", ",", pos, spaced);
      } else if (c === '"') {
        this.lexQuoted(pos, spaced);
      } else if (c === "`") {
        const close = src.indexOf("`", pos + 1);
        if (close < 0) this.fail("unterminated raw quoted string", pos);
        this.i = close + 1;
        this.push("string", src.slice(pos, close + 1), pos, spaced, { value: src.slice(pos + 1, close) });
      } else if (c === "'") {
        this.lexChar(pos, spaced);
      } else if (c === "$") {
        this.i++;
        while (isAlnum(src[this.i])) this.i++;
        this.push("variable", src.slice(pos, this.i), pos, spaced);
      } else if (c === ".") {
        if (isDigit(src[this.i + 1])) {
          this.lexNumber(pos, spaced);
        } else if (isAlnum(src[this.i + 1])) {
          this.i++;
          while (isAlnum(src[this.i])) this.i++;
          this.push("field", src.slice(pos + 1, this.i), pos, spaced);
        } else {
          this.i++;
          this.push("dot", ".", pos, spaced);
        }
      } else if (c === "+" || c === "-" || isDigit(c)) {
        this.lexNumber(pos, spaced);
      } else if (isAlnum(c)) {
        while (isAlnum(src[this.i])) this.i++;
        const word = src.slice(pos, this.i);
        if (word === "true" || word === "false") {
          this.push("bool", word, pos, spaced, { value: word === "true" });
        } else if (word === "nil") this.push("nil", word, pos, spaced);
        else if (KEYWORDS.has(word)) this.push("keyword", word, pos, spaced);
        else this.push("identifier", word, pos, spaced);
      } else {
        this.fail(`unrecognized character in action: ${JSON.stringify(c)}`, pos);
      }
      spaced = false;
    }
  }

  private lexQuoted(pos: number, spaced: boolean): void {
    const src = this.src;
    let p = pos + 1;
    let out = "";
    for (;;) {
      const c = src[p];
      if (c === undefined || c === "\n") this.fail("unterminated quoted string", pos);
      if (c === '"') break;
      if (c === "\\") {
        const [s, next] = this.unescape(p, '"');
        out += s;
        p = next;
        continue;
      }
      out += c;
      p++;
    }
    this.i = p + 1;
    this.push("string", src.slice(pos, p + 1), pos, spaced, { value: out });
  }

  private lexChar(pos: number, spaced: boolean): void {
    const src = this.src;
    let p = pos + 1;
    let ch: string;
    if (src[p] === "\\") {
      const [s, next] = this.unescape(p, "'");
      ch = s;
      p = next;
    } else {
      const cp = src.codePointAt(p);
      if (cp === undefined || src[p] === "\n" || src[p] === "'") {
        this.fail("malformed character constant", pos);
      }
      ch = String.fromCodePoint(cp);
      p += ch.length;
    }
    if (src[p] !== "'") this.fail("malformed character constant", pos);
    this.i = p + 1;
    this.push("number", src.slice(pos, p + 1), pos, spaced, { value: ch.codePointAt(0) ?? 0, isInt: true });
  }

  /** Decodes a Go escape sequence starting at the backslash; returns the text and the next offset. */
  private unescape(p: number, quote: string): [string, number] {
    const src = this.src;
    const c = src[p + 1];
    const simple: Record<string, string> = {
      a: "\x07",
      b: "\b",
      f: "\f",
      n: "\n",
      r: "\r",
      t: "\t",
      v: "\v",
      "\\": "\\",
    };
    if (c !== undefined && c in simple) return [simple[c], p + 2];
    if (c === quote) return [quote, p + 2];
    const hexLen = c === "x" ? 2 : c === "u" ? 4 : c === "U" ? 8 : 0;
    if (hexLen) {
      const hex = src.slice(p + 2, p + 2 + hexLen);
      if (hex.length !== hexLen || !/^[0-9a-fA-F]+$/.test(hex)) this.fail("invalid escape sequence", p);
      const code = parseInt(hex, 16);
      if (c === "x") return [String.fromCharCode(code), p + 2 + hexLen];
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail("invalid Unicode code point", p);
      return [String.fromCodePoint(code), p + 2 + hexLen];
    }
    if (c !== undefined && c >= "0" && c <= "7") {
      const oct = src.slice(p + 1, p + 4);
      if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 255) this.fail("invalid octal escape", p);
      return [String.fromCharCode(parseInt(oct, 8)), p + 4];
    }
    this.fail("unknown escape sequence", p);
  }

  private lexNumber(pos: number, spaced: boolean): void {
    const src = this.src;
    let p = pos;
    if (src[p] === "+" || src[p] === "-") p++;
    const bodyStart = p;
    while (
      /^[0-9a-zA-Z_.]$/.test(src[p] ?? "") ||
      ((src[p] === "+" || src[p] === "-") && /[eEpP]/.test(src[p - 1]))
    ) {
      p++;
    }
    const text = src.slice(pos, p);
    const body = src.slice(bodyStart, p).replaceAll("_", "");
    const sign = src[pos] === "-" ? -1 : 1;
    let value: number | undefined;
    let isInt = true;
    if (/^0[xX][0-9a-fA-F]+$/.test(body)) value = parseInt(body.slice(2), 16);
    else if (/^0[oO][0-7]+$/.test(body)) value = parseInt(body.slice(2), 8);
    else if (/^0[bB][01]+$/.test(body)) value = parseInt(body.slice(2), 2);
    else if (/^0[0-7]+$/.test(body)) value = parseInt(body.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(body)) value = Number(body);
    else if (/^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(body)) {
      value = Number(body);
      isInt = false;
    }
    if (value === undefined || !Number.isFinite(value) || (isInt && !Number.isSafeInteger(value))) {
      this.fail(`bad number syntax: ${JSON.stringify(text)}`, pos);
    }
    this.i = p;
    this.push("number", text, pos, spaced, { value: sign * value, isInt });
  }
}

/**
 * A small, safe implementation of the subset of Go's `text/template` that rename templates need.
 *
 * Supported syntax: text and actions `{{…}}`; trim markers `{{- ` and ` -}}`; comments `{{/* … *\/}}`;
 * field access (`.Name`, `.A.B`, `$x.Name`, `(pipe).Name`); pipelines with `|` (the value of a stage is passed
 * as the LAST argument of the next); function calls with arguments; string, raw-string, character, number and
 * boolean literals; parenthesised sub-pipelines; variables (`$x := …`, `$x = …`, `$`); `if` / `else if` /
 * `else` / `end`; `with` / `else with`; `range` over lists and integers with `$v :=` / `$i, $v :=`, `else`,
 * `break` and `continue`. Built-in functions: `and`, `or` (short-circuit, returning an operand as in Go), `not`,
 * `eq`, `ne`, `lt`, `le`, `gt`, `ge`, `len`, `index`, `print` and `printf` (verbs `%s %v %d %q %t %%` with
 * the `-` and `0` flags and a width). `define`, `template`, `block` and `call` are not supported.
 *
 * Compilation checks everything that can be known without data: syntax, undefined variables, unknown
 * functions, argument counts, literal argument types and — because the type of the data is declared — unknown
 * fields. Execution cannot run arbitrary code (only the functions passed in), and is bounded: at most
 * {@link MAX_STEPS} evaluation steps and {@link MAX_OUTPUT} characters of output.
 *
 * @module
 */

import { OatoolError } from "../core/mod.ts";

/** Maximum number of evaluation steps (commands, range iterations, text nodes) of one execution. */
export const MAX_STEPS = 100_000;
/** Maximum number of characters one execution may produce. */
export const MAX_OUTPUT = 10_000;
/** Maximum nesting depth of control structures and parentheses. */
export const MAX_DEPTH = 64;

/** Static types known to the checker. `struct` is the data type whose fields are declared. */
export type TemplateType = "string" | "int" | "float" | "bool" | "strings" | "struct" | "any";

/** A value a template can hold: strings, numbers, booleans, lists, the data object, or null. */
export type TemplateValue =
  | string
  | number
  | boolean
  | null
  | readonly TemplateValue[]
  | { readonly [field: string]: TemplateValue };

/** A function callable from templates. */
export interface TemplateFunc {
  /** Types of the fixed parameters. */
  params: TemplateType[];
  /** Type of further arguments, when the function is variadic. */
  variadic?: TemplateType;
  /** Most arguments a variadic function takes. @default Infinity */
  maxArgs?: number;
  /** Static type of the result. */
  result: TemplateType;
  /** Implementation; receives arguments already checked against `params` / `variadic`. */
  call: (args: TemplateValue[]) => TemplateValue;
}

/** Options of {@link compileTemplate}. */
export interface CompileOptions {
  /** Functions available to the template in addition to the built-ins. */
  funcs?: Readonly<Record<string, TemplateFunc>>;
  /** Declared fields of the data object and their types; unknown fields are compile errors. */
  fields: Readonly<Record<string, TemplateType>>;
  /** Name of the data type, used in messages. @default "data" */
  typeName?: string;
  /** What the template is called in messages. @default "template" */
  label?: string;
}

/** A compiled template. */
export interface CompiledTemplate {
  /** The template source. */
  readonly source: string;
  /** Runs the template on `data`; throws {@link TemplateError} on an execution error. */
  execute(data: { readonly [field: string]: TemplateValue }): string;
}

/** Details of a {@link TemplateError}. */
export interface TemplateErrorDetails {
  /** The template text. */
  template: string;
  /** 0-based offset of the offending position in the template. */
  offset: number;
  /** What the template is called. @default "rename template" */
  label?: string;
}

/**
 * A template cannot be compiled (syntax error, unknown field, unknown function, wrong arguments) or failed
 * while running. The message quotes the template and gives line and column of the offending position.
 */
export class TemplateError extends OatoolError {
  /** The template text. */
  readonly template: string;
  /** 0-based offset of the offending position. */
  readonly offset: number;
  /** 1-based line of the offending position. */
  readonly line: number;
  /** 1-based column of the offending position. */
  readonly column: number;
  /** The problem alone, without the template and position. */
  readonly detail: string;
  /** The offending template line with a caret under the position. */
  readonly snippet: string;

  constructor(detail: string, details: TemplateErrorDetails) {
    const { line, column, lineText } = locate(details.template, details.offset);
    const label = details.label ?? "rename template";
    super(
      `Invalid ${label} ${JSON.stringify(details.template)} at line ${line}, column ${column}: ${detail}; ` +
        `fix the ${label} and try again.`,
      "TEMPLATE_ERROR",
    );
    this.template = details.template;
    this.offset = details.offset;
    this.line = line;
    this.column = column;
    this.detail = detail;
    this.snippet = `${lineText}\n${" ".repeat(column - 1)}^`;
  }
}

function locate(text: string, offset: number): { line: number; column: number; lineText: string } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  let lineEnd = text.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = text.length;
  return { line, column: at - lineStart + 1, lineText: text.slice(lineStart, lineEnd) };
}

// ---------------------------------------------------------------------------------------------------------
// Lexer

type TokKind =
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

interface Token {
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

class Lexer {
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

// ---------------------------------------------------------------------------------------------------------
// Syntax tree

type Node = TextNode | ActionNode | IfNode | RangeNode | BreakNode;

interface TextNode {
  type: "text";
  text: string;
}

interface ActionNode {
  type: "action";
  pos: number;
  pipe: Pipeline;
}

interface IfNode {
  type: "if" | "with";
  pos: number;
  pipe: Pipeline;
  list: Node[];
  elseList: Node[] | undefined;
}

interface RangeNode {
  type: "range";
  pos: number;
  pipe: Pipeline;
  list: Node[];
  elseList: Node[] | undefined;
}

interface BreakNode {
  type: "break" | "continue";
  pos: number;
}

interface VarRef {
  name: string;
  pos: number;
}

interface Pipeline {
  pos: number;
  decl: VarRef[];
  isAssign: boolean;
  cmds: Command[];
  type: TemplateType;
}

interface Command {
  pos: number;
  args: Operand[];
}

type Operand =
  | { kind: "func"; pos: number; name: string; type: TemplateType }
  | { kind: "literal"; pos: number; value: TemplateValue; type: TemplateType }
  | { kind: "nil"; pos: number }
  | { kind: "dot"; pos: number; fields: string[]; fieldPos: number[]; type: TemplateType }
  | { kind: "var"; pos: number; name: string; fields: string[]; fieldPos: number[]; type: TemplateType }
  | { kind: "pipe"; pos: number; pipe: Pipeline; fields: string[]; fieldPos: number[]; type: TemplateType };

// ---------------------------------------------------------------------------------------------------------
// Built-ins

const BUILTIN_ARITY: Record<string, { min: number; max: number; result: TemplateType }> = {
  and: { min: 1, max: Infinity, result: "any" },
  or: { min: 1, max: Infinity, result: "any" },
  not: { min: 1, max: 1, result: "bool" },
  eq: { min: 2, max: Infinity, result: "bool" },
  ne: { min: 2, max: 2, result: "bool" },
  lt: { min: 2, max: 2, result: "bool" },
  le: { min: 2, max: 2, result: "bool" },
  gt: { min: 2, max: 2, result: "bool" },
  ge: { min: 2, max: 2, result: "bool" },
  len: { min: 1, max: 1, result: "int" },
  index: { min: 1, max: Infinity, result: "any" },
  print: { min: 0, max: Infinity, result: "string" },
  printf: { min: 1, max: Infinity, result: "string" },
};

const UNSUPPORTED_BUILTINS = new Set(["call", "html", "js", "urlquery", "println", "slice"]);

/** Go's truth rule: false, 0, nil and empty strings and lists are false. */
export function isTrue(v: TemplateValue): boolean {
  if (v === null) return false;
  if (typeof v === "string") return v.length > 0;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** Go-style name of the dynamic type of a value, for messages. */
export function typeOfValue(v: TemplateValue): string {
  if (v === null) return "nil";
  if (typeof v === "string") return "string";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float64";
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return "[]string";
  return "struct";
}

function staticTypeName(t: TemplateType, typeName: string): string {
  switch (t) {
    case "strings":
      return "[]string";
    case "struct":
      return typeName;
    case "float":
      return "float64";
    case "any":
      return "interface {}";
    default:
      return t;
  }
}

function accepts(param: TemplateType, arg: TemplateType): boolean {
  if (param === "any" || arg === "any") return true;
  if (param === "float") return arg === "float" || arg === "int";
  return param === arg;
}

function valueMatches(param: TemplateType, v: TemplateValue): boolean {
  switch (param) {
    case "any":
      return true;
    case "string":
      return typeof v === "string";
    case "int":
      return typeof v === "number" && Number.isInteger(v);
    case "float":
      return typeof v === "number";
    case "bool":
      return typeof v === "boolean";
    case "strings":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
    case "struct":
      return v !== null && typeof v === "object" && !Array.isArray(v);
  }
}

/** Formats a value as Go's fmt.Sprint does for the value kinds templates hold. */
export function formatValue(v: TemplateValue): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(formatValue).join(" ")}]`;
  const obj = v as { readonly [field: string]: TemplateValue };
  return `{${Object.keys(obj).map((k) => formatValue(obj[k])).join(" ")}}`;
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

function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** Go's fmt.Sprintf for verbs %s %v %d %q %t %% with flags `-`, `0` and a width. */
export function sprintf(format: string, args: readonly TemplateValue[]): string {
  let out = "";
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    const c = format[i];
    if (c !== "%") {
      out += c;
      i++;
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
    let width = 0;
    while (isDigit(format[i])) width = width * 10 + Number(format[i++]);
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
    const arg = args[argIndex++];
    const text = formatVerb(verb, arg);
    out += pad(
      text,
      width,
      minus,
      zero && !minus && (verb === "d" || verb === "v") && typeof arg === "number",
    );
  }
  if (argIndex < args.length) {
    const extra = args.slice(argIndex).map((a) => `${typeOfValue(a)}=${formatValue(a)}`).join(", ");
    out += `%!(EXTRA ${extra})`;
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

function formatVerb(verb: string, arg: TemplateValue): string {
  if (Array.isArray(arg) && verb !== "v") {
    return `[${arg.map((a) => formatVerb(verb, a)).join(" ")}]`;
  }
  const bad = (): string => `%!${verb}(${typeOfValue(arg)}=${formatValue(arg)})`;
  switch (verb) {
    case "v":
      return formatValue(arg);
    case "s":
      return typeof arg === "string" ? arg : bad();
    case "q":
      return typeof arg === "string" ? goQuote(arg) : bad();
    case "d":
      return typeof arg === "number" && Number.isInteger(arg) ? String(arg) : bad();
    case "t":
      return typeof arg === "boolean" ? String(arg) : bad();
    default:
      return bad();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Parser and checker

interface Scope {
  vars: Map<string, TemplateType>;
  parent: Scope | undefined;
}

class Parser {
  private p = 0;
  private depth = 0;
  private loops = 0;
  private scope: Scope;

  constructor(
    private readonly tokens: Token[],
    private readonly opts: Required<Omit<CompileOptions, "funcs">> & {
      funcs: Readonly<Record<string, TemplateFunc>>;
    },
    private readonly fail: (msg: string, pos: number) => never,
  ) {
    this.scope = { vars: new Map([["$", "struct"]]), parent: undefined };
  }

  parseTemplate(): Node[] {
    const { nodes, end } = this.parseList("struct");
    if (end.kind !== "eof") this.fail(`unexpected {{${end.text}}}`, end.pos);
    return nodes;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.p + offset, this.tokens.length - 1)];
  }

  private next(): Token {
    return this.tokens[this.p++];
  }

  private expect(kind: TokKind, context: string): Token {
    const t = this.next();
    if (t.kind !== kind) this.fail(`unexpected ${describe(t)} in ${context}`, t.pos);
    return t;
  }

  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`, pos);
  }

  private pushScope(): void {
    this.scope = { vars: new Map(), parent: this.scope };
  }

  private popScope(): void {
    this.scope = this.scope.parent ?? this.scope;
  }

  private lookupVar(name: string): { scope: Scope; type: TemplateType } | undefined {
    for (let s: Scope | undefined = this.scope; s; s = s.parent) {
      const t = s.vars.get(name);
      if (t !== undefined) return { scope: s, type: t };
    }
    return undefined;
  }

  /**
   * Parses nodes until `{{end}}`, `{{else…}}` or the end of input. The terminating token (the keyword, or eof)
   * is consumed up to the keyword; the caller handles the rest of that action.
   */
  private parseList(dot: TemplateType): { nodes: Node[]; end: Token } {
    const nodes: Node[] = [];
    for (;;) {
      const t = this.next();
      if (t.kind === "eof") return { nodes, end: t };
      if (t.kind === "text") {
        nodes.push({ type: "text", text: t.text });
        continue;
      }
      // t is a left delimiter
      const first = this.peek();
      if (first.kind === "keyword") {
        switch (first.text) {
          case "end":
          case "else":
            this.next();
            return { nodes, end: first };
          case "if":
          case "with":
          case "range":
            this.next();
            nodes.push(this.parseControl(first, dot));
            continue;
          case "break":
          case "continue": {
            this.next();
            if (this.loops === 0) this.fail(`{{${first.text}}} outside {{range}}`, first.pos);
            this.expect("right", `{{${first.text}}}`);
            nodes.push({ type: first.text, pos: first.pos });
            continue;
          }
          default:
            this.fail(`{{${first.text}}} is not supported in rename templates`, first.pos);
        }
      }
      const pipe = this.parsePipeline("command", dot, false);
      this.expect("right", "command");
      nodes.push({ type: "action", pos: first.pos, pipe });
    }
  }

  private parseControl(keyword: Token, dot: TemplateType): Node {
    const kind = keyword.text as "if" | "with" | "range";
    this.enter(keyword.pos);
    this.pushScope();
    const pipe = this.parsePipeline(kind, dot, kind === "range");
    this.expect("right", `{{${kind}}}`);
    let bodyDot = dot;
    if (kind === "with") bodyDot = pipe.type;
    if (kind === "range") {
      const elem = rangeElementType(pipe.type);
      if (elem === undefined) {
        this.fail(
          `range can't iterate over ${staticTypeName(pipe.type, this.opts.typeName)}`,
          pipe.pos,
        );
      }
      if (pipe.decl.length === 2 && pipe.type === "int") {
        this.fail("can't use an integer to iterate over more than one variable", pipe.decl[1].pos);
      }
      bodyDot = elem;
      if (!pipe.isAssign && pipe.decl.length > 0) {
        // Declared loop variables take the element (and index) types.
        if (pipe.decl.length === 1) this.scope.vars.set(pipe.decl[0].name, elem);
        else {
          this.scope.vars.set(pipe.decl[0].name, "int");
          this.scope.vars.set(pipe.decl[1].name, elem);
        }
      }
      this.loops++;
    }
    this.pushScope();
    const body = this.parseList(bodyDot);
    this.popScope();
    if (kind === "range") this.loops--;
    let elseList: Node[] | undefined;
    if (body.end.kind === "eof") this.fail(`unexpected EOF: {{${kind}}} has no {{end}}`, keyword.pos);
    if (body.end.text === "else") {
      const after = this.peek();
      if (
        (kind === "if" && after.kind === "keyword" && after.text === "if") ||
        (kind === "with" && after.kind === "keyword" && after.text === "with")
      ) {
        // `{{else if …}}` is `{{else}}{{if …}}…{{end}}{{end}}` sharing the final {{end}}.
        this.next();
        this.pushScope();
        elseList = [this.parseControl(after, dot)];
        this.popScope();
      } else {
        this.expect("right", "{{else}}");
        this.pushScope();
        const alt = this.parseList(dot);
        this.popScope();
        if (alt.end.kind === "eof") this.fail(`unexpected EOF: {{${kind}}} has no {{end}}`, keyword.pos);
        if (alt.end.text !== "end") this.fail(`expected {{end}}, found {{${alt.end.text}}}`, alt.end.pos);
        this.expect("right", "{{end}}");
        elseList = alt.nodes;
      }
    } else {
      this.expect("right", "{{end}}");
    }
    this.popScope();
    this.depth--;
    if (kind === "range") return { type: "range", pos: keyword.pos, pipe, list: body.nodes, elseList };
    return { type: kind, pos: keyword.pos, pipe, list: body.nodes, elseList };
  }

  private parsePipeline(context: string, dot: TemplateType, isRange: boolean): Pipeline {
    const start = this.peek();
    const decl: VarRef[] = [];
    let isAssign = false;
    // Declarations: `$x :=`, `$x =`, and for range `$i, $v :=`.
    if (start.kind === "variable") {
      const second = this.peek(1);
      if (second.kind === "declare" || second.kind === "assign") {
        decl.push({ name: start.text, pos: start.pos });
        isAssign = second.kind === "assign";
        this.p += 2;
      } else if (
        second.kind === "comma" && this.peek(2).kind === "variable" &&
        (this.peek(3).kind === "declare" || this.peek(3).kind === "assign")
      ) {
        if (!isRange) this.fail("too many declarations in " + context, second.pos);
        decl.push({ name: start.text, pos: start.pos }, { name: this.peek(2).text, pos: this.peek(2).pos });
        isAssign = this.peek(3).kind === "assign";
        this.p += 4;
      }
    }
    for (const d of decl) {
      if (d.name === "$") this.fail("cannot declare or assign $", d.pos);
      if (isAssign && !this.lookupVar(d.name)) {
        this.fail(`undefined variable ${JSON.stringify(d.name)}`, d.pos);
      }
    }
    const cmds: Command[] = [];
    const types: TemplateType[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "right" || t.kind === "rparen" || t.kind === "eof") {
        if (cmds.length === 0) this.fail(`missing value for ${context}`, t.pos);
        break;
      }
      const { cmd, type } = this.parseCommand(dot, cmds.length > 0, types[types.length - 1]);
      cmds.push(cmd);
      types.push(type);
      const after = this.peek();
      if (after.kind === "pipe") {
        this.next();
        const following = this.peek();
        if (following.kind === "right" || following.kind === "rparen" || following.kind === "eof") {
          this.fail("missing command after |", following.pos);
        }
        continue;
      }
      if (after.kind !== "right" && after.kind !== "rparen") {
        this.fail(`unexpected ${describe(after)} in ${context}`, after.pos);
      }
    }
    const type = types[types.length - 1];
    if (!isAssign && !isRange) { for (const d of decl) this.scope.vars.set(d.name, type); }
    if (isAssign) {
      for (const d of decl) {
        const found = this.lookupVar(d.name);
        if (found && found.type !== type) found.scope.vars.set(d.name, "any");
      }
    }
    return { pos: start.pos, decl, isAssign, cmds, type };
  }

  private parseCommand(
    dot: TemplateType,
    piped: boolean,
    pipedType: TemplateType | undefined,
  ): { cmd: Command; type: TemplateType } {
    const args: Operand[] = [];
    const pos = this.peek().pos;
    for (;;) {
      const t = this.peek();
      if (t.kind === "right" || t.kind === "rparen" || t.kind === "pipe" || t.kind === "eof") break;
      if (args.length > 0 && !t.spaced && t.kind !== "lparen") {
        this.fail(`missing space before ${describe(t)}`, t.pos);
      }
      args.push(this.parseOperand(dot));
    }
    if (args.length === 0) this.fail("empty command", pos);
    for (const arg of args.slice(1)) {
      // A function named as an argument is called without arguments, as in Go.
      if (arg.kind === "func") arg.type = this.checkCall(arg.name, arg.pos, [], [], false);
    }
    const head = args[0];
    if (head.kind === "func") {
      const argTypes = args.slice(1).map(operandType);
      if (piped && pipedType !== undefined) argTypes.push(pipedType);
      const result = this.checkCall(head.name, head.pos, argTypes, args.slice(1).map((a) => a.pos), piped);
      return { cmd: { pos, args }, type: result };
    }
    if (head.kind === "nil") this.fail("nil is not a command", head.pos);
    if (args.length > 1 || piped) {
      const at = args.length > 1 ? args[1].pos : head.pos;
      this.fail(`can't give argument to non-function ${describeOperand(head)}`, at);
    }
    return { cmd: { pos, args }, type: operandType(head) };
  }

  private checkCall(
    name: string,
    pos: number,
    argTypes: TemplateType[],
    argPos: number[],
    piped: boolean,
  ): TemplateType {
    const n = argTypes.length;
    const builtin = BUILTIN_ARITY[name];
    if (builtin) {
      if (n < builtin.min || n > builtin.max) {
        const want = builtin.max === Infinity ? `at least ${builtin.min}` : `${builtin.min}`;
        this.fail(
          `wrong number of args for ${name}: want ${want} got ${n}${
            piped ? " (including the piped value)" : ""
          }`,
          pos,
        );
      }
      if (name === "printf" && !accepts("string", argTypes[0])) {
        this.fail(
          `wrong type for value; expected string; got ${staticTypeName(argTypes[0], this.opts.typeName)}`,
          argPos[0] ?? pos,
        );
      }
      if (name === "index") {
        for (let i = 1; i < n; i++) {
          if (!accepts("int", argTypes[i])) {
            this.fail(
              `cannot index with ${staticTypeName(argTypes[i], this.opts.typeName)}`,
              argPos[i] ?? pos,
            );
          }
        }
        if (argTypes[0] === "strings") return n === 2 ? "string" : n === 1 ? "strings" : "any";
        if (argTypes[0] === "string") return n === 2 ? "int" : n === 1 ? "string" : "any";
        if (argTypes[0] !== "any") {
          this.fail(
            `can't index item of type ${staticTypeName(argTypes[0], this.opts.typeName)}`,
            argPos[0] ?? pos,
          );
        }
        return "any";
      }
      if (name === "len" && !["string", "strings", "any"].includes(argTypes[0])) {
        this.fail(`len of type ${staticTypeName(argTypes[0], this.opts.typeName)}`, argPos[0] ?? pos);
      }
      if ((name === "and" || name === "or") && argTypes.every((t) => t === argTypes[0])) return argTypes[0];
      if (["eq", "ne", "lt", "le", "gt", "ge"].includes(name)) {
        this.checkComparison(name, argTypes, argPos, pos);
      }
      return builtin.result;
    }
    if (UNSUPPORTED_BUILTINS.has(name)) {
      this.fail(`function ${JSON.stringify(name)} is not supported in rename templates`, pos);
    }
    const fn = Object.hasOwn(this.opts.funcs, name) ? this.opts.funcs[name] : undefined;
    if (!fn) {
      const known = [...Object.keys(this.opts.funcs), ...Object.keys(BUILTIN_ARITY)].sort().join(", ");
      this.fail(`function ${JSON.stringify(name)} not defined (available: ${known})`, pos);
    }
    const min = fn.params.length;
    const max = fn.variadic ? fn.maxArgs ?? Infinity : min;
    if (n < min || n > max) {
      const want = !fn.variadic ? `${min}` : n < min ? `at least ${min}` : `at most ${max}`;
      this.fail(
        `wrong number of args for ${name}: want ${want} got ${n}${
          piped ? " (including the piped value)" : ""
        }`,
        pos,
      );
    }
    for (let i = 0; i < n; i++) {
      const param = i < fn.params.length ? fn.params[i] : fn.variadic ?? "any";
      if (!accepts(param, argTypes[i])) {
        this.fail(
          `wrong type for value; expected ${staticTypeName(param, this.opts.typeName)}; got ${
            staticTypeName(argTypes[i], this.opts.typeName)
          } (argument ${i + 1} of ${name})`,
          argPos[i] ?? pos,
        );
      }
    }
    return fn.result;
  }

  private checkComparison(name: string, argTypes: TemplateType[], argPos: number[], pos: number): void {
    const kind = (t: TemplateType): string => (t === "int" || t === "float" ? "number" : t);
    for (let i = 0; i < argTypes.length; i++) {
      const t = argTypes[i];
      if (t === "strings" || t === "struct" || (t === "bool" && name !== "eq" && name !== "ne")) {
        const what = t === "bool"
          ? "invalid type for comparison"
          : `non-comparable type ${staticTypeName(t, this.opts.typeName)}`;
        this.fail(`${name}: ${what}`, argPos[i] ?? pos);
      }
    }
    const first = argTypes[0];
    for (let i = 1; i < argTypes.length; i++) {
      if (first !== "any" && argTypes[i] !== "any" && kind(first) !== kind(argTypes[i])) {
        this.fail(`${name}: incompatible types for comparison`, argPos[i] ?? pos);
      }
    }
  }

  private parseFields(base: TemplateType): { fields: string[]; fieldPos: number[]; type: TemplateType } {
    const fields: string[] = [];
    const fieldPos: number[] = [];
    let type = base;
    while (this.peek().kind === "field" && !this.peek().spaced) {
      const f = this.next();
      type = this.fieldType(type, f.text, f.pos);
      fields.push(f.text);
      fieldPos.push(f.pos);
    }
    return { fields, fieldPos, type };
  }

  private fieldType(base: TemplateType, name: string, pos: number): TemplateType {
    if (base === "any") return "any";
    if (base !== "struct") {
      this.fail(`can't evaluate field ${name} in type ${staticTypeName(base, this.opts.typeName)}`, pos);
    }
    if (!Object.hasOwn(this.opts.fields, name)) {
      this.fail(
        `can't evaluate field ${name} in type ${this.opts.typeName} (fields: ${
          Object.keys(this.opts.fields).join(", ")
        })`,
        pos,
      );
    }
    return this.opts.fields[name];
  }

  private parseOperand(dot: TemplateType): Operand {
    const t = this.next();
    switch (t.kind) {
      case "identifier":
        if (this.peek().kind === "field" && !this.peek().spaced) {
          this.fail(`unexpected field after function ${t.text}`, this.peek().pos);
        }
        if (!Object.hasOwn(BUILTIN_ARITY, t.text) && !Object.hasOwn(this.opts.funcs, t.text)) {
          if (UNSUPPORTED_BUILTINS.has(t.text)) {
            this.fail(`function ${JSON.stringify(t.text)} is not supported in rename templates`, t.pos);
          }
          const known = [...Object.keys(this.opts.funcs), ...Object.keys(BUILTIN_ARITY)].sort().join(", ");
          this.fail(`function ${JSON.stringify(t.text)} not defined (available: ${known})`, t.pos);
        }
        return { kind: "func", pos: t.pos, name: t.text, type: "any" };
      case "string":
        return this.literal(t, t.value as string, "string");
      case "number":
        return this.literal(t, t.value as number, t.isInt ? "int" : "float");
      case "bool":
        return this.literal(t, t.value as boolean, "bool");
      case "nil":
        return { kind: "nil", pos: t.pos };
      case "dot": {
        if (this.peek().kind === "field" && !this.peek().spaced) {
          this.fail('unexpected . after term "."', this.peek().pos);
        }
        return { kind: "dot", pos: t.pos, fields: [], fieldPos: [], type: dot };
      }
      case "field": {
        const type = this.fieldType(dot, t.text, t.pos);
        const rest = this.parseFields(type);
        return {
          kind: "dot",
          pos: t.pos,
          fields: [t.text, ...rest.fields],
          fieldPos: [t.pos, ...rest.fieldPos],
          type: rest.type,
        };
      }
      case "variable": {
        const found = this.lookupVar(t.text);
        if (!found) this.fail(`undefined variable ${JSON.stringify(t.text)}`, t.pos);
        const rest = this.parseFields(found.type);
        return { kind: "var", pos: t.pos, name: t.text, ...rest };
      }
      case "lparen": {
        this.enter(t.pos);
        const pipe = this.parsePipeline("parenthesized pipeline", dot, false);
        this.expect("rparen", "parenthesized pipeline");
        this.depth--;
        const rest = this.parseFields(pipe.type);
        return { kind: "pipe", pos: t.pos, pipe, ...rest };
      }
      default:
        this.fail(`unexpected ${describe(t)} in operand`, t.pos);
    }
  }

  private literal(t: Token, value: TemplateValue, type: TemplateType): Operand {
    if (this.peek().kind === "field" && !this.peek().spaced) {
      this.fail(`unexpected . after term ${JSON.stringify(t.text)}`, this.peek().pos);
    }
    return { kind: "literal", pos: t.pos, value, type };
  }
}

function rangeElementType(t: TemplateType): TemplateType | undefined {
  if (t === "strings") return "string";
  if (t === "int") return "int";
  if (t === "any") return "any";
  return undefined;
}

function operandType(op: Operand): TemplateType {
  return op.kind === "nil" ? "any" : op.type;
}

function describe(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of template";
    case "right":
      return '"}}"';
    case "left":
      return '"{{"';
    case "field":
      return JSON.stringify("." + t.text);
    default:
      return JSON.stringify(t.text);
  }
}

function describeOperand(op: Operand): string {
  switch (op.kind) {
    case "literal":
      return JSON.stringify(formatValue(op.value));
    case "dot":
      return op.fields.length ? "." + op.fields.join(".") : ".";
    case "var":
      return op.name + op.fields.map((f) => "." + f).join("");
    case "pipe":
      return "(…)" + op.fields.map((f) => "." + f).join("");
    default:
      return op.kind;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Execution

const MISSING = Symbol("missing");
type Final = TemplateValue | typeof MISSING;

/** Control flow signal of {@link Executor.walk}. */
type Flow = 0 | 1 | 2;
const Flow = { Normal: 0, Break: 1, Continue: 2 } as const;

interface Frame {
  vars: Map<string, TemplateValue>;
  parent: Frame | undefined;
}

class Executor {
  private out = "";
  private steps = 0;
  private frame: Frame;

  constructor(
    private readonly funcs: Readonly<Record<string, TemplateFunc>>,
    private readonly fields: Readonly<Record<string, TemplateType>>,
    private readonly typeName: string,
    private readonly fail: (msg: string, pos: number) => never,
    root: TemplateValue,
  ) {
    this.frame = { vars: new Map([["$", root]]), parent: undefined };
  }

  run(nodes: Node[], dot: TemplateValue): string {
    this.walk(nodes, dot);
    return this.out;
  }

  private step(pos: number): void {
    if (++this.steps > MAX_STEPS) this.fail(`execution exceeded ${MAX_STEPS} steps`, pos);
  }

  private emit(s: string, pos: number): void {
    this.out += s;
    if (this.out.length > MAX_OUTPUT) this.fail(`output longer than ${MAX_OUTPUT} characters`, pos);
  }

  private push(): void {
    this.frame = { vars: new Map(), parent: this.frame };
  }

  private pop(): void {
    this.frame = this.frame.parent ?? this.frame;
  }

  private getVar(name: string): TemplateValue {
    for (let f: Frame | undefined = this.frame; f; f = f.parent) {
      if (f.vars.has(name)) return f.vars.get(name) as TemplateValue;
    }
    return null;
  }

  private setVar(name: string, value: TemplateValue): void {
    for (let f: Frame | undefined = this.frame; f; f = f.parent) {
      if (f.vars.has(name)) {
        f.vars.set(name, value);
        return;
      }
    }
    this.frame.vars.set(name, value);
  }

  private walk(nodes: Node[], dot: TemplateValue): Flow {
    for (const node of nodes) {
      switch (node.type) {
        case "text":
          this.step(0);
          this.emit(node.text, 0);
          break;
        case "action": {
          const v = this.evalPipeline(node.pipe, dot);
          if (node.pipe.decl.length === 0) this.emit(formatValue(v), node.pos);
          break;
        }
        case "if":
        case "with": {
          this.push();
          const v = this.evalPipeline(node.pipe, dot);
          let flow: Flow = Flow.Normal;
          this.push();
          if (isTrue(v)) flow = this.walk(node.list, node.type === "with" ? v : dot);
          else if (node.elseList) flow = this.walk(node.elseList, dot);
          this.pop();
          this.pop();
          if (flow !== Flow.Normal) return flow;
          break;
        }
        case "range": {
          const flow = this.walkRange(node, dot);
          if (flow !== Flow.Normal) return flow;
          break;
        }
        case "break":
          return Flow.Break;
        case "continue":
          return Flow.Continue;
      }
    }
    return Flow.Normal;
  }

  private walkRange(node: RangeNode, dot: TemplateValue): Flow {
    this.push();
    const pipe = node.pipe;
    const v = this.evalPipeline({ ...pipe, decl: [] }, dot);
    let items: TemplateValue[];
    if (Array.isArray(v)) items = v as TemplateValue[];
    else if (typeof v === "number" && Number.isInteger(v)) {
      if (pipe.decl.length > 1) {
        this.fail("can't use an integer to iterate over more than one variable", pipe.pos);
      }
      items = [];
      for (let i = 0; i < v; i++) {
        this.step(pipe.pos);
        items.push(i);
      }
    } else if (v === null) items = [];
    else this.fail(`range can't iterate over ${typeOfValue(v)}`, pipe.pos);
    for (let i = 0; i < items.length; i++) {
      this.step(node.pos);
      this.push();
      if (pipe.decl.length === 1) {
        if (pipe.isAssign) this.setVar(pipe.decl[0].name, items[i]);
        else this.frame.vars.set(pipe.decl[0].name, items[i]);
      } else if (pipe.decl.length === 2) {
        if (pipe.isAssign) {
          this.setVar(pipe.decl[0].name, i);
          this.setVar(pipe.decl[1].name, items[i]);
        } else {
          this.frame.vars.set(pipe.decl[0].name, i);
          this.frame.vars.set(pipe.decl[1].name, items[i]);
        }
      }
      const flow = this.walk(node.list, items[i]);
      this.pop();
      if (flow === Flow.Break) break;
    }
    if (items.length === 0 && node.elseList) {
      this.push();
      const flow = this.walk(node.elseList, dot);
      this.pop();
      this.pop();
      return flow;
    }
    this.pop();
    return Flow.Normal;
  }

  private evalPipeline(pipe: Pipeline, dot: TemplateValue): TemplateValue {
    let value: Final = MISSING;
    for (const cmd of pipe.cmds) value = this.evalCommand(cmd, dot, value);
    const result = value === MISSING ? null : value;
    for (const d of pipe.decl) {
      if (pipe.isAssign) this.setVar(d.name, result);
      else this.frame.vars.set(d.name, result);
    }
    return result;
  }

  private evalCommand(cmd: Command, dot: TemplateValue, final: Final): TemplateValue {
    this.step(cmd.pos);
    const head = cmd.args[0];
    if (head.kind === "func") return this.evalCall(head.name, head.pos, cmd.args.slice(1), dot, final);
    return this.evalOperand(head, dot);
  }

  private evalOperand(op: Operand, dot: TemplateValue): TemplateValue {
    switch (op.kind) {
      case "literal":
        return op.value;
      case "nil":
        return null;
      case "func":
        return this.evalCall(op.name, op.pos, [], dot, MISSING);
      case "dot":
        return this.fieldChain(dot, op.fields, op.fieldPos);
      case "var":
        return this.fieldChain(this.getVar(op.name), op.fields, op.fieldPos);
      case "pipe":
        return this.fieldChain(this.evalPipeline(op.pipe, dot), op.fields, op.fieldPos);
    }
  }

  private fieldChain(value: TemplateValue, fields: string[], positions: number[]): TemplateValue {
    let v = value;
    for (let i = 0; i < fields.length; i++) {
      const name = fields[i];
      if (v === null || typeof v !== "object" || Array.isArray(v)) {
        this.fail(`can't evaluate field ${name} in type ${typeOfValue(v)}`, positions[i]);
      }
      if (!Object.hasOwn(this.fields, name)) {
        this.fail(`can't evaluate field ${name} in type ${this.typeName}`, positions[i]);
      }
      const obj = v as { readonly [field: string]: TemplateValue };
      v = Object.hasOwn(obj, name) ? obj[name] : null;
    }
    return v;
  }

  private evalCall(
    name: string,
    pos: number,
    argOps: Operand[],
    dot: TemplateValue,
    final: Final,
  ): TemplateValue {
    // and / or evaluate lazily, left to right, returning the deciding operand as Go does.
    if (name === "and" || name === "or") {
      const count = argOps.length + (final === MISSING ? 0 : 1);
      let v: TemplateValue = null;
      for (let i = 0; i < count; i++) {
        v = i < argOps.length ? this.evalOperand(argOps[i], dot) : final as TemplateValue;
        if (name === "and" ? !isTrue(v) : isTrue(v)) return v;
      }
      return v;
    }
    const args = argOps.map((a) => this.evalOperand(a, dot));
    if (final !== MISSING) args.push(final);
    const argPos = argOps.map((a) => a.pos);
    const at = (i: number): number => argPos[i] ?? pos;
    switch (name) {
      case "not":
        return !isTrue(args[0]);
      case "eq": {
        for (let i = 1; i < args.length; i++) {
          if (this.compare(args[0], args[i], "eq", at(i)) === 0) return true;
        }
        return false;
      }
      case "ne":
        return this.compare(args[0], args[1], "ne", at(1)) !== 0;
      case "lt":
        return this.order(args[0], args[1], at(1)) < 0;
      case "le":
        return this.order(args[0], args[1], at(1)) <= 0;
      case "gt":
        return this.order(args[0], args[1], at(1)) > 0;
      case "ge":
        return this.order(args[0], args[1], at(1)) >= 0;
      case "len": {
        const v = args[0];
        if (typeof v === "string") return utf8Bytes(v).length;
        if (Array.isArray(v)) return v.length;
        this.fail(`len of type ${typeOfValue(v)}`, at(0));
        break;
      }
      case "index":
        return this.index(args, argPos, pos);
      case "print":
        return goSprint(args);
      case "printf": {
        if (typeof args[0] !== "string") {
          this.fail(`wrong type for value; expected string; got ${typeOfValue(args[0])}`, at(0));
        }
        return sprintf(args[0], args.slice(1));
      }
    }
    const fn = this.funcs[name];
    for (let i = 0; i < args.length; i++) {
      const param = i < fn.params.length ? fn.params[i] : fn.variadic ?? "any";
      if (!valueMatches(param, args[i])) {
        this.fail(
          `wrong type for value; expected ${staticTypeName(param, this.typeName)}; got ${
            typeOfValue(args[i])
          } ` +
            `(argument ${i + 1} of ${name})`,
          at(i),
        );
      }
    }
    return fn.call(args);
  }

  private compare(a: TemplateValue, b: TemplateValue, fn: string, pos: number): number {
    const ka = comparableKind(a);
    const kb = comparableKind(b);
    if (ka === undefined || kb === undefined) {
      this.fail(`${fn}: non-comparable type ${typeOfValue(ka === undefined ? a : b)}`, pos);
    }
    if (ka !== kb) this.fail(`${fn}: incompatible types for comparison`, pos);
    return a === b ? 0 : 1;
  }

  private order(a: TemplateValue, b: TemplateValue, pos: number): number {
    const ka = comparableKind(a);
    const kb = comparableKind(b);
    if (ka === undefined || kb === undefined || ka === "bool" || kb === "bool") {
      this.fail(`invalid type for comparison`, pos);
    }
    if (ka !== kb) this.fail(`incompatible types for comparison`, pos);
    const x = a as string | number;
    const y = b as string | number;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  private index(args: TemplateValue[], argPos: number[], pos: number): TemplateValue {
    let v = args[0];
    for (let i = 1; i < args.length; i++) {
      const ix = args[i];
      const at = argPos[i] ?? pos;
      if (typeof ix !== "number" || !Number.isInteger(ix)) {
        this.fail(`cannot index with ${typeOfValue(ix)}`, at);
      }
      if (Array.isArray(v)) {
        if (ix < 0 || ix >= v.length) this.fail(`index out of range: ${ix}`, at);
        v = v[ix];
      } else if (typeof v === "string") {
        const bytes = utf8Bytes(v);
        if (ix < 0 || ix >= bytes.length) this.fail(`index out of range: ${ix}`, at);
        v = bytes[ix];
      } else {
        this.fail(`can't index item of type ${typeOfValue(v)}`, argPos[0] ?? pos);
      }
    }
    return v;
  }
}

function comparableKind(v: TemplateValue): "string" | "number" | "bool" | undefined {
  if (typeof v === "string") return "string";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  return undefined;
}

/** Go's fmt.Sprint: a space is added between operands when neither is a string. */
function goSprint(args: readonly TemplateValue[]): string {
  let out = "";
  for (let i = 0; i < args.length; i++) {
    if (i > 0 && typeof args[i] !== "string" && typeof args[i - 1] !== "string") out += " ";
    out += formatValue(args[i]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Public entry

/**
 * Compiles a template, checking syntax, variables, functions, argument counts and fields.
 *
 * @example
 * ```ts
 * import { compileTemplate } from "./_template.ts";
 * const t = compileTemplate("{{.Name}}_{{.Source}}", { fields: { Name: "string", Source: "string" } });
 * t.execute({ Name: "Pet", Source: "petstore" }); // "Pet_petstore"
 * ```
 * @throws {TemplateError} when the template is invalid; the error gives line and column.
 */
export function compileTemplate(source: string, options: CompileOptions): CompiledTemplate {
  const label = options.label ?? "template";
  const typeName = options.typeName ?? "data";
  const funcs = options.funcs ?? {};
  const fail = (msg: string, pos: number): never => {
    throw new TemplateError(msg, { template: source, offset: pos, label });
  };
  for (const name of Object.keys(funcs)) {
    if (Object.hasOwn(BUILTIN_ARITY, name)) {
      throw new TypeError(`template function ${JSON.stringify(name)} would shadow a built-in function`);
    }
  }
  const tokens = new Lexer(source, fail).run();
  const parser = new Parser(tokens, { fields: options.fields, typeName, label, funcs }, fail);
  const nodes = parser.parseTemplate();
  return {
    source,
    execute(data: { readonly [field: string]: TemplateValue }): string {
      return new Executor(funcs, options.fields, typeName, fail, data).run(nodes, data);
    },
  };
}

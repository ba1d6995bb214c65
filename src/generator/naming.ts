/**
 * Go identifiers from document names: exported names in PascalCase (with Go's initialisms), package-name
 * checks, and a registry that keeps generated names unique and deterministic.
 *
 * @module
 */
import { pascalCase, splitWords } from "../template/mod.ts";
import { GO_DIGITS, GO_LETTERS, GO_UPPER } from "./_go_unicode.ts";

/** Go's keywords: never usable as identifiers. */
export const GO_KEYWORDS: ReadonlySet<string> = new Set([
  "break",
  "case",
  "chan",
  "const",
  "continue",
  "default",
  "defer",
  "else",
  "fallthrough",
  "for",
  "func",
  "go",
  "goto",
  "if",
  "import",
  "interface",
  "map",
  "package",
  "range",
  "return",
  "select",
  "struct",
  "switch",
  "type",
  "var",
]);

/** Predeclared identifiers a package name should not shadow. */
const PREDECLARED = new Set([
  "bool",
  "byte",
  "error",
  "string",
  "int",
  "uint",
  "rune",
  "float32",
  "float64",
  "true",
  "false",
  "nil",
  "iota",
  "len",
  "cap",
  "new",
  "make",
  "append",
  "copy",
  "delete",
  "panic",
  "recover",
  "print",
  "println",
  "close",
  "complex",
  "real",
  "imag",
  "any",
  "main",
]);

/** Words written in capitals in Go names (`ID`, `URL`, `HTTP`). */
const INITIALISMS = new Set([
  "ACL",
  "API",
  "ASCII",
  "CPU",
  "CSS",
  "DNS",
  "EOF",
  "GUID",
  "HTML",
  "HTTP",
  "HTTPS",
  "ID",
  "IP",
  "JSON",
  "LHS",
  "QPS",
  "RAM",
  "RHS",
  "RPC",
  "SLA",
  "SMTP",
  "SQL",
  "SSH",
  "TCP",
  "TLS",
  "TTL",
  "UDP",
  "UI",
  "UID",
  "UUID",
  "URI",
  "URL",
  "UTF8",
  "VM",
  "XML",
  "XMPP",
  "XSRF",
  "XSS",
]);

/** Whether `name` is a valid Go package name as the spec asks: lower case letters and digits, a letter first. */
export function isGoPackageName(name: string): boolean {
  return /^[a-z][a-z0-9_]*$/.test(name) && !GO_KEYWORDS.has(name) && !PREDECLARED.has(name);
}

/**
 * An exported Go identifier for a document name: words in PascalCase, initialisms in capitals, other
 * characters dropped, a leading digit prefixed with `N`; `fallback` when nothing is left.
 */
export function goName(name: string, fallback = "Value"): string {
  let cache = nameCache.get(fallback);
  let out = cache?.get(name);
  if (out === undefined) {
    out = computeGoName(name, fallback);
    if (cached >= 50_000) {
      nameCache.clear();
      cached = 0;
      cache = undefined;
    }
    if (cache === undefined) {
      cache = new Map();
      nameCache.set(fallback, cache);
    }
    cache.set(name, out);
    cached++;
  }
  return out;
}

/** Per fallback, per name: the Go name; at most 50,000 names in all (then it starts again). */
const nameCache = new Map<string, Map<string, string>>();
let cached = 0;

function computeGoName(name: string, fallback: string): string {
  if (!NON_ASCII.test(name)) {
    // A hint built from a Go name and a document name ("Pet owner"): its words are those of its space-separated
    // parts (no word crosses a space), and the parts come back again and again.
    const words = name.includes(" ") ? name.split(" ").map(asciiWordsOf).join("") : asciiWords(name);
    if (words !== "") return isDigit(words.charCodeAt(0)) ? "N" + words : words;
  }
  // Letters and digits as Go's tables (Unicode 13 for Go 1.19) know them: a newer letter is dropped like any
  // character Go does not accept in an identifier, before and after the change of case.
  const words = splitWords(goIdentifierChars(name, " ", false));
  let out = "";
  for (const w of words) {
    const upper = w.toUpperCase();
    out += INITIALISMS.has(upper) ? upper : pascalCase(w);
  }
  out = goIdentifierChars(out, "", true);
  if (out === "") out = fallback;
  const first = out.codePointAt(0)!;
  if (inTable(GO_DIGIT_TABLE, first)) out = "N" + out;
  else if (!inTable(GO_UPPER_TABLE, first)) out = "X" + out;
  return out;
}

/**
 * `text` with each run of code points that are not a letter or digit (as Go's tables say; `_` too when
 * `underscore`) as `by`.
 */
function goIdentifierChars(text: string, by: string, underscore: boolean): string {
  let out = "";
  let dropped = false;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const ok = c < 0x80
      ? (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (underscore && c === 0x5f)
      : inTable(GO_LETTER_TABLE, c) || inTable(GO_DIGIT_TABLE, c);
    if (ok) {
      if (dropped) out += by;
      dropped = false;
      out += ch;
    } else dropped = true;
  }
  return dropped ? out + by : out;
}

/** Ranges (start, end, start, end, …) from the `start-end` or `point` hexadecimal entries of {@link GO_LETTERS}. */
function rangeTable(ranges: string): Uint32Array {
  const out: number[] = [];
  for (const entry of ranges.split(" ")) {
    const dash = entry.indexOf("-");
    const start = parseInt(dash === -1 ? entry : entry.slice(0, dash), 16);
    out.push(start, dash === -1 ? start : parseInt(entry.slice(dash + 1), 16));
  }
  return Uint32Array.from(out);
}

const GO_LETTER_TABLE = rangeTable(GO_LETTERS);
const GO_DIGIT_TABLE = rangeTable(GO_DIGITS);
const GO_UPPER_TABLE = rangeTable(GO_UPPER);

/** Whether a code point is in a range table (binary search). */
function inTable(table: Uint32Array, c: number): boolean {
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < table[2 * mid]) hi = mid - 1;
    else if (c > table[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Whether Go (1.19, Unicode 13) reads a code point as a letter in an identifier. */
export function isGoLetter(c: number): boolean {
  return c === 0x5f || inTable(GO_LETTER_TABLE, c);
}

/**
 * Whether `name` is a Go identifier as written (Go 1.19's letters and digits, a letter or `_` first), not a
 * keyword, not the blank identifier; `exported` also asks for an upper-case first letter.
 */
export function isGoIdentifier(name: string, exported = false): boolean {
  if (name === "" || name === "_" || name.length > 200 || GO_KEYWORDS.has(name)) return false;
  let first = true;
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (first) {
      if (!isGoLetter(c) || (exported && !inTable(GO_UPPER_TABLE, c))) return false;
      first = false;
    } else if (!isGoLetter(c) && !inTable(GO_DIGIT_TABLE, c)) return false;
  }
  return true;
}

const NON_ASCII = /[\u0080-\uffff]/;

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Per ASCII part of a hint, its words (see {@link asciiWords}); at most 50,000 parts (then it starts again). */
const wordsCache = new Map<string, string>();

function asciiWordsOf(part: string): string {
  let out = wordsCache.get(part);
  if (out === undefined) {
    out = asciiWords(part);
    if (wordsCache.size >= 50_000) wordsCache.clear();
    wordsCache.set(part, out);
  }
  return out;
}

/**
 * The words of an ASCII name as {@link computeGoName} makes them, without regular expressions (the same words
 * as `splitWords`: a run of capitals before a capitalised word, a word with an optional capital then lower case
 * and digits, a run of capitals and digits, a run of digits), each in PascalCase or an initialism, joined; ""
 * when the name has no letter or digit. The caller adds the `N` before a leading digit.
 */
function asciiWords(name: string): string {
  let out = "";
  let i = 0;
  const n = name.length;
  while (i < n) {
    const c = name.charCodeAt(i);
    let end: number;
    if (isUpper(c)) {
      let j = i + 1;
      while (j < n && isUpper(name.charCodeAt(j))) j++;
      if (j - i >= 2 && j < n && isLower(name.charCodeAt(j))) end = j - 1;
      else if (j === i + 1 && j < n && isLower(name.charCodeAt(j))) {
        end = j + 1;
        while (end < n && isLower(name.charCodeAt(end))) end++;
        while (end < n && isDigit(name.charCodeAt(end))) end++;
      } else {
        end = j;
        while (end < n && isDigit(name.charCodeAt(end))) end++;
      }
    } else if (isLower(c)) {
      end = i + 1;
      while (end < n && isLower(name.charCodeAt(end))) end++;
      while (end < n && isDigit(name.charCodeAt(end))) end++;
    } else if (isDigit(c)) {
      end = i + 1;
      while (end < n && isDigit(name.charCodeAt(end))) end++;
    } else {
      i++;
      continue;
    }
    const word = name.slice(i, end);
    const upper = word.toUpperCase();
    out += INITIALISMS.has(upper) ? upper : upper[0] + word.slice(1).toLowerCase();
    i = end;
  }
  return out;
}

/** An unexported Go identifier (a local variable or parameter name): camel case, never a keyword. */
export function goLocal(name: string): string {
  const exported = goName(name, "value");
  let out = exported.replace(/^(\p{Lu}+)(?=\p{Lu}\p{Ll})|^\p{Lu}+$|^\p{Lu}/u, (m) => m.toLowerCase());
  if (GO_KEYWORDS.has(out) || PREDECLARED.has(out)) out += "Value";
  return out;
}

/** Hands out unique identifiers: a name already taken gets the lowest free numeric suffix (`Pet2`). */
export class NameRegistry {
  /** The names taken while they are few (a struct's fields): a list, cheaper than a set to make and search. */
  #few: string[] | undefined = [];
  /** The names taken once they are many. */
  #many: Set<string> | undefined;
  /** Per name asked for, the next suffix to try (so many takes of one name stay linear). */
  #next: Map<string, number> | undefined;

  /** A registry with `reserved` names already taken. */
  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.#add(r);
  }

  /** Takes `name`, or the first of `name2`, `name3`, … that is free. */
  take(name: string): string {
    let candidate = name;
    if (this.has(candidate)) {
      this.#next ??= new Map();
      let n = this.#next.get(name) ?? 2;
      do candidate = `${name}${n++}`; while (this.has(candidate));
      this.#next.set(name, n);
    }
    this.#insert(candidate);
    return candidate;
  }

  /** Whether a name is taken. */
  has(name: string): boolean {
    return this.#few !== undefined ? this.#few.includes(name) : this.#many!.has(name);
  }

  #add(name: string): void {
    if (!this.has(name)) this.#insert(name);
  }

  /** Adds a name not taken yet. */
  #insert(name: string): void {
    if (this.#few === undefined) {
      this.#many!.add(name);
      return;
    }
    this.#few.push(name);
    if (this.#few.length > 16) {
      this.#many = new Set(this.#few);
      this.#few = undefined;
    }
  }
}

/**
 * The package-level identifiers Go source declares (`func F`, `type T`, `var V`, `const C`, and each name of a
 * `var (`/`const (`/`type (` block), in order; methods are not package-level and are left out. Used to reserve
 * the names of the generator's runtime code in the package-wide {@link NameRegistry}.
 */
export function declaredNames(code: string): string[] {
  const out: string[] = [];
  let block = false;
  for (const line of code.split("\n")) {
    if (block) {
      if (line === ")") block = false;
      else {
        const m = /^\t([\p{L}_][\p{L}\p{Nd}_]*)(?:[ ,=\t]|$)/u.exec(line);
        if (m !== null) out.push(m[1]);
      }
      continue;
    }
    const m = /^(?:func|type|var|const) ([\p{L}_][\p{L}\p{Nd}_]*)/u.exec(line);
    if (m !== null) out.push(m[1]);
    else if (/^(?:var|const|type) \($/.test(line)) block = true;
  }
  return out;
}

/** A file-name part for a group (tag or path segment): snake_case ASCII, `default` when empty. */
export function fileGroupName(name: string): string {
  const words = splitWords(name.replace(/[^A-Za-z0-9]+/g, " ")).map((w) => w.toLowerCase());
  const joined = words.join("_");
  return joined === "" ? "default" : joined;
}

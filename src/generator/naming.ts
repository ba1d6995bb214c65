/**
 * Go identifiers from document names: exported names in PascalCase (with Go's initialisms), package-name
 * checks, and a registry that keeps generated names unique and deterministic.
 *
 * @module
 */
import { pascalCase, splitWords } from "../template/case.ts";

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
  const words = splitWords(name.replace(/[^\p{L}\p{Nd}]+/gu, " "));
  let out = "";
  for (const w of words) {
    const upper = w.toUpperCase();
    out += INITIALISMS.has(upper) ? upper : pascalCase(w);
  }
  out = out.replace(/[^\p{L}\p{Nd}_]/gu, "");
  if (out === "") out = fallback;
  if (/^\p{Nd}/u.test(out)) out = "N" + out;
  if (!/^\p{Lu}/u.test(out)) out = "X" + out;
  return out;
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

/** A file-name part for a group (tag or path segment): snake_case ASCII, `default` when empty. */
export function fileGroupName(name: string): string {
  const words = splitWords(name.replace(/[^A-Za-z0-9]+/g, " ")).map((w) => w.toLowerCase());
  const joined = words.join("_");
  return joined === "" ? "default" : joined;
}

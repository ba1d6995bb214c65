/**
 * I-Regexp (RFC 9485) support for the `match` and `search` functions: a pattern is checked against the I-Regexp
 * grammar and translated following RFC 9485 §5.3 (an unescaped `.` outside a character class becomes
 * `[^\n\r]`), then run by RE2JS, a pure-JavaScript port of RE2: matching takes time linear in the input,
 * whatever the pattern (`(a+)+$` cannot backtrack). The translated syntax is common to ECMAScript and RE2.
 *
 * The compiled program is bounded too: a pattern whose repetitions would expand to more than
 * {@link MAX_REGEX_PROGRAM} steps, or with a repetition count above RE2's 1,000, is refused with a
 * {@link JsonPathLimitError} rather than compiled.
 */
import { RE2JS } from "re2js";
import { JsonPathLimitError } from "./json_path_limit_error.ts";

/** General categories allowed in `\p{…}` / `\P{…}` (RFC 9485 §3, `IsCategory`). */
const CATEGORIES = new Set([
  "L",
  "Ll",
  "Lm",
  "Lo",
  "Lt",
  "Lu",
  "M",
  "Mc",
  "Me",
  "Mn",
  "N",
  "Nd",
  "Nl",
  "No",
  "P",
  "Pc",
  "Pd",
  "Pe",
  "Pf",
  "Pi",
  "Po",
  "Ps",
  "Z",
  "Zl",
  "Zp",
  "Zs",
  "S",
  "Sc",
  "Sk",
  "Sm",
  "So",
  "C",
  "Cc",
  "Cf",
  "Cn",
  "Co",
]); // deno-fmt-ignore

/** Characters that may follow `\` as a single-character escape (`SingleCharEsc`). */
const SINGLE_CHAR_ESCAPES = new Set(["(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "n", "r", "t", "{", "|", "}"]);

/** Largest repetition count RE2 compiles (`{1000}`). */
export const MAX_REGEX_REPEAT = 1000;
/** Largest estimated compiled size (instructions, repetitions expanded) of one pattern. */
export const MAX_REGEX_PROGRAM = 10_000;

/** A compiled I-Regexp: tests a string in time linear in its length. */
export interface IRegexp {
  /** True when the pattern matches (the whole input for `match`, a substring for `search`). */
  test(input: string): boolean;
}

const MAX_CACHE = 256;
const fullCache = new Map<string, IRegexp | null>();
const partialCache = new Map<string, IRegexp | null>();

/**
 * Compiles an I-Regexp. `full` anchors it to the whole input (for `match`); otherwise it finds a substring
 * (for `search`). Returns null when the pattern is not a valid I-Regexp.
 * @throws {JsonPathLimitError} when the pattern is valid but too large to compile (see the module doc).
 */
export function compileIRegexp(pattern: string, full: boolean): IRegexp | null {
  const cache = full ? fullCache : partialCache;
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: IRegexp | null = null;
  const source = translateIRegexp(pattern);
  if (source !== null) {
    const size = estimateProgramSize(pattern);
    if (size > MAX_REGEX_PROGRAM) {
      throw new JsonPathLimitError(
        `the regular expression ${
          JSON.stringify(abbreviate(pattern))
        } is too large for linear-time matching ` +
          `(its repetitions expand to about ${size} steps, over the budget of ${MAX_REGEX_PROGRAM}; ` +
          `repetition counts may be at most ${MAX_REGEX_REPEAT}); simplify the pattern.`,
        "regex",
        MAX_REGEX_PROGRAM,
      );
    }
    try {
      const re = RE2JS.compile(source);
      compiled = full ? { test: (input) => re.matches(input) } : { test: (input) => re.test(input) };
    } catch {
      compiled = null; // for example a reversed range `[z-a]`
    }
  }
  if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, compiled);
  return compiled;
}

function abbreviate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Estimates the size of the compiled program of a valid I-Regexp, with every bounded repetition expanded as
 * RE2 expands it (`x{2,5}` is five copies of `x`). One pass, no recursion; counts above
 * {@link MAX_REGEX_REPEAT} make the estimate exceed {@link MAX_REGEX_PROGRAM}.
 */
function estimateProgramSize(pattern: string): number {
  // Per open group: size of the alternatives closed so far, of the current sequence, and of its last atom.
  const frames: { alternatives: number; sequence: number; last: number }[] = [
    { alternatives: 0, sequence: 0, last: 0 },
  ];
  let top = frames[0];
  const atom = (size: number) => {
    top.sequence += size;
    top.last = size;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      if (pattern[i] === "p" || pattern[i] === "P") i = pattern.indexOf("}", i);
      atom(1);
    } else if (c === "[") {
      i++;
      if (pattern[i] === "]" || pattern[i] === "^") i++;
      while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
      atom(1);
    } else if (c === "(") {
      top = { alternatives: 0, sequence: 0, last: 0 };
      frames.push(top);
    } else if (c === ")") {
      const group = frames.pop()!;
      top = frames[frames.length - 1];
      atom(group.alternatives + group.sequence + 1);
    } else if (c === "|") {
      top.alternatives += top.sequence + 1;
      top.sequence = 0;
      top.last = 0;
    } else if (c === "*" || c === "+" || c === "?") {
      top.sequence += 1;
      top.last += 1;
    } else if (c === "{") {
      const end = pattern.indexOf("}", i);
      const [low, high] = pattern.slice(i + 1, end).split(",");
      const min = Number(low);
      const max = high === undefined ? min : high === "" ? min + 1 : Number(high);
      const copies = Math.max(min, max, 1);
      if (min > MAX_REGEX_REPEAT || max > MAX_REGEX_REPEAT) return MAX_REGEX_PROGRAM + copies;
      top.sequence += top.last * (copies - 1) + 1;
      top.last *= copies;
      i = end;
    } else {
      atom(1);
    }
  }
  return top.alternatives + top.sequence;
}

/**
 * Translates an I-Regexp to pattern source for RE2 (also valid ECMAScript with the `u` flag), or returns null
 * when it is not an I-Regexp.
 */
export function translateIRegexp(pattern: string): string | null {
  let out = "";
  let i = 0;
  let depth = 0;
  let quantifiable = false;
  const n = pattern.length;
  while (i < n) {
    const c = pattern[i];
    switch (c) {
      case "(":
        out += "(?:";
        depth++;
        quantifiable = false;
        i++;
        break;
      case ")":
        if (depth === 0) return null;
        out += ")";
        depth--;
        quantifiable = true;
        i++;
        break;
      case "|":
        out += "|";
        quantifiable = false;
        i++;
        break;
      case "*":
      case "+":
      case "?":
        if (!quantifiable) return null;
        out += c;
        quantifiable = false;
        i++;
        break;
      case "{": {
        if (!quantifiable) return null;
        const m = /^\{([0-9]+)(,([0-9]*))?\}/.exec(pattern.slice(i));
        if (m === null) return null;
        out += m[0];
        quantifiable = false;
        i += m[0].length;
        break;
      }
      case ".":
        out += "[^\\n\\r]";
        quantifiable = true;
        i++;
        break;
      case "[": {
        const cls = translateClass(pattern, i);
        if (cls === null) return null;
        out += cls.source;
        i = cls.end;
        quantifiable = true;
        break;
      }
      case "\\": {
        const esc = translateEscape(pattern, i, false);
        if (esc === null) return null;
        out += esc.source;
        i = esc.end;
        quantifiable = true;
        break;
      }
      case "]":
      case "}":
        return null;
      default: {
        // NormalChar. `^` and `$` are passed through, as RFC 9485 §5.3 maps them.
        const cp = pattern.codePointAt(i) as number;
        const width = cp > 0xffff ? 2 : 1;
        out += pattern.slice(i, i + width);
        i += width;
        quantifiable = true;
      }
    }
  }
  return depth === 0 ? out : null;
}

/** Translates an escape starting at `start` (the backslash). Inside a class, `\-` stays escaped. */
function translateEscape(
  pattern: string,
  start: number,
  inClass: boolean,
): { source: string; end: number; isClassEscape: boolean } | null {
  const c = pattern[start + 1];
  if (c === undefined) return null;
  if (SINGLE_CHAR_ESCAPES.has(c)) {
    const source = c === "-" ? (inClass ? "\\-" : "-") : `\\${c}`;
    return { source, end: start + 2, isClassEscape: false };
  }
  if (c === "p" || c === "P") {
    const m = /^\{([A-Za-z]{1,2})\}/.exec(pattern.slice(start + 2));
    if (m === null || !CATEGORIES.has(m[1])) return null;
    return { source: `\\${c}{${m[1]}}`, end: start + 2 + m[0].length, isClassEscape: true };
  }
  return null;
}

/** One class member character (`CCchar`): a literal or a single-character escape. */
function classChar(pattern: string, at: number): { source: string; end: number } | null {
  const c = pattern[at];
  if (c === undefined || c === "-" || c === "[" || c === "]") return null;
  if (c === "\\") {
    const esc = translateEscape(pattern, at, true);
    if (esc === null || esc.isClassEscape) return null;
    return { source: esc.source, end: esc.end };
  }
  const cp = pattern.codePointAt(at) as number;
  const width = cp > 0xffff ? 2 : 1;
  const literal = pattern.slice(at, at + width);
  return { source: literal === "^" ? "\\^" : literal, end: at + width };
}

/** Translates a character class expression starting at `start` (the `[`). */
function translateClass(pattern: string, start: number): { source: string; end: number } | null {
  let i = start + 1;
  let out = "[";
  if (pattern[i] === "^") {
    out += "^";
    i++;
  }
  let items = 0;
  if (pattern[i] === "-") {
    out += "\\-";
    i++;
    items++;
  }
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "]") {
      if (items === 0) return null;
      return { source: out + "]", end: i + 1 };
    }
    if (c === "-") {
      // Only allowed as the last character of the class.
      if (items === 0 || pattern[i + 1] !== "]") return null;
      out += "\\-";
      i++;
      continue;
    }
    if (c === "\\" && (pattern[i + 1] === "p" || pattern[i + 1] === "P")) {
      const esc = translateEscape(pattern, i, true);
      if (esc === null) return null;
      out += esc.source;
      i = esc.end;
      items++;
      continue;
    }
    const first = classChar(pattern, i);
    if (first === null) return null;
    out += first.source;
    i = first.end;
    items++;
    if (pattern[i] === "-" && pattern[i + 1] !== "]" && pattern[i + 1] !== undefined) {
      const last = classChar(pattern, i + 1);
      if (last === null) return null;
      out += "-" + last.source;
      i = last.end;
    }
  }
  return null;
}

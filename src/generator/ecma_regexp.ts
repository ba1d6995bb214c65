/**
 * ECMA-262 patterns (what JSON Schema's `pattern` means) as Go RE2 patterns, where the translation is exact:
 * `.` and `\s`/`\S` with ECMA's sets, `\uXXXX` and `\u{…}` as `\x{…}`, `(?<name>` as `(?P<name>`, `\0` and
 * `\cX` as code points, `[^]`/`[]`, a `-` next to a class escape (`[\s-z]`) as a literal `-`, property escapes
 * (`\p{Letter}`, `\p{Script=Greek}`, u mode only) by Go's names. Lookaround, backreferences, repetition counts
 * above RE2's 1000 and properties Go's tables lack have no RE2 equivalent: the result says why, and the caller
 * skips the check. Every translation is then held to Go's own rules ({@link goRegexpProblem}): a pattern this
 * returns compiles with Go 1.19's `regexp.MustCompile`.
 *
 * @module
 */
import { GO_PROPERTY_NAMES, goRegexpProblem } from "./go_regexp.ts";

/** A translated pattern, or why there is none. */
export type Re2Result = { ok: true; pattern: string } | { ok: false; reason: string };

/** ECMA's white space and line terminators (`\s`), as RE2 class items. */
const SPACE =
  "\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";
/** ECMA's `.` (without the `s` flag): anything but a line terminator. */
const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";
const HEX = /^[0-9A-Fa-f]$/;
const MAX_PATTERN = 10_000;

/** Translates an ECMA-262 pattern (no flags) to RE2 syntax, exactly, or says why it cannot. */
export function ecmaToRe2(source: string): Re2Result {
  if (source.length > MAX_PATTERN) {
    return { ok: false, reason: `it is longer than ${MAX_PATTERN} characters` };
  }
  if (!validEcma(source)) return { ok: false, reason: "it is not a valid ECMA-262 regular expression" };
  let out = "";
  let inClass = false;
  /** Whether the last item of the current class is a class escape (`\d`, `\s`, `\p{…}`): no range starts there. */
  let afterClassEscape = false;
  let i = 0;
  const fail = (reason: string): Re2Result => ({ ok: false, reason });
  while (i < source.length) {
    const c = source[i];
    if (c === "\\") {
      const n = source[i + 1];
      if (n === undefined) return fail("it ends with a lone backslash");
      if (/[1-9]/.test(n) && !inClass) return fail("it uses a backreference");
      if (n === "k" && source[i + 2] === "<") return fail("it uses a named backreference");
      if (n === "u") {
        if (source[i + 2] === "{") {
          const end = source.indexOf("}", i + 3);
          const hex = end === -1 ? "" : source.slice(i + 3, end);
          if (!/^[0-9A-Fa-f]{1,6}$/.test(hex) || !scalar(hex)) return fail("it has an invalid \\u{…} escape");
          out += `\\x{${hex}}`;
          i = end + 1;
          continue;
        }
        const hex = source.slice(i + 2, i + 6);
        if (hex.length === 4 && [...hex].every((h) => HEX.test(h)) && scalar(hex)) {
          out += `\\x{${hex}}`;
          i += 6;
          continue;
        }
        return fail("it has an invalid \\u escape");
      }
      if (n === "x") {
        const hex = source.slice(i + 2, i + 4);
        if (hex.length !== 2 || ![...hex].every((h) => HEX.test(h))) {
          return fail("it has an invalid \\x escape");
        }
        out += `\\x{${hex}}`;
        i += 4;
        continue;
      }
      if (n === "c") {
        const letter = source[i + 2];
        if (letter === undefined || !/[A-Za-z]/.test(letter)) return fail("it has an invalid \\c escape");
        out += `\\x{${(letter.charCodeAt(0) % 32).toString(16)}}`;
        i += 3;
        continue;
      }
      if (n === "0" && !/[0-9]/.test(source[i + 2] ?? "")) {
        out += "\\x{0}";
        i += 2;
        continue;
      }
      if (n === "s") {
        out += inClass ? SPACE : `[${SPACE}]`;
        i += 2;
        afterClassEscape = inClass;
        continue;
      }
      if (n === "S") {
        if (inClass) return fail("it uses \\S inside a character class");
        out += `[^${SPACE}]`;
        i += 2;
        continue;
      }
      if (n === "p" || n === "P") {
        const m = /^\{([A-Za-z_]+)(?:=([A-Za-z_]+))?\}/.exec(source.slice(i + 2));
        const name = m === null ? undefined : goProperty(m[1], m[2]);
        if (name === undefined || !unicodeMode(source)) {
          return fail(`it uses a Unicode property Go's regexp does not know (${source.slice(i, i + 40)})`);
        }
        out += `\\${n}{${name}}`;
        i += 2 + m![0].length;
        afterClassEscape = inClass;
        continue;
      }
      if (n === "b" && inClass) {
        out += "\\x{8}";
        i += 2;
        continue;
      }
      if (/[dDwWbBtnrfv]/.test(n)) {
        out += n === "v" ? "\\x{b}" : "\\" + n;
        i += 2;
        afterClassEscape = inClass && /[dDwW]/.test(n);
        continue;
      }
      if (/[\^$\\.*+?()[\]{}|\/-]/.test(n)) {
        out += n === "/" ? "/" : "\\" + n;
        i += 2;
        continue;
      }
      if (/[A-Za-z0-9]/.test(n)) return fail(`it uses the escape \\${n}`);
      // An identity escape of another character: the character itself.
      out += literal(n);
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      if (c === "[") out += "\\[";
      else if (c === "-" && (afterClassEscape || classEscapeAt(source, i + 1))) {
        // ECMA reads [\s-z] and [a-\d] as a class escape, "-" and a character; RE2 would read a range.
        out += "\\-";
      } else out += c;
      afterClassEscape = false;
      i++;
      continue;
    }
    if (c === "[") {
      if (source.startsWith("[^]", i)) {
        out += "(?s:.)";
        i += 3;
        continue;
      }
      if (source.startsWith("[]", i)) {
        out += "[^\\x{0}-\\x{10ffff}]";
        i += 2;
        continue;
      }
      inClass = true;
      out += "[";
      i++;
      if (source[i] === "^") {
        out += "^";
        i++;
      }
      if (source[i] === "]") return fail("it has a character class RE2 reads differently");
      continue;
    }
    if (c === "(" && source[i + 1] === "?") {
      const rest = source.slice(i + 2);
      if (rest.startsWith(":")) {
        out += "(?:";
        i += 3;
        continue;
      }
      if (rest.startsWith("=") || rest.startsWith("!") || rest.startsWith("<=") || rest.startsWith("<!")) {
        return fail("it uses a lookaround assertion");
      }
      const m = /^<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      if (m !== null) {
        out += `(?P<${m[1]}>`;
        i += 2 + m[0].length;
        continue;
      }
      return fail("it uses a group RE2 does not know");
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (m !== null) {
        // (Counts over 1000, also as the product of nested counts, are refused by the Go check below.)
        out += m[0];
        i += m[0].length;
        continue;
      }
      out += "\\{";
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      out += "\\" + c;
      i++;
      continue;
    }
    if (c === ".") {
      out += DOT;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  if (inClass) return fail("it has an unclosed character class");
  // The translation is exact; whether Go compiles it is Go's rules (counts, nesting, size, property names).
  const problem = goRegexpProblem(out);
  if (problem !== undefined) return fail(problem);
  return { ok: true, pattern: out };
}

/** Whether a pattern compiles as an ECMA-262 regular expression (with or without the `u` flag). */
function validEcma(source: string): boolean {
  for (const flags of ["u", ""]) {
    try {
      new RegExp(source, flags);
      return true;
    } catch {
      // try the other mode
    }
  }
  return false;
}

/** Whether a class escape (`\d`, `\D`, `\s`, `\S`, `\w`, `\W`, `\p`, `\P`) starts at `i`. */
function classEscapeAt(source: string, i: number): boolean {
  return source[i] === "\\" && /[dDsSwWpP]/.test(source[i + 1] ?? "");
}

/** Whether the pattern is valid with the `u` flag (where `\p{…}` is a property, not the letter `p`). */
function unicodeMode(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

/** ECMA-262's long names of the general categories, as Go's short names (Go knows no `LC` nor `Cn`). */
const CATEGORY_NAMES: Record<string, string> = {
  Letter: "L",
  Uppercase_Letter: "Lu",
  Lowercase_Letter: "Ll",
  Titlecase_Letter: "Lt",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Mark: "M",
  Combining_Mark: "M",
  Nonspacing_Mark: "Mn",
  Spacing_Mark: "Mc",
  Enclosing_Mark: "Me",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Connector_Punctuation: "Pc",
  Dash_Punctuation: "Pd",
  Open_Punctuation: "Ps",
  Close_Punctuation: "Pe",
  Initial_Punctuation: "Pi",
  Final_Punctuation: "Pf",
  Other_Punctuation: "Po",
  Symbol: "S",
  Math_Symbol: "Sm",
  Currency_Symbol: "Sc",
  Modifier_Symbol: "Sk",
  Other_Symbol: "So",
  Separator: "Z",
  Space_Separator: "Zs",
  Line_Separator: "Zl",
  Paragraph_Separator: "Zp",
  Other: "C",
  Control: "Cc",
  cntrl: "Cc",
  Format: "Cf",
  Surrogate: "Cs",
  Private_Use: "Co",
};

/**
 * The Go name of an ECMA-262 property escape `\p{name}` or `\p{name=value}`: a general category (short or long
 * name, or `gc=`/`General_Category=`), a script by `sc=`/`Script=`, or `Any`; undefined when Go's tables
 * (Unicode 13) have no such class. A name ECMA itself refuses is refused too.
 */
function goProperty(name: string, value: string | undefined): string | undefined {
  let go: string | undefined;
  if (value === undefined) {
    go = name === "Any" ? "Any" : CATEGORY_NAMES[name] ?? (SHORT.test(name) ? name : undefined);
  } else if (name === "gc" || name === "General_Category") {
    go = CATEGORY_NAMES[value] ?? (SHORT.test(value) ? value : undefined);
  } else if (name === "sc" || name === "Script") go = SHORT.test(value) ? undefined : value;
  return go !== undefined && GO_PROPERTY_NAMES.has(go) ? go : undefined;
}

/** A general category's short name (`L`, `Lu`): a script is never written so. */
const SHORT = /^[A-Z][a-z]?$/;

/** Whether a hexadecimal code is a Unicode scalar value (no lone surrogate). */
function scalar(hex: string): boolean {
  const n = parseInt(hex, 16);
  return n <= 0x10ffff && (n < 0xd800 || n > 0xdfff);
}

function literal(ch: string): string {
  return /[\\^$.*+?()[\]{}|-]/.test(ch) ? "\\" + ch : ch;
}

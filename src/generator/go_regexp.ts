/**
 * Whether Go's `regexp.Compile` (Go 1.19, Perl flags) accepts a pattern, decided at generation time so that the
 * generated code calls `regexp.MustCompile` only on patterns that compile. The syntax, repetition counts (at
 * most 1000), nesting depth and size limits are RE2's as re2js (a port of Go's regexp/syntax through RE2/J)
 * checks them; on top of it, the rules where Go 1.19 differs from re2js: the Unicode property names of Go's
 * tables (Unicode 13: general categories such as `L`, `Lu`, scripts such as `Greek`; no `LC`, `Cn`, long names
 * or scripts added later), no `(?<name>` groups (Go 1.22), and valid UTF-8 only. The tests hold the verdicts to
 * `go` itself over a corpus of tricky patterns.
 *
 * @module
 */
import { RE2JS } from "re2js";
import { GO_PROPERTIES } from "./_go_unicode.ts";
import { pathParams } from "./path_params.ts";

/** The names `\p{…}` takes in Go 1.19: `Any`, the general categories and the scripts of Unicode 13. */
export const GO_PROPERTY_NAMES: ReadonlySet<string> = new Set(["Any", ...GO_PROPERTIES.split(" ")]);

/** Why Go 1.19's `regexp.Compile` refuses `pattern`, or undefined when it compiles it. */
export function goRegexpProblem(pattern: string): string | undefined {
  // With the u flag a pair of surrogates is one code point: only a lone surrogate matches.
  if (/[\ud800-\udfff]/u.test(pattern)) {
    return "it is not valid UTF-8 (a lone surrogate)";
  }
  const own = goOnlyProblem(pattern);
  if (own !== undefined) return own;
  try {
    RE2JS.compile(pattern);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const short = message.replace(/^error parsing regexp: /, "").replace(/: `[\s\S]*$/, "");
    if (short === "invalid repeat count") {
      return "its counted repetitions exceed RE2's limit of 1000 (also as the product of nested counts)";
    }
    return `Go's regexp refuses it (${short.slice(0, 80)})`;
  }
  return undefined;
}

/**
 * The rules where Go 1.19 is stricter than re2js, found by one scan that knows escapes, `\Q…\E` quoting and
 * character classes: unknown property names, `(?<name>` groups.
 */
function goOnlyProblem(p: string): string | undefined {
  let inClass = false;
  let i = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === "\\") {
      const n = p[i + 1];
      if (n === "Q") {
        const end = p.indexOf("\\E", i + 2);
        if (end === -1) return undefined; // quoted to the end: no syntax left
        i = end + 2;
        continue;
      }
      if (n === "p" || n === "P") {
        let name: string;
        let next: number;
        if (p[i + 2] === "{") {
          const end = p.indexOf("}", i + 3);
          if (end === -1) return undefined; // re2js refuses it
          name = p.slice(i + 3, end);
          next = end + 1;
        } else {
          name = p[i + 2] ?? "";
          next = i + 3;
        }
        if (name.startsWith("^")) name = name.slice(1);
        if (!GO_PROPERTY_NAMES.has(name)) {
          return `Go's regexp does not know the Unicode class \\p{${name.slice(0, 40)}}`;
        }
        i = next;
        continue;
      }
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === "[" && p[i + 1] === ":") {
        const end = p.indexOf(":]", i + 2);
        if (end !== -1) {
          i = end + 2;
          continue;
        }
      }
      if (c === "]") inClass = false;
      i++;
      continue;
    }
    if (c === "[") {
      inClass = true;
      i++;
      if (p[i] === "^") i++;
      if (p[i] === "]") i++; // a leading ] is a literal
      continue;
    }
    if (c === "(" && p[i + 1] === "?" && p[i + 2] === "<") {
      return "Go 1.19's regexp does not know (?<name> groups";
    }
    i++;
  }
  return undefined;
}

/** Most characters Go's regexp parser holds in a pattern's literals and classes (regexp/syntax's maxRunes). */
const GO_MAX_RUNES = (128 << 20) / 4;

/**
 * Why Go's regexp refuses the {@link pathPattern} of a path template, or undefined when it compiles it. The
 * pattern is `^`, literal runs and one `([^/]*)` per parameter, `$`: no nesting and no repetition count, so Go
 * refuses it only for its number of runes (each literal character one, each `[^/]` four), past 33,554,432 (a
 * path of tens of millions of characters). Counted from above (UTF-16 code units for code points).
 */
export function pathPatternProblem(path: string): string | undefined {
  if (path.length < 1_000_000) return undefined;
  let runes = path.length;
  for (const e of pathParams(path)) runes += 4 - (e.end - e.start);
  // (A margin of 64 for what the count leaves out: Go refuses a path of 33,554,440 characters, not 33,554,420.)
  return runes + 64 > GO_MAX_RUNES ? `Go's regexp refuses more than ${GO_MAX_RUNES} characters` : undefined;
}

/** The regular expression (RE2) of a path template, one group per parameter. */
export function pathPattern(path: string): string {
  let out = "^";
  let last = 0;
  for (const e of pathParams(path)) {
    out += escapeRegExp(path.slice(last, e.start)) + "([^/]*)";
    last = e.end;
  }
  return out + escapeRegExp(path.slice(last)) + "$";
}

function escapeRegExp(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

/**
 * Globs of the walk queries, matched without regular expressions (so no pattern can make a match backtrack
 * for long): API paths and `$ref` targets by segments (`*` one segment or part of one, `**` any number of
 * segments), names by characters (`*` any run of characters, `?` one character).
 *
 * @module
 */

/** A compiled glob: whether a text matches it. */
export type GlobMatcher = (text: string) => boolean;

/** Options of {@link compileGlob}. */
export interface GlobOptions {
  /**
   * Match by `/`-separated segments: `*` matches within one segment, a segment that is exactly `**` matches
   * any number of segments (none included). Otherwise `*` matches any run of characters. @default false
   */
  segments?: boolean;
  /** Compare letters without regard to case. @default false */
  caseInsensitive?: boolean;
}

/**
 * Whether `text` matches the pattern `pattern` where `*` is any run of characters and `?` one character; time
 * proportional to the product of the lengths at worst (the classic backtrack-to-last-star algorithm).
 */
function matchChars(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}

/** Whether the segments match the pattern segments, `**` standing for any number of segments (dynamic programming). */
function matchSegments(pattern: readonly string[], text: readonly string[]): boolean {
  // reach[j]: the first i pattern segments can match the first j text segments.
  let reach = new Uint8Array(text.length + 1);
  reach[0] = 1;
  for (const seg of pattern) {
    const next = new Uint8Array(text.length + 1);
    if (seg === "**") {
      let any = 0;
      for (let j = 0; j <= text.length; j++) {
        any ||= reach[j];
        next[j] = any;
      }
    } else {
      for (let j = 1; j <= text.length; j++) {
        if (reach[j - 1] && matchChars(seg, text[j - 1])) next[j] = 1;
      }
    }
    reach = next;
  }
  return reach[text.length] === 1;
}

/**
 * Compiles a glob. Without wildcards it is an exact comparison (case-insensitive when asked).
 *
 * @example
 * ```ts
 * import { compileGlob } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const m = compileGlob("/repos/*\/pulls/**", { segments: true });
 * assertEquals(m("/repos/{owner}/pulls/{number}/files"), true);
 * assertEquals(m("/repos/{owner}/{repo}/pulls"), false);
 * ```
 */
export function compileGlob(pattern: string, options: GlobOptions = {}): GlobMatcher {
  const fold = options.caseInsensitive === true;
  const p = fold ? pattern.toLowerCase() : pattern;
  const wild = options.segments ? p.includes("*") : p.includes("*") || p.includes("?");
  if (!wild) return fold ? (text) => text.toLowerCase() === p : (text) => text === p;
  if (!options.segments) {
    return fold ? (text) => matchChars(p, text.toLowerCase()) : (text) => matchChars(p, text);
  }
  // `?` is literal in segment globs (paths hold no `?`; a query string is not part of a path template).
  const parts = p.split("/").map((s) => s.replaceAll("?", "\u0000"));
  return (text) => {
    const t = fold ? text.toLowerCase() : text;
    return matchSegments(parts, t.replaceAll("?", "\u0000").split("/"));
  };
}

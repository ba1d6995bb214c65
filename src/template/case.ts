/**
 * Case conversion, shared by rename templates, operation-id templates and code generation: text in snake_case,
 * kebab-case, camelCase, PascalCase, dotted or space-separated form is split into words and joined again.
 *
 * @example
 * ```ts
 * import { convertCase, pascalCase, snakeCase } from "./case.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(pascalCase("user_profile"), "UserProfile");
 * assertEquals(snakeCase("HTTPServer2Go"), "http_server2_go");
 * assertEquals(convertCase("get-user", "camel"), "getUser");
 * ```
 *
 * @module
 */

const WORD = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}]+\p{Nd}*|\p{Lu}+\p{Nd}*|\p{Nd}+/gu;

/**
 * Splits snake_case, kebab-case, camelCase, PascalCase, dotted and space-separated text into words.
 * Upper-case runs are one word (`HTTPServer` → `HTTP`, `Server`); digits stay with the word before them.
 */
export function splitWords(s: string): string[] {
  return s.match(WORD) ?? [];
}

function capitalize(word: string): string {
  const lower = word.toLowerCase();
  const first = String.fromCodePoint(lower.codePointAt(0) ?? 0);
  return first.toUpperCase() + lower.slice(first.length);
}

/** `pascalCase`: `user_profile`, `user-profile`, `userProfile`, `user profile` → `UserProfile`. */
export function pascalCase(s: string): string {
  return splitWords(s).map(capitalize).join("");
}

/** `camelCase`: like {@link pascalCase} with the first word in lower case. */
export function camelCase(s: string): string {
  return splitWords(s).map((w, i) => (i === 0 ? w.toLowerCase() : capitalize(w))).join("");
}

/** `snakeCase`: words in lower case joined by `_`. */
export function snakeCase(s: string): string {
  return splitWords(s).map((w) => w.toLowerCase()).join("_");
}

/** `kebabCase`: words in lower case joined by `-`. */
export function kebabCase(s: string): string {
  return splitWords(s).map((w) => w.toLowerCase()).join("-");
}

/** `upperCase`: the whole text in upper case, unsplit (`getUser` → `GETUSER`). */
export function upperCase(s: string): string {
  return s.toUpperCase();
}

/** `lowerCase`: the whole text in lower case, unsplit (`GetUser` → `getuser`). */
export function lowerCase(s: string): string {
  return s.toLowerCase();
}

/** The names of the case styles of {@link convertCase}. */
export type CaseStyle = "pascal" | "camel" | "snake" | "kebab" | "upper" | "lower";

/** Every case style with its conversion, in a fixed order (for help texts and modifier tables). */
export const CASE_STYLES: Readonly<Record<CaseStyle, (s: string) => string>> = {
  pascal: pascalCase,
  camel: camelCase,
  snake: snakeCase,
  kebab: kebabCase,
  upper: upperCase,
  lower: lowerCase,
};

/** Converts text to a case style by name. */
export function convertCase(s: string, style: CaseStyle): string {
  return CASE_STYLES[style](s);
}

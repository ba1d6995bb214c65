/**
 * The functions of declarative rules (Spectral's names): each takes the value checked, its options (already
 * checked when the policy file was loaded) and a label for messages, and returns what is wrong or undefined.
 * Regular expressions run on RE2 (linear time, whatever the pattern or the value).
 *
 * @module
 */
import { RE2JS } from "re2js";
import { compilePattern, type RuleFunction } from "../../config/mod.ts";
import { shorten } from "../../core/bounded_text.ts";

/** A declarative rule's function: what is wrong with `value`, or undefined. */
export type CheckFunction = (
  value: unknown,
  options: Record<string, unknown>,
  label: string,
) => string | undefined;

/** Values an `enumeration` message lists before it says how many there are. */
const LISTED = 10;

const casings = new Map<string, RE2JS>();

/** The pattern of a casing style (letters, and digits unless `disallowDigits`), compiled once. */
function casing(type: string, digits: boolean): RE2JS {
  const key = `${type}/${digits}`;
  let re = casings.get(key);
  if (re === undefined) {
    const d = digits ? "0-9" : "";
    const separated = (first: string, rest: string, sep: string) =>
      `^${first}[${rest}${d}]*(?:${sep}[${rest}${d}]+)*$`;
    const source: Record<string, string> = {
      flat: `^[a-z][a-z${d}]*$`,
      camel: `^[a-z][a-zA-Z${d}]*$`,
      pascal: `^[A-Z][a-zA-Z${d}]*$`,
      kebab: separated("[a-z]", "a-z", "-"),
      cobol: separated("[A-Z]", "A-Z", "-"),
      snake: separated("[a-z]", "a-z", "_"),
      macro: separated("[A-Z]", "A-Z", "_"),
    };
    re = RE2JS.compile(source[type]);
    casings.set(key, re);
  }
  return re;
}

const patterns = new Map<string, RE2JS>();

function pattern(text: string): RE2JS {
  let re = patterns.get(text);
  if (re === undefined) {
    re = compilePattern(text);
    if (patterns.size > 1000) patterns.clear();
    patterns.set(text, re);
  }
  return re;
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

function shown(value: unknown): string {
  return shorten(JSON.stringify(value) ?? String(value), 60);
}

function sizeOf(value: unknown): number | undefined {
  if (typeof value === "string") {
    let n = 0;
    for (const _ of value) n++;
    return n;
  }
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === "object") return Object.keys(value).length;
  return undefined;
}

const enumeration: CheckFunction = (value, o, label) => {
  const values = o.values as unknown[];
  if (value === undefined || (value !== null && typeof value === "object") || values.includes(value)) {
    return undefined;
  }
  const list = values.slice(0, LISTED).map(shown).join(", ");
  const more = values.length > LISTED ? ` (and ${values.length - LISTED} more)` : "";
  return `${label} must be one of ${list}${more}.`;
};

/** The functions, by name. */
export const CHECK_FUNCTIONS: Record<RuleFunction, CheckFunction> = {
  truthy: (value, _o, label) => truthy(value) ? undefined : `${label} must be set and not empty, false or 0.`,
  falsy: (value, _o, label) => truthy(value) ? `${label} must be absent, empty, false or 0.` : undefined,
  defined: (value, _o, label) => value === undefined ? `${label} must be defined.` : undefined,
  undefined: (value, _o, label) => value === undefined ? undefined : `${label} must not be defined.`,
  pattern: (value, o, label) => {
    if (typeof value !== "string") return undefined;
    if (typeof o.match === "string" && !pattern(o.match).test(value)) {
      return `${label} must match the pattern ${shown(o.match)}.`;
    }
    if (typeof o.notMatch === "string" && pattern(o.notMatch).test(value)) {
      return `${label} must not match the pattern ${shown(o.notMatch)}.`;
    }
    return undefined;
  },
  enumeration,
  enum: enumeration,
  length: (value, o, label) => {
    const size = sizeOf(value);
    if (size === undefined) return undefined;
    const unit = typeof value === "number"
      ? ""
      : typeof value === "string"
      ? " characters long"
      : " items long";
    if (typeof o.min === "number" && size < o.min) return `${label} must be at least ${o.min}${unit}.`;
    if (typeof o.max === "number" && size > o.max) return `${label} must be at most ${o.max}${unit}.`;
    return undefined;
  },
  casing: (value, o, label) => {
    if (typeof value !== "string") return undefined;
    return casing(o.type as string, o.disallowDigits !== true).test(value)
      ? undefined
      : `${label} must be ${o.type} case${o.disallowDigits === true ? " without digits" : ""}.`;
  },
};

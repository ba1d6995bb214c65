/**
 * Declarative rules of the policy file, in Spectral's shape: `given` (RFC 9535 JSONPath), `then` (`field`,
 * `function`, `functionOptions`), `message` and `severity`. This file holds what a declarative rule may say (the
 * functions and their options, the message placeholders) and checks each rule when the file is loaded, so a bad
 * expression or option is reported at its line and column; the validator runs them.
 *
 * @module
 */
import { RE2JS } from "re2js";
import { parseJsonPath } from "../jsonpath/mod.ts";
import { checkAgainst, type SchemaIssue } from "./check.ts";
import { CASING_TYPES, type RuleFunction, type SchemaNode } from "./schema.ts";

/** The placeholders a declarative rule's `message` may use. */
export const MESSAGE_PLACEHOLDERS = ["path", "property", "value", "error", "description"] as const;

/** Longest `message` of a declarative rule, in characters. */
export const MAX_RULE_MESSAGE = 500;

const none: SchemaNode = { type: "object", additionalProperties: false, properties: {} };
const count: SchemaNode = { type: "integer", minimum: 0 };
const regex: SchemaNode = { type: "string", minLength: 1 };

const enumeration: SchemaNode = {
  title: "enumeration options",
  type: "object",
  additionalProperties: false,
  required: ["values"],
  properties: {
    values: {
      type: "array",
      items: { anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }] },
      description: "The values allowed.",
    },
  },
};

/** The `functionOptions` each function takes. */
export const FUNCTION_OPTIONS: Record<RuleFunction, SchemaNode> = {
  truthy: none,
  falsy: none,
  defined: none,
  undefined: none,
  pattern: {
    title: "pattern options",
    type: "object",
    additionalProperties: false,
    properties: {
      match: { ...regex, description: "A regular expression (RE2 syntax, `/re/i` form allowed) to match." },
      notMatch: { ...regex, description: "A regular expression the value must not match." },
    },
  },
  enumeration,
  enum: enumeration,
  length: {
    title: "length options",
    type: "object",
    additionalProperties: false,
    properties: { min: count, max: count },
  },
  casing: {
    title: "casing options",
    type: "object",
    additionalProperties: false,
    required: ["type"],
    properties: {
      type: { type: "string", enum: CASING_TYPES },
      disallowDigits: { type: "boolean" },
    },
  },
};

/** A pattern option as written (`^a`, or `/^a/i` with flags), compiled for linear-time matching by RE2. */
export function compilePattern(text: string): RE2JS {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(text);
  if (slashed === null) return RE2JS.compile(text);
  let flags = 0;
  for (const f of slashed[2]) {
    if (f === "i") flags |= RE2JS.CASE_INSENSITIVE;
    else if (f === "m") flags |= RE2JS.MULTILINE;
    else if (f === "s") flags |= RE2JS.DOTALL;
    else if (f !== "u" && f !== "g") throw new Error(`the flag "${f}" is not supported (i, m, s, u)`);
  }
  return RE2JS.compile(slashed[1], flags);
}

const NAME = /[A-Za-z_$][A-Za-z0-9_$-]*/y;

/**
 * A `given` or `field` JSONPath as the engine reads it: Spectral's union of bare names (`$.paths[*][get,put]`),
 * which RFC 9535 does not allow, is read as the union of quoted names (`$.paths[*]['get','put']`); nothing else
 * is changed.
 */
export function normalizeJsonPath(expression: string): string {
  let out = "";
  let i = 0;
  while (i < expression.length) {
    const c = expression[i];
    if (c === "'" || c === '"') {
      // Copy a string literal as it is.
      let j = i + 1;
      while (j < expression.length && expression[j] !== c) j += expression[j] === "\\" ? 2 : 1;
      out += expression.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === "[") {
      const names = bareNames(expression, i + 1);
      if (names !== undefined) {
        out += `[${names.list.map((n) => `'${n}'`).join(",")}]`;
        i = names.end;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}

/** The bare names of a bracket starting at `from` (`get, put]`), and where the bracket ends; else undefined. */
function bareNames(text: string, from: number): { list: string[]; end: number } | undefined {
  const list: string[] = [];
  let i = from;
  for (;;) {
    while (text[i] === " ") i++;
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (m === null || m[0] === "true" || m[0] === "false" || m[0] === "null") return undefined;
    list.push(m[0]);
    i += m[0].length;
    while (text[i] === " ") i++;
    if (text[i] === "]") return { list, end: i + 1 };
    if (text[i] !== ",") return undefined;
    i++;
  }
}

function jsonPathProblem(expression: string): string | undefined {
  try {
    parseJsonPath(normalizeJsonPath(expression));
    return undefined;
  } catch (error) {
    return `${(error as Error).message}; write an RFC 9535 JSONPath such as "$.paths[*]['get','put']".`;
  }
}

/** A declarative rule is an object with `given` (or `then`). */
export function isDeclarative(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) &&
    ("given" in value || "then" in value);
}

/**
 * The problems of the declarative rules of a policy file's data (top-level `rules:` and each API's), past what
 * the schema checks: `given` and `then` together, JSONPath syntax, each function's options, patterns that
 * compile, message placeholders. Each problem has the path of the offending value.
 */
export function checkDeclarativeRules(data: unknown): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  if (data === null || typeof data !== "object") return out;
  const raw = data as { rules?: unknown; apis?: Record<string, { rules?: unknown }> };
  const sections: [(string | number)[], unknown][] = [[["rules"], raw.rules]];
  for (const [name, api] of Object.entries(raw.apis ?? {})) {
    sections.push([["apis", name, "rules"], api?.rules]);
  }
  for (const [prefix, rules] of sections) {
    if (rules === null || typeof rules !== "object") continue;
    for (const [id, rule] of Object.entries(rules)) {
      if (isDeclarative(rule)) checkRule(rule, [...prefix, id], out);
    }
  }
  return out;
}

function checkRule(rule: Record<string, unknown>, at: (string | number)[], out: SchemaIssue[]): void {
  for (const key of ["given", "then"]) {
    if (!(key in rule)) out.push({ segments: at, message: `a rule with given/then needs "${key}" too.` });
  }
  const given = typeof rule.given === "string" ? [rule.given] : Array.isArray(rule.given) ? rule.given : [];
  given.forEach((g, i) => {
    const problem = typeof g === "string" ? jsonPathProblem(g) : undefined;
    const segments = typeof rule.given === "string" ? [...at, "given"] : [...at, "given", i];
    if (problem !== undefined) out.push({ segments, message: problem });
  });
  const thens = Array.isArray(rule.then) ? rule.then : [rule.then];
  thens.forEach((then, i) => {
    if (then === null || typeof then !== "object") return;
    const here = Array.isArray(rule.then) ? [...at, "then", i] : [...at, "then"];
    checkThen(then as Record<string, unknown>, here, out);
  });
  if (typeof rule.message === "string") checkMessage(rule.message, [...at, "message"], out);
}

function checkThen(then: Record<string, unknown>, at: (string | number)[], out: SchemaIssue[]): void {
  if (typeof then.field === "string" && then.field.startsWith("$")) {
    const problem = jsonPathProblem(then.field);
    if (problem !== undefined) out.push({ segments: [...at, "field"], message: problem });
  }
  const fn = then.function as RuleFunction;
  const schema = FUNCTION_OPTIONS[fn];
  if (schema === undefined) return; // the schema reports an unknown function
  const options = then.functionOptions ?? {};
  const issues = checkAgainst(options, schema);
  for (const issue of issues) {
    out.push({ segments: [...at, "functionOptions", ...issue.segments], message: issue.message });
  }
  if (issues.length > 0) return;
  const o = options as Record<string, unknown>;
  if ((fn === "pattern" && o.match === undefined && o.notMatch === undefined)) {
    out.push({ segments: at, message: "pattern needs functionOptions.match or functionOptions.notMatch." });
  }
  if (fn === "length" && o.min === undefined && o.max === undefined) {
    out.push({ segments: at, message: "length needs functionOptions.min or functionOptions.max." });
  }
  if (fn === "length" && typeof o.min === "number" && typeof o.max === "number" && o.min > o.max) {
    out.push({ segments: [...at, "functionOptions"], message: `min (${o.min}) is above max (${o.max}).` });
  }
  for (const key of ["match", "notMatch"]) {
    if (fn !== "pattern" || typeof o[key] !== "string") continue;
    try {
      compilePattern(o[key] as string);
    } catch (error) {
      out.push({
        segments: [...at, "functionOptions", key],
        message: `the regular expression does not compile (RE2 syntax: no lookaround, no backreferences): ${
          (error as Error).message
        }.`,
      });
    }
  }
}

function checkMessage(message: string, at: (string | number)[], out: SchemaIssue[]): void {
  if (message.length > MAX_RULE_MESSAGE) {
    out.push({ segments: at, message: `the message is longer than ${MAX_RULE_MESSAGE} characters.` });
  }
  for (const m of message.matchAll(/\{\{([^{}]*)\}\}/g)) {
    const name = m[1].trim();
    if (!(MESSAGE_PLACEHOLDERS as readonly string[]).includes(name)) {
      out.push({
        segments: at,
        message: `unknown placeholder {{${name.slice(0, 40)}}}; known: ${
          MESSAGE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")
        }.`,
      });
    }
  }
}

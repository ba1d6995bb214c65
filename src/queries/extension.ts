/**
 * The extension filter of the walk queries: `x-a` (has it), `!x-a` (lacks it), `x-a=v` (equals), `x-a!=v`
 * (differs or is absent), `,` for OR and `+` for AND, AND binding tighter (`x-a+x-b,x-c` is
 * `(x-a AND x-b) OR x-c`).
 *
 * @module
 */
import { OatoolError } from "../core/errors.ts";
import { isObject } from "../core/json.ts";

/** A filter or option of a walk query is malformed (the message names the bad term or value). */
export class WalkFilterError extends OatoolError {
  /**
   * A malformed filter or option (code `WALK_FILTER`).
   *
   * @param message One sentence naming the bad term or value and what to write instead.
   */
  constructor(message: string) {
    super(message, "WALK_FILTER");
  }
}

/** One term of an extension filter. */
export interface ExtensionTerm {
  /** The extension's name (`x-internal`). */
  key: string;
  /** `has`, `lacks`, `equals` or `differs`. */
  op: "has" | "lacks" | "equals" | "differs";
  /** The value compared with (for `equals` and `differs`). */
  value?: string;
}

/** A parsed extension filter: alternatives (OR) of conjunctions (AND) of terms. */
export interface ExtensionFilter {
  /** The expression as given. */
  source: string;
  /** OR of ANDs. */
  anyOf: ExtensionTerm[][];
}

const NAME = /^x-[^\s=!,+]+$/;

function parseTerm(raw: string, source: string): ExtensionTerm {
  const term = raw.trim();
  const bad = (why: string) => new WalkFilterError(`extension filter "${source}": term "${term}" ${why}`);
  if (term === "") {
    throw new WalkFilterError(
      `extension filter "${source}" has an empty term; separate terms with "," (or) and "+" (and).`,
    );
  }
  let key: string;
  let op: ExtensionTerm["op"];
  let value: string | undefined;
  const ne = term.indexOf("!=");
  const eq = term.indexOf("=");
  if (term.startsWith("!")) {
    if (eq !== -1) throw bad('cannot both negate and compare; write "x-a!=value" or "!x-a".');
    key = term.slice(1).trim();
    op = "lacks";
  } else if (ne !== -1 && ne < eq) {
    key = term.slice(0, ne).trim();
    value = term.slice(ne + 2).trim();
    op = "differs";
  } else if (eq !== -1) {
    key = term.slice(0, eq).trim();
    value = term.slice(eq + 1).trim();
    op = "equals";
  } else {
    key = term;
    op = "has";
  }
  if (!NAME.test(key)) {
    throw bad("does not name an extension; write x-name, !x-name, x-name=value or x-name!=value.");
  }
  return value === undefined ? { key, op } : { key, op, value };
}

/**
 * Parses an extension filter expression.
 *
 * @example
 * ```ts
 * import { parseExtensionFilter } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(parseExtensionFilter("x-internal+!x-beta,x-tier=gold").anyOf.length, 2);
 * ```
 * @throws {WalkFilterError} naming the bad term.
 */
export function parseExtensionFilter(expression: string): ExtensionFilter {
  if (expression.trim() === "") {
    throw new WalkFilterError(
      'the extension filter is empty; write for example "x-internal" or "x-tier=gold".',
    );
  }
  return {
    source: expression,
    anyOf: expression.split(",").map((alt) => alt.split("+").map((t) => parseTerm(t, expression))),
  };
}

/** An extension value as text for comparing: strings as they are, other scalars as written, objects as JSON. */
function asText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === null || typeof v !== "object") return String(v);
  return JSON.stringify(v);
}

function holds(node: Record<string, unknown>, t: ExtensionTerm): boolean {
  const present = Object.hasOwn(node, t.key);
  switch (t.op) {
    case "has":
      return present;
    case "lacks":
      return !present;
    case "equals":
      return present && asText(node[t.key]) === t.value;
    case "differs":
      return !present || asText(node[t.key]) !== t.value;
  }
}

/** Whether a node satisfies a parsed extension filter (a node that is not an object satisfies only `!x-…`). */
export function matchesExtension(filter: ExtensionFilter, node: unknown): boolean {
  const obj = isObject(node) ? node : {};
  return filter.anyOf.some((all) => all.every((t) => holds(obj, t)));
}

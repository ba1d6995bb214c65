/**
 * Custom rules (plugins' and the policy file's declarative ones) run guarded: a rule whose `create` or visitor
 * throws, returns something that is not visitors, returns a promise, or reports junk is stopped for the rest of
 * the document, and one `custom-rule-error` finding says which rule of which plugin failed and why. The other
 * rules run on; nothing of it escapes as a crash.
 *
 * @module
 */
import { KIND_NAMES, type Visitors } from "../../walker/mod.ts";
import { shorten } from "../../core/bounded_text.ts";
import { closest } from "../../core/closest.ts";
import type { ReportOptions, Rule, RuleContext } from "../rule.ts";

/** Rule id of the finding that reports a failing custom rule. */
export const CUSTOM_RULE_ERROR = "custom-rule-error";

/** Longest error text quoted from a failing rule. */
const MAX_ERROR_CHARS = 300;

const origins = new WeakMap<Rule, string>();
const VISITOR_KEYS = new Set<string>([...Object.keys(KIND_NAMES), "$ref", "enter", "done"]);

/** Marks a rule as custom, with where it comes from (`the plugin rules/naming.ts`); returns it. */
export function markCustom(rule: Rule, origin: string): Rule {
  origins.set(rule, origin);
  return rule;
}

/** Where a custom rule comes from; undefined for a built-in rule. */
export function customOrigin(rule: Rule): string | undefined {
  return origins.get(rule);
}

/** The text of a thrown value, bounded, whatever it is. */
export function errorText(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
  } catch {
    text = "a value that cannot be shown";
  }
  const lines = String(text ?? "undefined").split("\n");
  // A module that does not parse: Deno's message ends with where (`at file:///…/rule.ts:3:7`).
  const where = /^\s*at (file:\/\/\S+:\d+:\d+)\s*$/.exec(lines.at(-1) ?? "");
  const place = where === null || lines.length === 1 ? "" : ` (at ${shorten(where[1], 200)})`;
  return shorten(lines[0], MAX_ERROR_CHARS) + place;
}

function isPath(path: unknown): path is (string | number)[] {
  return Array.isArray(path) && path.length <= 10_000 &&
    path.every((s) => typeof s === "string" || (typeof s === "number" && Number.isInteger(s) && s >= 0));
}

function isOptions(o: unknown): o is ReportOptions | undefined {
  if (o === undefined) return true;
  if (o === null || typeof o !== "object") return false;
  const r = o as Record<string, unknown>;
  return (r.severity === undefined || r.severity === "error" || r.severity === "warning") &&
    (r.file === undefined || typeof r.file === "string") &&
    (r.anchor === undefined || typeof r.anchor === "string");
}

/** Reports a failing custom rule: the sentence, and the place it failed at when known (else the root). */
export type Fault = (message: string, file?: string, segments?: readonly (string | number)[]) => void;

/** The walker's place in a visitor's arguments (its last one), when it has one. */
function placeOf(args: unknown[]): { file: string; path: readonly (string | number)[] } | undefined {
  const at = args.at(-1) as { file?: unknown; path?: unknown } | undefined;
  return at !== null && typeof at === "object" && typeof at.file === "string" && Array.isArray(at.path)
    ? { file: at.file, path: at.path }
    : undefined;
}

/**
 * The visitors of a custom rule for one run, each guarded: the first failure stops the rule and calls `fault`
 * once with a sentence naming the rule, its origin and the error.
 */
export function guardedVisitors(rule: Rule, ctx: RuleContext, fault: Fault): Visitors {
  const origin = origins.get(rule) ?? "a custom rule";
  let failed = false;
  const fail = (what: string, place?: { file: string; path: readonly (string | number)[] }): void => {
    if (failed) return;
    failed = true;
    fault(
      `the rule "${rule.id}" of ${origin} ${what}; it was stopped for this document.`,
      place?.file,
      place?.path,
    );
  };
  const guardedCtx: RuleContext = {
    ...ctx,
    report(path, message, options) {
      if (failed) return;
      if (!isPath(path)) fail("reported a finding whose path is not a list of keys and indexes");
      else if (typeof message !== "string") fail("reported a finding whose message is not a string");
      else if (!isOptions(options)) fail("reported a finding with invalid options");
      else ctx.report(path, message, options);
    },
  };
  let made: unknown;
  try {
    made = rule.create(guardedCtx);
  } catch (error) {
    fail(`threw in create(): ${errorText(error)}`);
    return {};
  }
  if (made === null || typeof made !== "object" || Array.isArray(made)) {
    fail("returned no visitors from create() (an object of functions, one per object kind, is expected)");
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const [key, visit] of Object.entries(made)) {
    if (!VISITOR_KEYS.has(key)) {
      const guess = closest(key, [...VISITOR_KEYS]);
      fail(
        `returned a visitor for "${shorten(key, 60)}", which is not an object kind of the walker${
          guess === undefined ? "" : ` (did you mean "${guess}"?)`
        }`,
      );
      return {};
    }
    if (typeof visit !== "function") {
      fail(`returned a visitor for "${key}" that is not a function`);
      return {};
    }
    out[key] = (...args: unknown[]) => {
      if (failed) return;
      try {
        const result = visit(...args);
        if (result !== null && typeof result === "object" && typeof result.then === "function") {
          result.then(undefined, () => {});
          fail(`returned a promise from its "${key}" visitor (visitors run synchronously)`, placeOf(args));
        }
      } catch (error) {
        fail(`threw in its "${key}" visitor: ${errorText(error)}`, placeOf(args));
      }
    };
  }
  return out as Visitors;
}

/**
 * `defineRule()`: the helper a plugin writes its rules with, and the check of a rule's shape that it and the
 * plugin loader share.
 *
 * @module
 */
import type { OASVersion } from "../../core/mod.ts";
import type { Rule } from "../rule.ts";

/** What {@link defineRule} takes: a {@link Rule} whose severity (default `warning`) and anchor may be left out. */
export interface RuleDefinition extends Omit<Rule, "severity" | "anchor"> {
  /** Severity of its findings (the policy file's `rules:` may change it). @default "warning" */
  severity?: Rule["severity"];
  /** Section of the specification its findings link to. @default none */
  anchor?: string;
}

/** Rule ids: as the policy file's `rules:` keys may be written. */
export const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const FAMILIES: readonly OASVersion[] = ["2.0", "3.0", "3.1", "3.2"];

/**
 * A value as a {@link Rule} (defaults filled in, a new object), or one sentence saying what is wrong with it.
 * Never throws, whatever the value (a getter that throws is what is wrong).
 */
export function toRule(value: unknown): Rule | string {
  try {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return "is not a rule object.";
    const v = value as Record<string, unknown>;
    if (typeof v.id !== "string" || !RULE_ID.test(v.id) || v.id.length > 100) {
      return `has no valid id (letters, digits, "_", ".", "-"; at most 100 characters).`;
    }
    const problem = (what: string) => `"${v.id}": ${what}`;
    if (v.severity !== undefined && v.severity !== "error" && v.severity !== "warning") {
      return problem(`severity must be "error" or "warning".`);
    }
    if (typeof v.description !== "string") return problem("description must be a string (one line).");
    if (v.anchor !== undefined && typeof v.anchor !== "string") return problem("anchor must be a string.");
    if (
      v.versions !== undefined &&
      (!Array.isArray(v.versions) || v.versions.some((f) => !FAMILIES.includes(f as OASVersion)))
    ) {
      return problem(`versions must be a list of ${FAMILIES.join(", ")}.`);
    }
    if (v.strictOnly !== undefined && typeof v.strictOnly !== "boolean") {
      return problem("strictOnly must be true or false.");
    }
    if (typeof v.create !== "function") return problem("create must be a function returning visitors.");
    const rule: Rule = {
      id: v.id,
      severity: (v.severity as Rule["severity"] | undefined) ?? "warning",
      description: v.description,
      anchor: (v.anchor as string | undefined) ?? "",
      create: v.create as Rule["create"],
    };
    if (v.versions !== undefined) rule.versions = [...v.versions as OASVersion[]];
    if (v.strictOnly !== undefined) rule.strictOnly = v.strictOnly as boolean;
    return rule;
  } catch (error) {
    return `could not be read: ${error instanceof Error ? error.message : "it threw"}`;
  }
}

/**
 * Defines a custom rule for a plugin: the same {@link Rule} shape as the built-in rules (visitors over the walker's
 * object kinds, `ctx.report(path, message)`, `ctx.resolve`/`ctx.lookup` over the reference index), checked now so
 * that a mistake is reported when the plugin is loaded. Export the rules as `rules` (a list) or as the default.
 *
 * @example A naming rule
 * ```ts
 * import { defineRule } from "@oatool/cli/validator";
 * export const rules = [defineRule({
 *   id: "operation-id-camel-case",
 *   description: "operationId is camelCase",
 *   create: (ctx) => ({
 *     operation(op, at) {
 *       if (typeof op.operationId === "string" && !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)) {
 *         ctx.report([...at.path, "operationId"], "operationId must be camelCase.");
 *       }
 *     },
 *   }),
 * })];
 * ```
 * @throws {TypeError} when the definition is not a valid rule.
 */
export function defineRule(definition: RuleDefinition): Rule {
  const rule = toRule(definition);
  if (typeof rule === "string") throw new TypeError(`defineRule: the rule ${rule}`);
  return rule;
}

import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/** Why a pattern is not an ECMA-262 regular expression in Unicode mode; `lax` when it is one without that mode. */
export interface PatternProblem {
  reason: string;
  /** Valid without the `u` flag (ECMA-262 Annex B: identity escapes such as `\-`, a lone `{`). */
  lax: boolean;
}

/** Why a pattern is not an ECMA-262 regular expression in Unicode mode, or undefined when it is one. */
export function patternProblem(pattern: string): PatternProblem | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (error) {
    const reason = error instanceof SyntaxError
      ? error.message.replace(/^Invalid regular expression: \/.*\/u?: /s, "")
      : String(error);
    let lax = false;
    try {
      new RegExp(pattern);
      lax = true;
    } catch { /* invalid in either mode */ }
    return { reason, lax };
  }
}

/**
 * `pattern-regex`: every `pattern` (of Schema Objects in every version, and of 2.0 parameters, headers and Items
 * Objects) is a valid regular expression of the ECMA-262 dialect, which the specification and JSON Schema name
 * for patterns; it is compiled as JavaScript's `RegExp` with the `u` flag (Unicode mode), never run. A pattern
 * that is invalid in Unicode mode but valid without it (identity escapes such as `\-` or `\_`, common in real
 * descriptions and accepted by most regex engines) is a warning; one that is invalid in both is an error.
 */
export const patternRegex: Rule = {
  id: "pattern-regex",
  severity: "error",
  description: "pattern is a valid ECMA-262 regular expression (Unicode mode)",
  anchor: "schema-object",
  create(ctx) {
    // Before 3.1 a `$ref` makes its siblings ignored; from 3.1 a schema's siblings of `$ref` count.
    const refHides = ctx.oasVersion === "2.0" || ctx.oasVersion === "3.0";
    const check = (anchor: string) => (node: Record<string, unknown>, at: { path: (string | number)[] }) => {
      if (typeof node.pattern !== "string" || (refHides && typeof node.$ref === "string")) return;
      const problem = patternProblem(node.pattern);
      if (problem === undefined) return;
      if (problem.lax) {
        ctx.report(
          [...at.path, "pattern"],
          `pattern ${
            q(node.pattern)
          } is an ECMA-262 regular expression only without Unicode mode (${problem.reason}` +
            `); escapes such as "\\-" outside a class are legacy syntax, so write "-" (or "\\-" only inside [...]).`,
          { anchor, severity: "warning" },
        );
        return;
      }
      ctx.report(
        [...at.path, "pattern"],
        `pattern ${q(node.pattern)} is not a valid ECMA-262 regular expression: ${problem.reason}.`,
        { anchor },
      );
    };
    const visitors = { schema: check("schema-object") };
    if (ctx.oasVersion !== "2.0") return visitors;
    return {
      ...visitors,
      parameter: check("parameter-object"),
      header: check("header-object"),
      items: check("items-object"),
    };
  },
};

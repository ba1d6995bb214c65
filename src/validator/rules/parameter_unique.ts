import type { Rule, RuleContext } from "../rule.ts";
import { parametersOf, q } from "./_helpers.ts";

function checkList(ctx: RuleContext, list: unknown, file: string, path: (string | number)[]): void {
  const seen = new Set<string>();
  for (const p of parametersOf(ctx, list, file, path)) {
    const { name, in: where } = p.parameter;
    if (typeof name !== "string" || typeof where !== "string") continue;
    // Header names are case-insensitive.
    const key = `${where}\0${where === "header" ? name.toLowerCase() : name}`;
    if (seen.has(key)) {
      ctx.report(p.path, `parameter ${q(name)} in ${where} is declared more than once in this list.`, {
        file,
      });
    }
    seen.add(key);
  }
}

/**
 * `parameter-unique`: no two parameters of the same list share `name` and `in`. (An operation may override a
 * Path Item parameter of the same name and location; that is not a duplicate.)
 */
export const parameterUnique: Rule = {
  id: "parameter-unique",
  severity: "error",
  description: "No duplicate parameters (same name and in) in a Path Item or an operation",
  anchor: "operation-object",
  create(ctx) {
    return {
      pathItem(item, at) {
        checkList(ctx, item.parameters, at.file, [...at.path, "parameters"]);
      },
      operation(op, at) {
        checkList(ctx, op.parameters, at.file, [...at.path, "parameters"]);
      },
    };
  },
};

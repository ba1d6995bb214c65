import type { Rule, RuleContext } from "../rule.ts";
import { templateParams } from "../../core/path_template.ts";
import { isObject, operationsOf, parametersOf, q } from "./_helpers.ts";

/** Checks the path parameters of the Path Item at `paths[template]`, reporting through `report`. */
function checkPathItem(
  ctx: RuleContext,
  template: string,
  item: Record<string, unknown>,
  file: string,
  itemPath: (string | number)[],
): void {
  const names = templateParams(template);
  const inTemplate = new Set(names);
  const common = parametersOf(ctx, item.parameters, file, [...itemPath, "parameters"]);
  const commonPath = common.filter((p) => p.parameter.in === "path");
  const ops = operationsOf(item, ctx.oasVersion);
  // Parameters declared on the Path Item must appear in the template.
  for (const p of commonPath) {
    if (typeof p.parameter.name === "string" && !inTemplate.has(p.parameter.name)) {
      ctx.report(
        [...p.path, "name"],
        `path parameter ${q(p.parameter.name)} does not appear in the path ${q(template)}.`,
        { file },
      );
    }
  }
  if (ops.length === 0) return;
  for (const { operation, rel } of ops) {
    const opPath = [...itemPath, ...rel];
    const own = parametersOf(ctx, operation.parameters, file, [...opPath, "parameters"]);
    const declared = new Set<string>();
    for (const p of commonPath) if (typeof p.parameter.name === "string") declared.add(p.parameter.name);
    for (const p of own) {
      if (p.parameter.in !== "path" || typeof p.parameter.name !== "string") continue;
      declared.add(p.parameter.name);
      if (!inTemplate.has(p.parameter.name)) {
        ctx.report(
          [...p.path, "name"],
          `path parameter ${q(p.parameter.name)} does not appear in the path ${q(template)}.`,
          { file },
        );
      }
    }
    const missing = [...new Set(names)].filter((n) => !declared.has(n));
    for (const name of missing) {
      ctx.report(
        opPath,
        `the path ${
          q(template)
        } has the parameter {${name}}, but this operation declares no "in: path" parameter named ${q(name)}.`,
        { file },
      );
    }
  }
}

/**
 * `path-params`: every `{name}` of a path template is declared as an `in: path` parameter (on the Path Item or
 * the operation), and every declared path parameter appears in the template.
 */
export const pathParams: Rule = {
  id: "path-params",
  severity: "error",
  description: "Path template variables and in: path parameters match one to one",
  anchor: "path-templating",
  create(ctx) {
    return {
      paths(paths, at) {
        const base = [...at.path];
        const file = at.file;
        for (const template of Object.keys(paths)) {
          if (template.startsWith("x-")) continue;
          const r = ctx.resolve(paths[template], file, [...base, template]);
          if (r === undefined || !isObject(r.value)) continue;
          checkPathItem(ctx, template, r.value, r.file, [...r.segments]);
        }
      },
    };
  },
};

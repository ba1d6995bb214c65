import type { Rule } from "../rule.ts";
import { isObject, q, templateNames } from "./_helpers.ts";

/**
 * `server-variables` (3.x): every `{name}` of a server URL is defined in `variables`; a variable's `enum` is not
 * empty and contains its `default`.
 */
export const serverVariables: Rule = {
  id: "server-variables",
  severity: "error",
  description: "Server URL variables are defined; a variable's default is one of its enum",
  anchor: "server-object",
  versions: ["3.0", "3.1", "3.2"],
  create(ctx) {
    return {
      server(server, at) {
        if (typeof server.url !== "string") return;
        const vars = isObject(server.variables) ? server.variables : {};
        for (const name of new Set(templateNames(server.url))) {
          if (!Object.hasOwn(vars, name)) {
            ctx.report(
              [...at.path, "url"],
              `server URL ${q(server.url)} uses {${name}}, which is not defined in "variables".`,
            );
          }
        }
      },
      serverVariable(variable, at) {
        const values = variable.enum;
        if (!Array.isArray(values)) return;
        if (values.length === 0) {
          ctx.report([...at.path, "enum"], "the enum of a server variable must not be empty.", {
            anchor: "server-variable-object",
          });
          return;
        }
        if (variable.default !== undefined && !values.includes(variable.default)) {
          ctx.report(
            [...at.path, "default"],
            `default ${q(variable.default)} is not one of the variable's enum values ${q(values)}.`,
            { anchor: "server-variable-object" },
          );
        }
      },
    };
  },
};

import type { Rule } from "../rule.ts";
import { templateParams } from "../../core/path_template.ts";
import { isObject, q } from "./_helpers.ts";

/** What a version says about a server variable's `enum` and `default`, with the sentences it says it in. */
interface VariableRules {
  severity: "error" | "warning";
  /** The specification's sentence on an empty enum. */
  enum: string;
  /** The specification's sentence on a default outside the enum. */
  default: string;
}

/**
 * 3.0.0 says nothing on either; 3.0.1–3.0.4 say SHOULD (a warning); 3.1 and 3.2 say MUST (an error).
 */
export function serverVariableRules(version: string): VariableRules | undefined {
  if (version === "3.0.0") return undefined;
  const must = !version.startsWith("3.0.");
  const word = must ? "MUST" : "SHOULD";
  return {
    severity: must ? "error" : "warning",
    enum: `The array ${word} NOT be empty.`,
    default: `If the enum is defined, the value ${word} exist in the enum's values.`,
  };
}

/**
 * `server-variables` (3.x): every `{name}` of a server URL is defined in `variables`; a variable's `enum` is not
 * empty and contains its `default` (with the severity and sentence of the document's version, see
 * {@link serverVariableRules}).
 */
export const serverVariables: Rule = {
  id: "server-variables",
  severity: "error",
  description: "Server URL variables are defined; a variable's default is one of its enum",
  anchor: "server-object",
  versions: ["3.0", "3.1", "3.2"],
  create(ctx) {
    const rules = serverVariableRules(ctx.version);
    const says = (sentence: string) => `the specification ${ctx.version} says: "${sentence}"`;
    return {
      server(server, at) {
        if (typeof server.url !== "string") return;
        const vars = isObject(server.variables) ? server.variables : {};
        for (const name of new Set(templateParams(server.url))) {
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
        if (rules === undefined || !Array.isArray(values)) return;
        const options = { anchor: "server-variable-object", severity: rules.severity };
        if (values.length === 0) {
          ctx.report(
            [...at.path, "enum"],
            `the enum of the server variable is empty; ${says(rules.enum)}`,
            options,
          );
          return;
        }
        if (variable.default !== undefined && !values.includes(variable.default)) {
          ctx.report(
            [...at.path, "default"],
            `default ${q(variable.default)} is not one of the variable's enum values ${q(values)}; ${
              says(rules.default)
            }`,
            options,
          );
        }
      },
    };
  },
};

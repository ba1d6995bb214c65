import type { Rule } from "../rule.ts";
import { HTTP_METHODS } from "../../walker/mod.ts";
import { isObject, q } from "./_helpers.ts";

/** `additional-operations` (3.2): `additionalOperations` does not hold a method that has its own field. */
export const additionalOperations: Rule = {
  id: "additional-operations",
  severity: "error",
  description: "3.2: additionalOperations does not reuse a fixed method (get, post, query, ...)",
  anchor: "path-item-object",
  versions: ["3.2"],
  create(ctx) {
    const fixed = HTTP_METHODS["3.2"];
    return {
      pathItem(item, at) {
        if (!isObject(item.additionalOperations)) return;
        for (const method of Object.keys(item.additionalOperations)) {
          if (fixed.includes(method.toLowerCase())) {
            ctx.report(
              [...at.path, "additionalOperations", method],
              `method ${
                q(method)
              } has its own field "${method.toLowerCase()}"; define it there, not in additionalOperations.`,
            );
          }
        }
      },
    };
  },
};

import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/** `path-param-required`: a parameter `in: path` has `required: true`. */
export const pathParamRequired: Rule = {
  id: "path-param-required",
  severity: "error",
  description: "Path parameters are required: true",
  anchor: "parameter-object",
  create(ctx) {
    return {
      parameter(p, at) {
        if (p.in !== "path" || p.required === true) return;
        ctx.report(
          [...at.path, "required"],
          `path parameter ${q(p.name)} must have "required: true"${
            p.required === undefined ? "" : `, not ${q(p.required)}`
          }.`,
        );
      },
    };
  },
};

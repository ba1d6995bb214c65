import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/** `file-type-form-data` (2.0): `type: file` is allowed only for `in: formData` parameters. */
export const fileTypeFormData: Rule = {
  id: "file-type-form-data",
  severity: "error",
  description: '2.0: type "file" only on formData parameters',
  anchor: "parameter-object",
  versions: ["2.0"],
  create(ctx) {
    return {
      parameter(p, at) {
        if (p.type === "file" && p.in !== "formData") {
          ctx.report(
            [...at.path, "type"],
            `parameter ${q(p.name)} is in ${p.in}; type "file" is allowed only for formData parameters.`,
          );
        }
      },
    };
  },
};

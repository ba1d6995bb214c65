import type { Rule } from "../rule.ts";
import { describeLoop, quote } from "../../core/bounded_text.ts";

/**
 * `ref-resolves`: every `$ref` in a structural place points at something, and a chain of references reaches a
 * value (a pure loop `A → B → A` never does). Remote (`http(s)`) references are not followed; they are reported
 * by `ref-remote`.
 */
export const refResolves: Rule = {
  id: "ref-resolves",
  severity: "error",
  description: "Every $ref resolves to a value in this document or a local file",
  anchor: "reference-object",
  create(ctx) {
    return {
      $ref(_holder, ref, _expected, at) {
        const r = ctx.lookup(ref, at.file);
        if (!r.ok && r.reason !== "remote" && r.reason !== "pending") {
          ctx.report([...at.path, "$ref"], r.message);
        } else if (r.ok && r.value !== null && typeof r.value === "object" && "$ref" in r.value) {
          const loop = ctx.refLoop?.(at.file, at.path);
          if (loop !== undefined) {
            ctx.report(
              [...at.path, "$ref"],
              `reference ${quote(ref)} is part of a loop of references that never reaches a value (${
                describeLoop(loop)
              }); make one of them a value.`,
            );
          }
        }
      },
    };
  },
};

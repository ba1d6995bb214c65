import type { Rule } from "../rule.ts";

/**
 * `ref-resolves`: every `$ref` in a structural place points at something. Remote (`http(s)`) references are
 * not followed; they are reported by `ref-remote`.
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
        }
      },
    };
  },
};

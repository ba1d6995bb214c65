import { redactUrl } from "../../core/mod.ts";
import type { Rule } from "../rule.ts";

/** `ref-remote`: remote (`http(s)`) references are not followed, so what they point at is not checked. */
export const refRemote: Rule = {
  id: "ref-remote",
  severity: "warning",
  description: "Remote $ref targets are not fetched or checked",
  anchor: "reference-object",
  create(ctx) {
    return {
      $ref(_holder, ref, _expected, at) {
        const r = ctx.lookup(ref, at.file);
        if (!r.ok && r.reason === "remote") {
          ctx.report(
            [...at.path, "$ref"],
            `remote reference ${
              JSON.stringify(redactUrl(ref))
            } is not followed, so its target was not checked.`,
          );
        }
      },
    };
  },
};

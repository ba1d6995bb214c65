import type { Rule } from "../rule.ts";
import { isObject } from "./_helpers.ts";

/**
 * `operation-responses`: an operation lists at least one response. In 2.0 and 3.0 `responses` is required; from
 * 3.1 on it may be left out (a warning), but when present it must not be empty.
 */
export const operationResponses: Rule = {
  id: "operation-responses",
  severity: "error",
  description: "Every operation has at least one response",
  anchor: "responses-object",
  create(ctx) {
    const optional = ctx.oasVersion === "3.1" || ctx.oasVersion === "3.2";
    return {
      operation(op, at) {
        const responses = op.responses;
        if (responses === undefined) {
          ctx.report(
            [...at.path, "responses"],
            optional
              ? "the operation describes no responses; add at least one (for example a default response)."
              : "the operation has no responses; add at least one response.",
            optional ? { severity: "warning", anchor: "operation-object" } : { anchor: "operation-object" },
          );
          return;
        }
        if (!isObject(responses) || typeof responses.$ref === "string") return;
        if (!Object.keys(responses).some((k) => !k.startsWith("x-"))) {
          ctx.report([...at.path, "responses"], "must have at least one response.");
        }
      },
    };
  },
};

import type { Rule } from "../rule.ts";
import { isObject } from "./_helpers.ts";

/** `operation-success-response` (strict): an operation describes a success (2XX/3XX) or default response. */
export const operationSuccessResponse: Rule = {
  id: "operation-success-response",
  severity: "warning",
  description: "Strict: every operation has a 2XX, 3XX or default response",
  anchor: "responses-object",
  strictOnly: true,
  create(ctx) {
    return {
      operation(op, at) {
        if (!isObject(op.responses) || typeof op.responses.$ref === "string") return;
        const keys = Object.keys(op.responses).filter((k) => !k.startsWith("x-"));
        if (keys.length === 0) return; // operation-responses reports it
        if (!keys.some((k) => k === "default" || /^[23]/.test(k))) {
          ctx.report(
            [...at.path, "responses"],
            "the operation describes no success (2XX or 3XX) or default response.",
          );
        }
      },
    };
  },
};

import type { Rule } from "../rule.ts";

/** `operation-id-missing` (strict): every operation has an operationId, so code generators can name it. */
export const operationIdMissing: Rule = {
  id: "operation-id-missing",
  severity: "warning",
  description: "Strict: every operation has an operationId",
  anchor: "operation-object",
  strictOnly: true,
  create(ctx) {
    return {
      operation(op, at) {
        if (typeof op.operationId !== "string" || op.operationId === "") {
          ctx.report([...at.path], "the operation has no operationId.");
        }
      },
    };
  },
};

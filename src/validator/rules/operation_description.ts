import type { Rule } from "../rule.ts";

/** `operation-description`: an operation has a summary or a description (warning). */
export const operationDescription: Rule = {
  id: "operation-description",
  severity: "warning",
  description: "Operations have a summary or a description",
  anchor: "operation-object",
  create(ctx) {
    return {
      operation(op, at) {
        const has = (v: unknown) => typeof v === "string" && v.trim() !== "";
        if (!has(op.summary) && !has(op.description)) {
          ctx.report([...at.path], "the operation has neither a summary nor a description.");
        }
      },
    };
  },
};

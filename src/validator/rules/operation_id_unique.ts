import { formatPath } from "../../core/mod.ts";
import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/** `operation-id-unique`: every `operationId` is unique across paths, webhooks, callbacks and components. */
export const operationIdUnique: Rule = {
  id: "operation-id-unique",
  severity: "error",
  description: "operationId values are unique across all operations, webhooks and callbacks",
  anchor: "operation-object",
  create(ctx) {
    const seen = new Map<string, string>();
    return {
      operation(op, at) {
        const id = op.operationId;
        if (typeof id !== "string") return;
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, formatPath(at.path));
          return;
        }
        ctx.report([...at.path, "operationId"], `operationId ${q(id)} is already used by ${first}.`);
      },
    };
  },
};

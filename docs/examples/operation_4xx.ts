/**
 * An oatool plugin (docs/custom-rules.md): every operation describes at least one 4XX response. Responses given
 * by reference (`responses: {$ref: …}` is not allowed, but each response may be one) count as written: the key
 * is what matters. Outside this repository, import `defineRule` from "jsr:@oatool/cli/validator" instead.
 */
import { defineRule } from "../../src/validator/mod.ts";

export default defineRule({
  id: "operation-4xx-response",
  severity: "error",
  description: "Every operation describes at least one 4XX response",
  anchor: "responses-object",
  versions: ["2.0", "3.0", "3.1", "3.2"],
  create(ctx) {
    return {
      operation(op, at) {
        // The Responses Object may sit in another file: resolve() follows a reference through the index.
        const responses = ctx.resolve(op.responses, at.file, [...at.path, "responses"])?.value;
        if (responses === null || typeof responses !== "object") return;
        const codes = Object.keys(responses).filter((code) => !code.startsWith("x-"));
        if (!codes.some((code) => /^4(?:[0-9]{2}|XX)$/i.test(code))) {
          ctx.report([...at.path, "responses"], "the operation describes no 4XX response (client error).");
        }
      },
    };
  },
});

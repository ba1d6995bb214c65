import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

const CODE = /^[1-5](?:[0-9]{2}|XX)$/;

/** `response-status-code`: response keys are `100`–`599`, `1XX`–`5XX` or `default`. */
export const responseStatusCode: Rule = {
  id: "response-status-code",
  severity: "error",
  description: "Response keys are HTTP status codes 100-599, ranges 1XX-5XX, or default",
  anchor: "responses-object",
  create(ctx) {
    return {
      responses(responses, at) {
        for (const key of Object.keys(responses)) {
          if (key === "default" || key.startsWith("x-") || CODE.test(key)) continue;
          ctx.report(
            [...at.path, key],
            `response key ${q(key)} is not a status code; use 100-599, a range 1XX-5XX, or "default".`,
          );
        }
      },
    };
  },
};

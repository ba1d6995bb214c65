import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * `header-name`: header names (header parameters, response and encoding `headers` keys) are HTTP field names
 * (RFC 9110 tokens). An error in 3.2, which states it; a warning before.
 */
export const headerName: Rule = {
  id: "header-name",
  severity: "error",
  description: "Header names are valid HTTP field names (RFC 9110 tokens)",
  anchor: "header-object",
  create(ctx) {
    const severity = ctx.oasVersion === "3.2" ? "error" : "warning";
    const checkMap = (node: Record<string, unknown>, path: readonly (string | number)[]) => {
      if (!isObject(node.headers)) return;
      for (const name of Object.keys(node.headers)) {
        if (!TOKEN.test(name)) {
          ctx.report([...path, "headers", name], `${q(name)} is not a valid HTTP header name.`, { severity });
        }
      }
    };
    return {
      parameter(p, at) {
        if (p.in === "header" && typeof p.name === "string" && !TOKEN.test(p.name)) {
          ctx.report([...at.path, "name"], `${q(p.name)} is not a valid HTTP header name.`, {
            severity,
            anchor: "parameter-object",
          });
        }
      },
      response(r, at) {
        checkMap(r, at.path);
      },
      encoding(e, at) {
        checkMap(e, at.path);
      },
    };
  },
};

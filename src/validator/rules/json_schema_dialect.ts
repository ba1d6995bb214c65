import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/** `json-schema-dialect` (3.1+): `jsonSchemaDialect` is an absolute URI. */
export const jsonSchemaDialect: Rule = {
  id: "json-schema-dialect",
  severity: "error",
  description: "3.1+: jsonSchemaDialect is an absolute URI",
  anchor: "openapi-object",
  versions: ["3.1", "3.2"],
  create(ctx) {
    return {
      root(root) {
        const d = root.jsonSchemaDialect;
        if (typeof d === "string" && !/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(d)) {
          ctx.report(["jsonSchemaDialect"], `jsonSchemaDialect ${q(d)} must be an absolute URI.`);
        }
      },
    };
  },
};

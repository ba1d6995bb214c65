import type { Rule } from "../rule.ts";

const SAYS_2 = `the specification 2.0 says of items: 'Required if type is "array".'`;

/**
 * `array-items`: an array declares its `items`. 2.0 requires it of non-body parameters, headers and Items
 * Objects ("Required if type is "array"."); 3.0 of Schema Objects ("`items` MUST be present if the `type` is
 * `array`."); 3.1 and 3.2 use JSON Schema 2020-12, where an array without `items` is legal.
 */
export const arrayItems: Rule = {
  id: "array-items",
  severity: "error",
  description: "An array declares its items (2.0 parameters, headers and items; 3.0 schemas)",
  anchor: "items-object",
  versions: ["2.0", "3.0"],
  create(ctx) {
    if (ctx.oasVersion === "2.0") {
      const check =
        (anchor: string, what: string) =>
        (node: Record<string, unknown>, at: { path: (string | number)[] }) => {
          if (node.type !== "array" || node.items !== undefined || typeof node.$ref === "string") return;
          ctx.report([...at.path], `this ${what} is an array without "items"; ${SAYS_2}`, { anchor });
        };
      return {
        parameter: check("parameter-object", "parameter"),
        header: check("header-object", "header"),
        items: check("items-object", "items object"),
      };
    }
    return {
      schema(schema, at) {
        if (schema.type !== "array" || schema.items !== undefined || typeof schema.$ref === "string") return;
        ctx.report(
          [...at.path],
          `this schema is an array without "items"; the specification ${ctx.version} says: "\`items\` MUST be ` +
            'present if the `type` is `array`."',
          { anchor: "schema-object" },
        );
      },
    };
  },
};

import type { RuleContext } from "../rule.ts";
import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

interface Found {
  defined: boolean;
  required: boolean;
}

/** Whether a schema (with its allOf members, followed through references) defines and requires a property. */
function lookFor(
  ctx: RuleContext,
  schema: unknown,
  file: string,
  path: readonly (string | number)[],
  name: string,
): Found {
  const found: Found = { defined: false, required: false };
  const seen = new Set<unknown>();
  const stack: { value: unknown; file: string; path: readonly (string | number)[] }[] = [{
    value: schema,
    file,
    path,
  }];
  while (stack.length > 0) {
    const { value, file: f, path: p } = stack.pop()!;
    const r = ctx.resolve(value, f, p);
    if (r === undefined || !isObject(r.value) || seen.has(r.value)) continue;
    seen.add(r.value);
    const s = r.value;
    if (isObject(s.properties) && Object.hasOwn(s.properties, name)) found.defined = true;
    if (Array.isArray(s.required) && s.required.includes(name)) found.required = true;
    if (Array.isArray(s.allOf)) {
      s.allOf.forEach((member, i) =>
        stack.push({ value: member, file: r.file, path: [...r.segments, "allOf", i] })
      );
    }
  }
  return found;
}

/**
 * `discriminator-property`: the discriminator's property is defined by the schema (directly, through `allOf`,
 * or by every `oneOf`/`anyOf` alternative) and is required (3.2: unless a `defaultMapping` is given).
 */
export const discriminatorProperty: Rule = {
  id: "discriminator-property",
  severity: "error",
  description: "discriminator.propertyName is a defined and required property of the schema",
  anchor: "discriminator-object",
  create(ctx) {
    return {
      schema(schema, at) {
        const d = schema.discriminator;
        const name = ctx.oasVersion === "2.0" ? d : isObject(d) ? d.propertyName : undefined;
        if (typeof name !== "string") return;
        const path = [...at.path];
        const where = ctx.oasVersion === "2.0"
          ? [...path, "discriminator"]
          : [...path, "discriminator", "propertyName"];
        // 2.0 requires the property to be required; 3.x says it SHOULD be (3.2: optional with a defaultMapping).
        const optional = ctx.oasVersion === "3.2" && isObject(d) && typeof d.defaultMapping === "string";
        const notRequired = { severity: ctx.oasVersion === "2.0" ? "error" as const : "warning" as const };
        const own = lookFor(ctx, schema, at.file, path, name);
        if (own.defined) {
          if (!own.required && !optional) {
            ctx.report(
              where,
              `discriminator property ${q(name)} should be listed in "required".`,
              notRequired,
            );
          }
          return;
        }
        const alternatives = Array.isArray(schema.oneOf)
          ? "oneOf"
          : Array.isArray(schema.anyOf)
          ? "anyOf"
          : undefined;
        if (alternatives === undefined) {
          ctx.report(where, `discriminator property ${q(name)} is not defined in the schema's properties.`);
          return;
        }
        const list = schema[alternatives] as unknown[];
        list.forEach((alt, i) => {
          const f = lookFor(ctx, alt, at.file, [...path, alternatives, i], name);
          if (!f.defined) {
            ctx.report(
              [...path, alternatives, i],
              `discriminator property ${q(name)} is not defined by this ${alternatives} alternative.`,
            );
          } else if (!f.required && !optional) {
            ctx.report(
              [...path, alternatives, i],
              `discriminator property ${q(name)} should be required by this ${alternatives} alternative.`,
              notRequired,
            );
          }
        });
      },
    };
  },
};

import type { RuleContext } from "../rule.ts";
import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

interface Found {
  defined: boolean;
  required: boolean;
  /** The schema says its instances are not objects (`type: array`, …): no property can discriminate them. */
  notObject: boolean;
}

function excludesObject(type: unknown): boolean {
  if (typeof type === "string") return type !== "object";
  return Array.isArray(type) && type.length > 0 && !type.includes("object");
}

/** Whether a schema (with its allOf members, followed through references) defines and requires a property. */
function lookFor(
  ctx: RuleContext,
  schema: unknown,
  file: string,
  path: readonly (string | number)[],
  name: string,
): Found {
  const found: Found = { defined: false, required: false, notObject: false };
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
    if (excludesObject(s.type)) found.notObject = true;
    if (Array.isArray(s.allOf)) {
      s.allOf.forEach((member, i) =>
        stack.push({ value: member, file: r.file, path: [...r.segments, "allOf", i] })
      );
    }
  }
  return found;
}

/** What the specification of an exact version says about the discriminating property being required. */
interface Requirement {
  severity: "error" | "warning";
  /** The sentence of the specification, quoted in the finding. */
  sentence: string;
}

/**
 * The sentence each version says it with: 2.0 and 3.0.0–3.0.3 / 3.1.0 make it a MUST; 3.0.4 and 3.1.1+ weakened
 * it to a SHOULD; 3.2.0 allows an optional property only with a `defaultMapping`.
 */
export function discriminatorRequirement(version: string): Requirement {
  if (version === "2.0") {
    return {
      severity: "error",
      sentence:
        "The property name used MUST be defined at this schema and it MUST be in the `required` property list.",
    };
  }
  if (version === "3.0.4" || version === "3.1.1" || version === "3.1.2") {
    return {
      severity: "warning",
      sentence:
        "This property SHOULD be required in the payload schema, as the behavior when the property is absent " +
        "is undefined.",
    };
  }
  if (version.startsWith("3.2.")) {
    return {
      severity: "error",
      sentence:
        "The discriminating property MAY be defined as required or optional, but when defined as optional " +
        "the Discriminator Object MUST include a `defaultMapping` field.",
    };
  }
  return { severity: "error", sentence: "As such, the `discriminator` field MUST be a required field." };
}

/**
 * `discriminator-property`: the discriminator's property is required by the schema (directly or through
 * `allOf`) or by every `oneOf`/`anyOf` alternative, with the severity of the sentence of the document's version
 * (see {@link discriminatorRequirement}); 2.0 also requires it to be defined at the schema. That an alternative
 * does not list the property in its `properties` is not a rule of any version; an alternative whose `type` is not
 * an object (an array, a string) has no properties to require, so it is left alone.
 */
export const discriminatorProperty: Rule = {
  id: "discriminator-property",
  severity: "error",
  description: "The discriminator's property is a required property (2.0: also defined at the schema)",
  anchor: "discriminator-object",
  create(ctx) {
    const rule = discriminatorRequirement(ctx.version);
    const says = `the specification ${ctx.version} says: "${rule.sentence}"`;
    return {
      schema(schema, at) {
        const d = schema.discriminator;
        const name = ctx.oasVersion === "2.0" ? d : isObject(d) ? d.propertyName : undefined;
        if (typeof name !== "string") return;
        const path = [...at.path];
        const where = ctx.oasVersion === "2.0"
          ? [...path, "discriminator"]
          : [...path, "discriminator", "propertyName"];
        // 3.2: an optional property is fine when a defaultMapping names the schema for its absence.
        if (ctx.oasVersion === "3.2" && isObject(d) && typeof d.defaultMapping === "string") return;
        const own = lookFor(ctx, schema, at.file, path, name);
        if (ctx.oasVersion === "2.0") {
          if (!own.defined) {
            ctx.report(
              where,
              `discriminator property ${q(name)} is not defined in the schema's properties; ${says}`,
            );
          } else if (!own.required) {
            ctx.report(where, `discriminator property ${q(name)} is not listed in "required"; ${says}`);
          }
          return;
        }
        if (own.required) return;
        const alternatives = Array.isArray(schema.oneOf)
          ? "oneOf"
          : Array.isArray(schema.anyOf)
          ? "anyOf"
          : undefined;
        if (alternatives === undefined) {
          ctx.report(where, `discriminator property ${q(name)} is not listed in "required"; ${says}`, {
            severity: rule.severity,
          });
          return;
        }
        const list = schema[alternatives] as unknown[];
        list.forEach((alt, i) => {
          const f = lookFor(ctx, alt, at.file, [...path, alternatives, i], name);
          if (f.required || f.notObject) return;
          ctx.report(
            [...path, alternatives, i],
            `discriminator property ${q(name)} is not required by this ${alternatives} alternative; ${says}`,
            { severity: rule.severity },
          );
        });
      },
    };
  },
};

import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

const SENTENCE =
  "defaultMapping: The schema name or URI reference to a schema that is expected to validate the " +
  "structure of the model when the discriminating property is not present in the payload or contains a value " +
  "for which there is no explicit or implicit mapping.";

/**
 * `discriminator-default-mapping` (3.2): a Discriminator Object's `defaultMapping` names a schema: a component
 * name under `components.schemas` of the entry document, or else a URI reference (the specification asks for a
 * `./` prefix when a relative reference could be read as a name) whose target is a Schema Object. Remote
 * references, and files no `$ref` loads, are not followed.
 */
export const discriminatorDefaultMapping: Rule = {
  id: "discriminator-default-mapping",
  severity: "error",
  description:
    "3.2: discriminator.defaultMapping names a schema (a component name or a reference to a schema)",
  anchor: "discriminator-object",
  versions: ["3.2"],
  create(ctx) {
    const components = isObject(ctx.document.components) ? ctx.document.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    return {
      discriminator(discriminator, at) {
        const value = discriminator.defaultMapping;
        if (typeof value !== "string" || Object.hasOwn(schemas, value)) return;
        const path = [...at.path, "defaultMapping"];
        if (/^[^#/.:]+$/.test(value)) {
          ctx.report(
            path,
            `defaultMapping ${q(value)} names no schema: components.schemas has no ${q(value)} (a relative ` +
              `reference is written "./${value}"). The specification ${ctx.version} says: "${SENTENCE}"`,
          );
          return;
        }
        const found = ctx.lookup(value, at.file);
        if (!found.ok) {
          // Remote references, and files that no $ref loads, are not followed: their targets go unchecked.
          if (found.reason === "remote" || found.reason === "pending" || found.reason === "missing-file") {
            return;
          }
          ctx.report(
            path,
            `defaultMapping ${q(value)} names no schema: ${found.message} The specification ${ctx.version} ` +
              `says: "${SENTENCE}"`,
          );
          return;
        }
        const kind = found.file === ctx.rootFile ? ctx.kindAt(found.file, found.segments) : undefined;
        const schemaLike = isObject(found.value) || typeof found.value === "boolean" ||
          found.value === undefined;
        if (!schemaLike || (kind !== undefined && kind !== "schema" && kind !== "unknown")) {
          ctx.report(
            path,
            `defaultMapping ${q(value)} leads to ${
              kind !== undefined && kind !== "unknown"
                ? `a ${kind} object`
                : "a value that is not a Schema Object"
            }, not a schema. The specification ${ctx.version} says: "${SENTENCE}"`,
          );
        }
      },
    };
  },
};

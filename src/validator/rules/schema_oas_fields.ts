import type { Rule, RuleContext } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/** What a field of an OpenAPI object inside a Schema Object holds. */
type FieldType = "string" | "boolean" | "string-map" | "absolute-uri";

/** The fields of one object: their types, which are REQUIRED, and from which version. */
interface ObjectSpec {
  /** Name of the object in the specification. */
  name: string;
  /** Anchor of its section. */
  anchor: string;
  fields: Record<string, FieldType>;
  required: readonly string[];
}

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function specs(version: string): Record<"discriminator" | "xml" | "externalDocs", ObjectSpec> {
  const v32 = version.startsWith("3.2.");
  return {
    discriminator: {
      name: "Discriminator Object",
      anchor: "discriminator-object",
      fields: { propertyName: "string", mapping: "string-map", ...(v32 ? { defaultMapping: "string" } : {}) },
      required: ["propertyName"],
    },
    xml: {
      name: "XML Object",
      anchor: "xml-object",
      fields: {
        ...(v32 ? { nodeType: "string" } : {}),
        name: "string",
        namespace: "absolute-uri",
        prefix: "string",
        attribute: "boolean",
        wrapped: "boolean",
      },
      required: [],
    },
    externalDocs: {
      name: "External Documentation Object",
      anchor: "external-documentation-object",
      fields: { description: "string", url: "string" },
      required: ["url"],
    },
  };
}

function describe(type: FieldType, version: string): string {
  switch (type) {
    case "string":
      return "a string";
    case "boolean":
      return "a boolean";
    case "string-map":
      return "a map of strings";
    case "absolute-uri":
      return `a string "in the form of a non-relative ${version.startsWith("3.2.") ? "IRI" : "URI"}"`;
  }
}

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "string-map":
      return isObject(value) && Object.values(value).every((v) => typeof v === "string");
    case "absolute-uri":
      return typeof value === "string" && ABSOLUTE.test(value);
  }
}

function checkObject(
  ctx: RuleContext,
  key: string,
  spec: ObjectSpec,
  value: unknown,
  path: readonly (string | number)[],
): void {
  const at = [...path, key];
  const anchor = { anchor: spec.anchor };
  if (!isObject(value)) {
    ctx.report(at, `"${key}" is not an object; its value is a ${spec.name}.`, anchor);
    return;
  }
  for (const field of spec.required) {
    if (value[field] === undefined) {
      ctx.report(
        at,
        `the ${spec.name} has no "${field}"; the specification ${ctx.version} makes it REQUIRED.`,
        anchor,
      );
    }
  }
  for (const [field, v] of Object.entries(value)) {
    if (field.startsWith("x-")) continue;
    const type = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
    if (type === undefined) {
      ctx.report(
        [...at, field],
        `${q(field)} is not a field of the ${spec.name} in ${ctx.version} (its fields: ${
          Object.keys(spec.fields).join(", ")
        }, and x- extensions).`,
        anchor,
      );
    } else if (!fits(v, type)) {
      ctx.report([...at, field], `"${field}" of the ${spec.name} is ${describe(type, ctx.version)}.`, anchor);
    }
  }
}

/**
 * `schema-oas-fields` (3.1, 3.2): the OpenAPI keywords of a Schema Object (`discriminator`, `xml`,
 * `externalDocs`) hold the objects the specification defines, with their fields' types and REQUIRED fields.
 * The structural schema of these versions does not look inside Schema Objects (a 2020-12 dialect), so nothing
 * else checks them.
 */
export const schemaOasFields: Rule = {
  id: "schema-oas-fields",
  severity: "error",
  description: "3.1+: discriminator, xml and externalDocs inside Schema Objects have their fields and types",
  anchor: "schema-object",
  versions: ["3.1", "3.2"],
  create(ctx) {
    const objects = specs(ctx.version);
    return {
      schema(schema, at) {
        for (const key of ["discriminator", "xml", "externalDocs"] as const) {
          if (schema[key] !== undefined) checkObject(ctx, key, objects[key], schema[key], at.path);
        }
      },
    };
  },
};

import type { Rule, RuleContext } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/** The JSON type name of a value. */
function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether a value fits a schema's `type` (`nullable` names the field that allows null, if any). */
function fits(value: unknown, schema: Record<string, unknown>, nullable: string | undefined): boolean {
  const type = schema.type;
  if (typeof type !== "string" && !Array.isArray(type)) return true;
  const actual = typeOf(value);
  if (actual === "null" && nullable !== undefined && schema[nullable] === true) return true;
  if (typeof type === "string") return matches(type, actual);
  for (const t of type) if (matches(t, actual)) return true;
  return false;
}

function matches(type: unknown, actual: string): boolean {
  return type === actual || (type === "number" && actual === "integer") || type === "file";
}

function describe(schema: Record<string, unknown>): string {
  return Array.isArray(schema.type) ? schema.type.join(" or ") : String(schema.type);
}

/**
 * `example-type`: `example`, `default`, `enum` (and 3.1+ schema `examples`) values match the type of their
 * schema (warning). Only the `type` is compared; values are data, their contents are not followed.
 */
export const exampleType: Rule = {
  id: "example-type",
  severity: "warning",
  description: "example, default and enum values match their schema's type",
  anchor: "schema-object",
  create(ctx: RuleContext) {
    // 3.0 marks nullable schemas with `nullable`, 2.0 documents often with `x-nullable`; 3.1+ use type lists.
    const nullable = ctx.oasVersion === "3.0"
      ? "nullable"
      : ctx.oasVersion === "2.0"
      ? "x-nullable"
      : undefined;
    const report = (
      schema: Record<string, unknown>,
      path: readonly (string | number)[],
      where: (string | number)[],
      what: string,
      value: unknown,
      anchor: string | undefined,
    ) =>
      ctx.report(
        [...path, ...where],
        `${what} ${q(value)} is ${
          typeOf(value) === "integer" ? "a number" : `a ${typeOf(value)}`
        }, but the schema's type is ${describe(schema)}.`,
        anchor ? { anchor } : undefined,
      );
    const check = (schema: Record<string, unknown>, path: readonly (string | number)[], anchor?: string) => {
      if (schema.type === undefined) return;
      if (schema.example !== undefined && !fits(schema.example, schema, nullable)) {
        report(schema, path, ["example"], "example", schema.example, anchor);
      }
      if (schema.default !== undefined && !fits(schema.default, schema, nullable)) {
        report(schema, path, ["default"], "default", schema.default, anchor);
      }
      const values = schema.enum;
      if (Array.isArray(values)) {
        for (let i = 0; i < values.length; i++) {
          if (!fits(values[i], schema, nullable)) {
            report(schema, path, ["enum", i], "enum value", values[i], anchor);
          }
        }
      }
      const examples = schema.examples;
      if (Array.isArray(examples)) {
        for (let i = 0; i < examples.length; i++) {
          if (!fits(examples[i], schema, nullable)) {
            report(schema, path, ["examples", i], "example", examples[i], anchor);
          }
        }
      }
    };
    /** A parameter, header or media type `example` against its (resolved) schema. */
    const checkHolder = (node: Record<string, unknown>, path: readonly (string | number)[], file: string) => {
      if (node.example === undefined || node.schema === undefined) return;
      const r = ctx.resolve(node.schema, file, [...path, "schema"]);
      if (r === undefined || !isObject(r.value) || r.value.type === undefined) return;
      if (!fits(node.example, r.value, nullable)) {
        ctx.report(
          [...path, "example"],
          `example ${q(node.example)} is a ${typeOf(node.example)}, but the schema's type is ${
            describe(r.value)
          }.`,
        );
      }
    };
    const v2 = ctx.oasVersion === "2.0";
    return {
      schema(schema, at) {
        check(schema, at.path);
      },
      parameter(p, at) {
        if (v2) check(p, at.path, "parameter-object");
        else checkHolder(p, at.path, at.file);
      },
      header(h, at) {
        if (v2) check(h, at.path, "header-object");
        else checkHolder(h, at.path, at.file);
      },
      items(items, at) {
        check(items, at.path, "items-object");
      },
      mediaType(m, at) {
        checkHolder(m, at.path, at.file);
      },
    };
  },
};

/**
 * Schema keyword conversion, shared by every direction: each function converts the Schema Objects of a step's
 * input in place (found by kind with the walker, each once), keeping the order of their keywords.
 *
 * @module
 */
import { quote } from "../core/bounded_text.ts";
import { isObject } from "../core/json.ts";
import { collect, type Placed, rebuild, reportExtensions, type Step } from "./_context.ts";

/** Keywords that describe a schema without constraining values (they stay outside a wrapping `anyOf`). */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "example",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
  "externalDocs",
  "xml",
  "discriminator",
  "$comment",
]);

/** JSON Schema 2020-12 keywords that 3.0's schema dialect does not have: removed going down. */
const NOT_IN_30 = [
  "$comment",
  "$id",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$defs",
  "$schema",
  "$vocabulary",
  "prefixItems",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependentRequired",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "minContains",
  "maxContains",
  "propertyNames",
  "patternProperties",
  "contentSchema",
];
const NOT_IN_30_SET = new Set(NOT_IN_30);

/** 3.0 keywords 2.0's Schema Object lacks: kept as `x-` extensions going to 2.0. */
const NOT_IN_20 = new Set(["oneOf", "anyOf", "not", "writeOnly", "deprecated"]);

function schemas(step: Step): Placed[] {
  return collect(step.doc, step.from, ["schema"], { refs: true }).get("schema")!;
}

/** One 2.0 schema (or Items Object turned schema) as 3.0, in place. */
export function schema2to3(node: Record<string, unknown>): void {
  if (
    typeof node.discriminator !== "string" && !("x-nullable" in node) && node.type !== "file"
  ) return;
  rebuild(node, (k, v) => {
    if (k === "discriminator" && typeof v === "string") return [[k, { propertyName: v }]];
    if (k === "x-nullable" && typeof v === "boolean") return v ? [["nullable", true]] : [];
    if (k === "type" && v === "file") {
      return "format" in node ? [[k, "string"]] : [[k, "string"], ["format", "binary"]];
    }
    if (k === "format" && node.type === "file") return [[k, "binary"]];
    return undefined;
  });
}

/** Siblings of a `$ref` kept going to 2.0 (annotations). */
const REF_SIBLINGS_20 = new Set(["$ref", "description", "title"]);

/** 3.0 → 2.0: `nullable` → `x-nullable`, discriminator objects → names, 3.0-only keywords → `x-` extensions. */
export function schemas3to2(step: Step): void {
  for (const { node, path } of schemas(step)) {
    if (typeof node.$ref === "string") {
      // 3.0 ignores the siblings of a `$ref`: only its annotations and extensions are kept (anything else could
      // make the 2.0 schema invalid, and meant nothing).
      for (const k of Object.keys(node)) if (!REF_SIBLINGS_20.has(k) && !k.startsWith("x-")) delete node[k];
      continue;
    }
    let change = false;
    for (const k in node) {
      if (k === "nullable" || k === "discriminator" || NOT_IN_20.has(k)) {
        change = true;
        break;
      }
    }
    if (!change) continue;
    rebuild(node, (k, v) => {
      if (k === "nullable") return v === true ? [["x-nullable", true]] : [];
      if (k === "discriminator" && isObject(v)) {
        reportExtensions(step, v, [...path, k], "discriminator");
        if (isObject(v.mapping) && Object.keys(v.mapping).length > 0) {
          step.add(
            "warning",
            [...path, "discriminator", "mapping"],
            "OpenAPI 2.0 discriminators have no mapping; the mapping is left out.",
            "convert-discriminator-mapping",
            "name each subtype schema after its discriminator value.",
          );
        }
        const name = v.propertyName;
        const props = isObject(node.properties) ? node.properties : {};
        const required = Array.isArray(node.required) ? node.required : [];
        if (typeof name === "string" && Object.hasOwn(props, name) && required.includes(name)) {
          return [[k, name]];
        }
        step.add(
          "warning",
          [...path, k],
          "an OpenAPI 2.0 discriminator must be a required property of its own schema; it is left out.",
          "convert-discriminator",
        );
        return [];
      }
      if (NOT_IN_20.has(k)) {
        if (k !== "deprecated") {
          step.add(
            "warning",
            [...path, k],
            `OpenAPI 2.0 schemas have no "${k}"; it is kept as the extension "x-${k}", which validators ignore.`,
            "convert-schema-keyword",
          );
        }
        return [[`x-${k}`, v]];
      }
      return undefined;
    });
  }
}

/** 3.0 → 3.1: `nullable` → type lists, boolean exclusive bounds → numbers, `example` → `examples`, base64. */
export function schemasUp(list: readonly Placed[]): void {
  for (const { node } of list) schemaUp(node);
}

function schemaUp(node: Record<string, unknown>): void {
  let change = false;
  for (const k in node) {
    if (
      k === "nullable" || k === "exclusiveMinimum" || k === "exclusiveMaximum" || k === "example" ||
      (k === "format" && node.format === "base64")
    ) {
      change = true;
      break;
    }
  }
  if (!change) return;
  const nullable = node.nullable === true;
  const typed = typeof node.type === "string";
  const union = Array.isArray(node.anyOf) ? "anyOf" : Array.isArray(node.oneOf) ? "oneOf" : undefined;
  // Without a type or a union to add "null" to, the constraints move into an `anyOf` beside `{type: "null"}`.
  let wrap: Record<string, unknown> | undefined;
  if (nullable && !typed && union === undefined) {
    const inner: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k !== "nullable" && !ANNOTATIONS.has(k) && !k.startsWith("x-")) inner[k] = v;
    }
    if (Object.keys(inner).length > 0) wrap = inner;
  }
  let wrapped = false;
  rebuild(node, (k, v) => {
    if (k === "nullable") return [];
    if (wrap !== undefined && Object.hasOwn(wrap, k)) {
      if (wrapped) return [];
      wrapped = true;
      schemaUp(wrap);
      return [["anyOf", [wrap, { type: "null" }]]];
    }
    if (k === "type" && nullable && typeof v === "string") return [[k, [v, "null"]]];
    if (k === "enum" && nullable && typed && Array.isArray(v) && !v.includes(null)) {
      return [[k, [...v, null]]];
    }
    if (k === union && nullable && !typed && Array.isArray(v)) return [[k, [...v, { type: "null" }]]];
    if (k === "exclusiveMinimum" || k === "exclusiveMaximum") {
      const bound = node[k === "exclusiveMinimum" ? "minimum" : "maximum"];
      return v === true && typeof bound === "number" ? [[k, bound]] : typeof v === "boolean" ? [] : undefined;
    }
    if (
      (k === "minimum" && node.exclusiveMinimum === true) ||
      (k === "maximum" && node.exclusiveMaximum === true)
    ) {
      return [];
    }
    if (k === "example" && !("examples" in node)) return [["examples", [v]]];
    if (k === "format" && v === "base64" && node.type === "string" && !("contentEncoding" in node)) {
      return [["contentEncoding", "base64"]];
    }
    return undefined;
  });
}

/** A `oneOf`/`anyOf` branch that only allows null. */
function isNullBranch(v: unknown): boolean {
  if (!isObject(v) || v.type !== "null") return false;
  return Object.keys(v).every((k) => k === "type" || k === "description" || k === "title");
}

/**
 * 3.1 → 3.0: type lists → `type` + `nullable` (or `anyOf`), `null` branches → `nullable`, `const` → `enum`,
 * numeric exclusive bounds → boolean ones, `examples` → `example`, content keywords → `format`, 2020-12-only
 * keywords removed, `$ref` siblings that constrain moved beside an `allOf`.
 */
export function schemasDown(step: Step): void {
  const list = schemas(step);
  // Null branches first: the parent becomes nullable, whatever order the walk met them in.
  const detached = new Set<unknown>();
  for (const { node } of list) {
    for (const union of ["oneOf", "anyOf"]) {
      const branches = node[union];
      if (!Array.isArray(branches) || !branches.some(isNullBranch)) continue;
      const rest = branches.filter((b) => !isNullBranch(b));
      if (rest.length === 0) continue;
      for (const b of branches) if (isNullBranch(b)) detached.add(b);
      rebuild(node, (k) => k === union ? [[k, rest], ["nullable", true]] : undefined);
    }
  }
  for (const { node, path } of list) if (!detached.has(node)) schemaDown(step, node, path);
  booleanSchemasDown(step, list);
}

/** Places holding one subschema, and places holding a list or map of them, where 3.0 takes no boolean. */
const ONE_SCHEMA = ["items", "not"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"];

/**
 * 3.1 → 3.0: boolean schemas (`true`, `false`) → `{}` and `{not: {}}` (3.0 takes booleans only as
 * `additionalProperties`), one info issue each; arrays without `items` get `items: {}`, with an info issue.
 */
function booleanSchemasDown(step: Step, list: readonly Placed[]): void {
  const replace = (
    holder: Record<string | number, unknown> | unknown[],
    key: string | number,
    at: (string | number)[],
  ) => {
    const v = (holder as Record<string | number, unknown>)[key];
    if (typeof v !== "boolean") return;
    step.add(
      "info",
      at,
      `OpenAPI 3.0 has no boolean schemas; "${v}" becomes ${v ? "{}" : "{not: {}}"}.`,
      "convert-boolean-schema",
    );
    (holder as Record<string | number, unknown>)[key] = v ? {} : { not: {} };
  };
  const components = step.doc.components;
  if (isObject(components) && isObject(components.schemas)) {
    for (const name of Object.keys(components.schemas)) {
      replace(components.schemas, name, ["components", "schemas", name]);
    }
  }
  for (const { node, path } of list) {
    for (const k of ONE_SCHEMA) replace(node, k, [...path, k]);
    if (isObject(node.properties)) {
      for (const p of Object.keys(node.properties)) replace(node.properties, p, [...path, "properties", p]);
    }
    for (const k of SCHEMA_LISTS) {
      const l = node[k];
      if (Array.isArray(l)) l.forEach((_, i) => replace(l, i, [...path, k, i]));
    }
    if (node.type === "array" && !("items" in node)) {
      step.add(
        "info",
        [...path, "type"],
        "OpenAPI 3.0 arrays need items; items: {} (any value) is added.",
        "convert-array-items",
      );
      node.items = {};
    }
  }
}

function schemaDown(step: Step, node: Record<string, unknown>, path: (string | number)[]): void {
  const type = node.type;
  const removed = (k: string, why: string) =>
    step.add(
      "warning",
      [...path, k],
      `OpenAPI 3.0 schemas have no "${k}"; ${why}`,
      "convert-keyword-removed",
    );
  const hasRef = typeof node.$ref === "string";
  const constraining = hasRef &&
    Object.keys(node).some((k) =>
      k !== "$ref" && !ANNOTATIONS.has(k) && !k.startsWith("x-") && k !== "summary"
    );
  rebuild(node, (k, v) => {
    if (k === "$ref" && constraining) return [["allOf", [{ $ref: v }]]];
    if (k === "type" && Array.isArray(type)) {
      const nonNull = type.filter((t) => t !== "null");
      const nullable: [string, unknown][] = nonNull.length < type.length ? [["nullable", true]] : [];
      if (nonNull.length === 1) return [[k, nonNull[0]], ...nullable];
      if (nonNull.length === 0) {
        if (nullable.length === 0) return [];
        step.add(
          "warning",
          [...path, k],
          'OpenAPI 3.0 has no "null" type; the schema allows only null as a nullable enum.',
          "convert-type-array",
        );
        return [...nullable, ["enum", [null]]];
      }
      step.add(
        "warning",
        [...path, k],
        `OpenAPI 3.0 schemas take one type; the types ${quote(nonNull)} become an anyOf.`,
        "convert-type-array",
      );
      return [["anyOf", nonNull.map((t) => ({ type: t }))], ...nullable];
    }
    if (k === "type" && v === "null") {
      step.add(
        "warning",
        [...path, k],
        'OpenAPI 3.0 has no "null" type; the schema allows only null as a nullable enum.',
        "convert-type-array",
      );
      return [["nullable", true], ["enum", [null]]];
    }
    if (k === "const") return "enum" in node ? [] : [["enum", [v]]];
    if ((k === "exclusiveMinimum" || k === "exclusiveMaximum") && typeof v === "number") {
      const boundKey = k === "exclusiveMinimum" ? "minimum" : "maximum";
      const bound = node[boundKey];
      const stricter = typeof bound !== "number" ||
        (k === "exclusiveMinimum" ? v >= bound : v <= bound);
      return stricter ? [[boundKey, v], [k, true]] : [];
    }
    if (
      (k === "minimum" || k === "maximum") &&
      typeof node[k === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] === "number"
    ) {
      const excl = node[k === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] as number;
      const stricter = typeof v !== "number" || (k === "minimum" ? excl >= v : excl <= v);
      return stricter ? [] : undefined;
    }
    if (k === "examples" && Array.isArray(v)) {
      if (v.length > 1) {
        step.add(
          "warning",
          [...path, k],
          `OpenAPI 3.0 schemas hold one example; the first of ${v.length} is kept.`,
          "convert-examples-first",
        );
      }
      return v.length === 0 || "example" in node ? [] : [["example", v[0]]];
    }
    if (k === "contentEncoding") {
      if (v === "base64" && !("format" in node)) return [["format", "base64"]];
      removed(k, "it is left out.");
      return [];
    }
    if (k === "contentMediaType") {
      if (node.type === "string" || type === undefined) {
        return "format" in node || "contentEncoding" in node ? [] : [["format", "binary"]];
      }
      removed(k, "it is left out.");
      return [];
    }
    if (NOT_IN_30_SET.has(k)) {
      removed(k, "it is left out, and what it constrained is no longer checked.");
      // An array needs `items` in 3.0: a tuple's items become any value.
      return k === "prefixItems" && !("items" in node) ? [["items", {}]] : [];
    }
    return undefined;
  });
}

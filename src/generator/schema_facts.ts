/**
 * Facts about schemas the type model asks: the one main type, nullability, enum/union/struct shapes, the single
 * member of a composition, and the go-playground/validator tag of a field.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { goNamed, goSlice, type GoType } from "./go_type.ts";

/** Key of a place in the document set. */
export function placeKey(file: string, segments: readonly (string | number)[]): string {
  return `${file}\0${segments.join("/")}`;
}

/** The one non-null type of a schema (`type` string, or a type list with `null`), undefined otherwise. */
export function mainType(schema: Record<string, unknown>): string | undefined {
  const t = schema.type;
  if (typeof t === "string") return t;
  if (Array.isArray(t)) {
    const rest = t.filter((x) => x !== "null");
    return rest.length === 1 && typeof rest[0] === "string"
      ? rest[0]
      : (rest.length === 0 ? "null" : undefined);
  }
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return "object";
  if (isObject(schema.items)) return "array";
  return undefined;
}

/**
 * The Go type of a scalar schema by its type and format (the spec's type mapping): `date-time` → time.Time,
 * `binary`/`byte` → []byte where `bytes` allows it (a header is text), int32 or int64, float32 or float64, bool;
 * undefined for the other types.
 */
export function scalarGoType(type: string | undefined, format: unknown, bytes: boolean): GoType | undefined {
  switch (type) {
    case "string":
      if (format === "date-time") return goNamed("time.Time", "time");
      return bytes && (format === "binary" || format === "byte")
        ? goSlice(goNamed("byte"))
        : goNamed("string");
    case "integer":
      return goNamed(format === "int32" ? "int32" : "int64");
    case "number":
      return goNamed(format === "float" ? "float32" : "float64");
    case "boolean":
      return goNamed("bool");
  }
  return undefined;
}

/** Whether `null` is a value of the schema (3.0 `nullable`, 2.0 `x-nullable`, 3.1 type lists, a null alternative). */
export function isNullable(schema: Record<string, unknown>): boolean {
  if (schema.nullable === true || schema["x-nullable"] === true) return true;
  if (Array.isArray(schema.type) && schema.type.includes("null") && schema.type.length > 1) return true;
  return unionHasNull(schema);
}

/** Whether a oneOf/anyOf lists a `null` alternative. */
export function unionHasNull(schema: Record<string, unknown>): boolean {
  const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
  return list.some((a) => isObject(a) && a.type === "null");
}

/** Whether the schema is a string enum (a named type with constants). */
export function isStringEnum(schema: Record<string, unknown>): boolean {
  return Array.isArray(schema.enum) && schema.enum.length > 0 &&
    schema.enum.every((v) => typeof v === "string" || v === null) &&
    schema.enum.some((v) => typeof v === "string") &&
    (mainType(schema) === "string" || mainType(schema) === undefined);
}

/** Whether the schema is a union of two or more non-null alternatives. */
export function isUnion(schema: Record<string, unknown>): boolean {
  const list = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
    ? schema.anyOf
    : undefined;
  if (list === undefined) return false;
  return list.filter((a) => !(isObject(a) && a.type === "null")).length > 1;
}

/** Whether the schema declares properties (a struct). */
export function isStructLike(schema: Record<string, unknown>): boolean {
  const props = schema.properties;
  if (!isObject(props)) return false;
  for (const key in props) if (Object.hasOwn(props, key)) return true;
  return false;
}

const COMPOSITIONS = ["allOf", "oneOf", "anyOf"] as const;

/**
 * The single member of an `allOf`, or the single non-null alternative of a `oneOf`/`anyOf` (with no properties
 * of its own), else undefined.
 */
export function singleAllOf(schema: Record<string, unknown>): unknown {
  if (isObject(schema.properties)) return undefined;
  if (schema.allOf === undefined && schema.oneOf === undefined && schema.anyOf === undefined) {
    return undefined;
  }
  for (const key of COMPOSITIONS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const rest = key === "allOf" ? list : list.filter((a) => !(isObject(a) && a.type === "null"));
    if (rest.length === 1 && (key === "allOf" ? !isUnion(schema) : true)) return rest[0];
  }
  return undefined;
}

/** The composition keyword a schema uses (`allOf`, `oneOf` or `anyOf`). */
export function memberKey(schema: Record<string, unknown>): string {
  return Array.isArray(schema.allOf) ? "allOf" : Array.isArray(schema.oneOf) ? "oneOf" : "anyOf";
}

/** The distinct strings of a list, in order. */
export function uniqueStrings(values: unknown[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === "string"))];
}

const TAG_WORD = /^[A-Za-z0-9_.\-]+$/;

function num(v: unknown): string | undefined {
  return typeof v === "number" && Number.isFinite(v) ? String(v) : undefined;
}

/** The go-playground/validator tag of a field ("" when there is nothing to check). */
export function validateTag(s: Record<string, unknown>, required: boolean, goType: GoType): string {
  const parts: string[] = [];
  const t = mainType(s);
  if (t === "string" && goType.kind === "named" && goType.name === "string") {
    const min = num(s.minLength);
    const max = num(s.maxLength);
    if (min !== undefined && min === max) parts.push(`len=${min}`);
    else {
      if (min !== undefined && min !== "0") parts.push(`min=${min}`);
      if (max !== undefined) parts.push(`max=${max}`);
    }
    if (s.format === "email") parts.push("email");
    else if (s.format === "uuid") parts.push("uuid");
    else if (s.format === "uri" || s.format === "url") parts.push("url");
    else if (s.format === "ipv4") parts.push("ipv4");
    else if (s.format === "ipv6") parts.push("ipv6");
    if (
      Array.isArray(s.enum) && s.enum.length > 0 &&
      s.enum.every((v) => typeof v === "string" && TAG_WORD.test(v))
    ) {
      parts.push(`oneof=${s.enum.join(" ")}`);
    }
  } else if ((t === "integer" || t === "number") && !bracketed(goType)) {
    const min = num(s.minimum);
    const max = num(s.maximum);
    if (min !== undefined) parts.push(s.exclusiveMinimum === true ? `gt=${min}` : `min=${min}`);
    else if (num(s.exclusiveMinimum) !== undefined) parts.push(`gt=${num(s.exclusiveMinimum)}`);
    if (max !== undefined) parts.push(s.exclusiveMaximum === true ? `lt=${max}` : `max=${max}`);
    else if (num(s.exclusiveMaximum) !== undefined) parts.push(`lt=${num(s.exclusiveMaximum)}`);
    if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v) => Number.isInteger(v))) {
      parts.push(`oneof=${s.enum.join(" ")}`);
    }
  } else if (t === "array" && goType.kind === "slice") {
    const min = num(s.minItems);
    const max = num(s.maxItems);
    if (min !== undefined && min !== "0") parts.push(`min=${min}`);
    if (max !== undefined) parts.push(`max=${max}`);
  }
  if (required) return ["required", ...parts].join(",");
  return parts.length > 0 ? ["omitempty", ...parts].join(",") : "";
}

/** The names the parts list as required (undefined when none does). */
export function requiredOf(parts: readonly Record<string, unknown>[]): Set<unknown> | undefined {
  let out: Set<unknown> | undefined;
  for (const p of parts) {
    if (!Array.isArray(p.required)) continue;
    out ??= new Set();
    for (const r of p.required) out.add(r);
  }
  return out;
}

/**
 * Whether a property name can be a Go struct tag name as written: printable ASCII other than the quote,
 * backslash, back quote and comma (what go-playground and encoding/json read back).
 */
export function isTagName(prop: string): boolean {
  if (prop === "") return false;
  for (let i = 0; i < prop.length; i++) {
    const c = prop.charCodeAt(i);
    if (c < 32 || c > 126 || c === 34 || c === 39 || c === 44 || c === 92 || c === 96) return false;
  }
  return true;
}

/** Whether the Go text of a type has brackets (a slice, a map or a generic type, behind any pointers). */
function bracketed(t: GoType): boolean {
  if (t.kind === "pointer") return bracketed(t.elem);
  return t.kind === "slice" || t.kind === "map" || (t.kind === "named" && t.args !== undefined);
}

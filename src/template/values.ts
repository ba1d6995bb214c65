/**
 * Values at run time: Go's truth rule, Go-style type names and `fmt.Sprint` formatting, and the run-time check of
 * a value against a static type.
 *
 * @module
 */

import type { TemplateType, TemplateValue } from "./types.ts";

/** Go's truth rule: false, 0, nil and empty strings and lists are false. */
export function isTrue(v: TemplateValue): boolean {
  if (v === null) return false;
  if (typeof v === "string") return v.length > 0;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** Go-style name of the dynamic type of a value, for messages. */
export function typeOfValue(v: TemplateValue): string {
  if (v === null) return "nil";
  if (typeof v === "string") return "string";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float64";
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return "[]string";
  return "struct";
}

/** Whether a run-time value has the static type `param` (`any` accepts everything). */
export function valueMatches(param: TemplateType, v: TemplateValue): boolean {
  switch (param) {
    case "any":
      return true;
    case "string":
      return typeof v === "string";
    case "int":
      return typeof v === "number" && Number.isInteger(v);
    case "float":
      return typeof v === "number";
    case "bool":
      return typeof v === "boolean";
    case "strings":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
    case "struct":
      return v !== null && typeof v === "object" && !Array.isArray(v);
  }
}

/** Formats a value as Go's fmt.Sprint does for the value kinds templates hold. */
export function formatValue(v: TemplateValue): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(formatValue).join(" ")}]`;
  const obj = v as { readonly [field: string]: TemplateValue };
  return `{${Object.keys(obj).map((k) => formatValue(obj[k])).join(" ")}}`;
}

/** The UTF-8 bytes of a string (Go strings are bytes: `len` and `index` count them). */
export function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/**
 * JSON Schema keywords that hold subschemas, shared by everything that walks schemas (the validator's typed walk,
 * the joiner's canonical forms and reference graph).
 *
 * @module
 */

/** Keywords whose value is one schema (or a boolean schema). `items` may also be a list (draft-04 tuples). */
export const SINGLE_SCHEMA_KEYWORDS: readonly string[] = [
  "items",
  "additionalProperties",
  "additionalItems",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
];

/** Keywords whose value is a list of schemas. */
export const LIST_SCHEMA_KEYWORDS: readonly string[] = ["allOf", "anyOf", "oneOf", "prefixItems"];

/** Keywords whose value maps names to schemas (`dependencies` values may also be lists of property names). */
export const MAP_SCHEMA_KEYWORDS: readonly string[] = [
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
  "dependencies",
];

/**
 * The 2.0 fields of a parameter, header or Items Object that describe its values (together they form the
 * schema a 3.x parameter has), in the order the converter writes them.
 */
export const PARAMETER_VALUE_FIELDS: readonly string[] = [
  "type",
  "format",
  "items",
  "default",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "enum",
  "multipleOf",
];

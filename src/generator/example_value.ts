/**
 * Example values from an OpenAPI document, as plain JSON data: a response's example (the media type's
 * `example`, the first of its `examples` with `$ref`s to components followed, 2.0's `examples` by media type),
 * else one built from the schema (`example`, `examples`, `default`, `const`, the first `enum` value, else its
 * properties and items, recursively). Depth and size are bounded and reference cycles are cut, so no document
 * can make the walk run long or overflow the stack.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import { followedObject, followRef } from "./follow_ref.ts";

/** Deepest schema nesting an example is built from; deeper properties are left out (zero values). */
export const MAX_EXAMPLE_DEPTH = 8;

/** Most schema nodes visited to build one example. */
export const MAX_EXAMPLE_NODES = 2_000;

/** An example and where it comes from. */
export interface FoundExample {
  /** The value (plain JSON data). */
  value: unknown;
  /** Where the value is written in the document, or the schema it was built from. */
  at: (string | number)[];
}

/**
 * The example of a Media Object (3.x): its `example`, else the `value` of the first entry of `examples`
 * (a `$ref` to a component followed), else one built from its schema; undefined when there is none.
 */
export function mediaExample(
  index: RefIndex,
  media: Record<string, unknown>,
  at: (string | number)[],
): FoundExample | undefined {
  if ("example" in media && media.example !== undefined) {
    return { value: media.example, at: [...at, "example"] };
  }
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const ex = followedObject(index, raw);
      if (ex !== undefined && "value" in ex && ex.value !== undefined) {
        return { value: ex.value, at: [...at, "examples", name, "value"] };
      }
      break;
    }
  }
  return schemaExample(index, media.schema, [...at, "schema"]);
}

/**
 * The example of a schema: its own `example`, `examples[0]`, `default`, `const` or first `enum` value, else
 * an object of its properties' examples, an array of its items' example, or the first alternative's; undefined
 * when nothing gives a value (the Go zero value is used).
 */
export function schemaExample(
  index: RefIndex,
  schema: unknown,
  at: (string | number)[],
): FoundExample | undefined {
  const budget = { nodes: MAX_EXAMPLE_NODES };
  const value = build(index, schema, index.rootKey, 0, new Set(), budget);
  return value === undefined ? undefined : { value, at };
}

function build(
  index: RefIndex,
  raw: unknown,
  file: string,
  depth: number,
  onPath: Set<unknown>,
  budget: { nodes: number },
): unknown {
  if (depth > MAX_EXAMPLE_DEPTH || budget.nodes-- <= 0) return undefined;
  const r = followRef(index, raw, file);
  if (!r.ok) return undefined;
  const schema = r.value;
  file = r.file;
  if (!isObject(schema) || onPath.has(schema)) return undefined;
  if ("example" in schema && schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("default" in schema && schema.default !== undefined) return schema.default;
  if ("const" in schema && schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) {
    const first = schema.enum.find((v) => v !== null);
    if (first !== undefined) return first;
  }
  onPath.add(schema);
  try {
    if (Array.isArray(schema.allOf)) {
      const merged: Record<string, unknown> = {};
      let any = false;
      for (const part of schema.allOf) {
        const v = build(index, part, file, depth + 1, onPath, budget);
        if (isObject(v)) {
          Object.assign(merged, v);
          any = true;
        } else if (v !== undefined && !isObject(schema.properties)) return v;
      }
      const own = properties(index, schema, file, depth, onPath, budget);
      if (own !== undefined) Object.assign(merged, own);
      return any || own !== undefined ? merged : undefined;
    }
    for (const key of ["oneOf", "anyOf"]) {
      const list = schema[key];
      if (!Array.isArray(list)) continue;
      for (const alt of list) {
        if (isObject(alt) && alt.type === "null") continue;
        const v = build(index, alt, file, depth + 1, onPath, budget);
        if (v !== undefined) return v;
      }
    }
    const own = properties(index, schema, file, depth, onPath, budget);
    if (own !== undefined) return own;
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
    if (type === "array" || (type === undefined && isObject(schema.items))) {
      const item = build(index, schema.items, file, depth + 1, onPath, budget);
      return item === undefined ? [] : [item];
    }
    return undefined;
  } finally {
    onPath.delete(schema);
  }
}

function properties(
  index: RefIndex,
  schema: Record<string, unknown>,
  file: string,
  depth: number,
  onPath: Set<unknown>,
  budget: { nodes: number },
): Record<string, unknown> | undefined {
  if (!isObject(schema.properties)) return undefined;
  const out: Record<string, unknown> = {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (budget.nodes <= 0) break;
    const v = build(index, prop, file, depth + 1, onPath, budget);
    if (v !== undefined) out[name] = v;
    else if (required.includes(name)) {
      const p = placeholder(index, prop, file);
      if (p !== undefined) out[name] = p;
    }
  }
  return out;
}

/** The zero value of a required primitive property without an example (a time for `date-time`). */
function placeholder(index: RefIndex, raw: unknown, file: string): unknown {
  const schema = followedObject(index, raw, file);
  if (schema === undefined) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return schema.format === "date-time" ? "1970-01-01T00:00:00Z" : "";
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
  }
  return undefined;
}

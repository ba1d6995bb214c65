/**
 * Parameters and headers between 2.0 and 3.x: 2.0's `type`/`format`/`items`/constraints ↔ a 3.x `schema`, and
 * `collectionFormat` ↔ `style`/`explode`.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { uniqueValues } from "../core/canonical_key.ts";
import { PARAMETER_VALUE_FIELDS } from "../core/schema_keywords.ts";
import { rebuild, type Segments, setMember, type Step } from "./_context.ts";
import { schema2to3 } from "./_schema.ts";

const VALUE_SET = new Set(PARAMETER_VALUE_FIELDS);

/** Deepest `items` chain followed (2.0 Items Objects nest; documents are hostile). */
const MAX_ITEMS_DEPTH = 64;

/**
 * The 3.x schema of a 2.0 parameter, header or Items Object: its value fields in order (nested `items` too;
 * `type: file` → binary string); a nested `collectionFormat` has no 3.x place and is reported.
 */
export function valueSchema(
  step: Step,
  node: Record<string, unknown>,
  at: Segments,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let src: Record<string, unknown> | undefined = node;
  let dst = root;
  let path: (string | number)[] = [...at];
  for (let depth = 0; src !== undefined && depth < MAX_ITEMS_DEPTH; depth++) {
    let next: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(src)) {
      if (k === "items" && isObject(v)) {
        const items: Record<string, unknown> = {};
        dst.items = items;
        next = v;
        continue;
      }
      if (VALUE_SET.has(k) || (depth > 0 && k.startsWith("x-"))) dst[k] = v;
      if (k === "collectionFormat" && depth > 0 && v !== "csv") {
        step.add(
          "warning",
          [...path, k],
          `a nested collectionFormat "${v}" has no OpenAPI 3 equivalent; nested arrays use the default.`,
          "convert-collection-format",
        );
      }
    }
    schema2to3(dst);
    if (next !== undefined && depth + 1 === MAX_ITEMS_DEPTH) tooDeep(step, path);
    if (next !== undefined) {
      dst = dst.items as Record<string, unknown>;
      path = [...path, "items"];
    }
    src = next;
  }
  return root;
}

function tooDeep(step: Step, at: Segments): void {
  step.add(
    "warning",
    at,
    `arrays nested more than ${MAX_ITEMS_DEPTH} deep are cut there; the innermost items are left out.`,
    "convert-depth-limit",
  );
}

/** `style`/`explode` of a 2.0 `collectionFormat` for a parameter in `where` (query, path, header, formData). */
export function styleOf(
  step: Step,
  format: unknown,
  where: string,
  at: Segments,
): [string, unknown][] {
  const simple = where === "path" || where === "header";
  switch (format ?? "csv") {
    case "csv":
      return simple ? [] : [["style", "form"], ["explode", false]];
    case "multi":
      return simple ? [] : [["style", "form"], ["explode", true]];
    case "ssv":
    case "pipes":
      if (!simple) {
        return [["style", format === "ssv" ? "spaceDelimited" : "pipeDelimited"], ["explode", false]];
      }
      break;
  }
  step.add(
    "warning",
    at,
    `collectionFormat "${format}" has no OpenAPI 3 equivalent for a ${where} parameter; it is left out ` +
      "and the default style applies.",
    "convert-collection-format",
    "describe the separator in the parameter's description.",
  );
  return [];
}

/** A 2.0 non-body parameter (or a Header Object, which has no `in`) as 3.x, keeping its fields' order. */
export function parameter2to3(step: Step, p: Record<string, unknown>, at: Segments): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  const where = String(p.in ?? "header");
  const isArray = p.type === "array";
  let placed = false;
  rebuild(out, (k) => {
    if (VALUE_SET.has(k) || k === "collectionFormat") {
      if (placed) return [];
      placed = true;
      const style = isArray ? styleOf(step, p.collectionFormat, where, [...at, "collectionFormat"]) : [];
      return [["schema", valueSchema(step, p, at)], ...style];
    }
    if (k === "allowEmptyValue" && where !== "query") return [];
    return undefined;
  });
  if (!placed && p.in !== undefined && where !== "body") out.schema = {};
  return out;
}

/** 2.0's fields lifted from a 3.x schema: `type`, `format`, `items`, constraints (a `$ref` is followed). */
export function liftSchema(
  step: Step,
  schema: unknown,
  at: Segments,
  what: string,
): [string, unknown][] {
  const out: [string, unknown][] = [];
  let s = step.deref(schema);
  let target: [string, unknown][] = out;
  let path: (string | number)[] = [...at];
  for (let depth = 0; s !== undefined && depth < MAX_ITEMS_DEPTH; depth++) {
    let next: Record<string, unknown> | undefined;
    let type = s.type;
    if (Array.isArray(type)) type = type.find((t) => t !== "null");
    if (type === undefined || type === "object" || type === "null") {
      if (type === "object" || s.properties !== undefined || s.oneOf !== undefined || s.anyOf !== undefined) {
        step.add(
          "warning",
          path,
          `OpenAPI 2.0 ${what}s hold only primitive values or arrays; this schema becomes a string.`,
          "convert-parameter-schema",
        );
      }
      type = "string";
    }
    const here = target;
    here.push(["type", type]);
    let inner: [string, unknown][] | undefined;
    for (const k of PARAMETER_VALUE_FIELDS) {
      if (k === "type" || s[k] === undefined) continue;
      if (k === "items") {
        next = step.deref(s.items);
        if (next !== undefined) {
          inner = [];
          here.push(["items", inner]);
        }
        continue;
      }
      if ((k === "exclusiveMinimum" || k === "exclusiveMaximum") && typeof s[k] === "number") {
        here.push([k === "exclusiveMinimum" ? "minimum" : "maximum", s[k]], [k, true]);
        continue;
      }
      here.push([k, k === "enum" && Array.isArray(s[k]) ? uniqueValues(s[k] as unknown[]) : s[k]]);
    }
    if (s.const !== undefined && s.enum === undefined) here.push(["enum", [s.const]]);
    if (type === "array" && next === undefined) here.push(["items", [["type", "string"]]]);
    if (inner !== undefined) {
      target = inner;
      path = [...path, "items"];
      if (depth + 1 === MAX_ITEMS_DEPTH) {
        tooDeep(step, path);
        inner.push(["type", "string"]);
      }
    }
    s = next;
  }
  return toObjects(out);
}

/** Turns nested entry lists (from {@link liftSchema}) into objects. */
function toObjects(entries: [string, unknown][]): [string, unknown][] {
  return entries.map(([k, v]) =>
    k === "items" && Array.isArray(v) ? [k, Object.fromEntries(toObjects(v as [string, unknown][]))] : [k, v]
  );
}

/** 2.0's `collectionFormat` of a 3.x parameter's `style`/`explode` (undefined: the 2.0 default, csv). */
export function collectionFormatOf(
  step: Step,
  p: Record<string, unknown>,
  at: Segments,
): string | undefined {
  const where = p.in;
  const style = p.style ?? (where === "query" || where === "cookie" ? "form" : "simple");
  const explode = p.explode ?? style === "form";
  switch (style) {
    case "form":
      return explode ? "multi" : undefined;
    case "simple":
      return undefined;
    case "spaceDelimited":
      return "ssv";
    case "pipeDelimited":
      return "pipes";
  }
  step.add(
    "warning",
    [...at, "style"],
    `style "${style}" has no OpenAPI 2.0 equivalent; the values are sent comma-separated.`,
    "convert-parameter-style",
  );
  return undefined;
}

/**
 * A 3.x parameter (or header, with `where` undefined) as 2.0: the value fields lifted from its schema (or the
 * first media type of its `content`), `style`/`explode` as `collectionFormat`, extensions kept.
 */
export function parameter3to2(step: Step, p: Record<string, unknown>, at: Segments): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let schema: unknown = p.schema;
  let schemaKey = "schema";
  if (schema === undefined && isObject(p.content)) {
    const first = Object.keys(p.content)[0];
    const media = first === undefined ? undefined : p.content[first];
    schema = isObject(media) ? media.schema : undefined;
    schemaKey = "content";
    step.add(
      "warning",
      [...at, "content"],
      `OpenAPI 2.0 parameters have no content; the schema of "${first}" is used and its serialisation is lost.`,
      "convert-parameter-content",
    );
  }
  const what = p.in === undefined ? "header" : "parameter";
  const lifted = liftSchema(step, schema ?? {}, [...at, schemaKey], what);
  let placed = false;
  for (const [k, v] of Object.entries(p)) {
    if (k === "schema" || k === "content") {
      if (placed) continue;
      placed = true;
      for (const [lk, lv] of lifted) out[lk] = lv;
      if (out.type === "array") {
        const cf = collectionFormatOf(step, p, at);
        if (cf !== undefined) out.collectionFormat = cf;
      }
      continue;
    }
    if (k === "style" || k === "explode") continue;
    if (k === "example") {
      out["x-example"] = v;
      continue;
    }
    if (k === "examples" || k === "allowReserved") {
      step.add(
        "warning",
        [...at, k],
        `OpenAPI 2.0 ${what}s have no "${k}"; it is left out.`,
        "convert-parameter-field",
      );
      continue;
    }
    if (k === "deprecated") {
      out["x-deprecated"] = v;
      continue;
    }
    if (k === "allowEmptyValue" && p.in !== "query") continue;
    if (k === "required" && p.in === undefined) continue;
    setMember(out, k, v);
  }
  if (!placed) { for (const [lk, lv] of lifted) out[lk] = lv; }
  return out;
}

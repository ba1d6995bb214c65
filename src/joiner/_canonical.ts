/**
 * Schema structure helpers shared by the operation-context graph and semantic deduplication: which keywords
 * hold subschemas, which `$ref`s name a schema of the document's schema section, what makes a schema empty,
 * and a canonical structural form of a schema with its references left as slots.
 *
 * Everything here is iterative (explicit stacks), so deeply nested schemas cannot overflow the call stack.
 *
 * @module
 */

import { type OASVersion, parsePointer } from "../core/mod.ts";

/** Keywords whose value is one schema (or a boolean schema). */
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

/** Keywords whose value is a list of schemas (`items` too, in its 2.0 / draft-4 tuple form). */
export const LIST_SCHEMA_KEYWORDS: readonly string[] = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];

/** Keywords whose value maps names to schemas (`dependencies` values may also be string lists). */
export const MAP_SCHEMA_KEYWORDS: readonly string[] = [
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
  "dependencies",
];

/**
 * Keywords that describe without constraining. A schema with nothing but these (and `x-` extensions) is
 * empty; the first seven are also left out of the structural identity used by semantic deduplication.
 */
export const IDENTITY_IGNORED_KEYWORDS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "example",
  "examples",
  "deprecated",
  "$comment",
  "externalDocs",
]);

const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  ...IDENTITY_IGNORED_KEYWORDS,
  "default",
  "readOnly",
  "writeOnly",
  "xml",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
]);

/** A plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** The schema section of a document: `definitions` (2.0) or `components.schemas` (3.x); undefined if absent. */
export function schemaSection(
  doc: Record<string, unknown>,
  oasVersion: OASVersion,
): Record<string, unknown> | undefined {
  if (oasVersion === "2.0") return isObject(doc.definitions) ? doc.definitions : undefined;
  const components = doc.components;
  return isObject(components) && isObject(components.schemas) ? components.schemas : undefined;
}

/** The pointer prefix of schema references: `#/definitions/` or `#/components/schemas/`. */
export function schemaRefPrefix(oasVersion: OASVersion): string {
  return oasVersion === "2.0" ? "#/definitions/" : "#/components/schemas/";
}

/** A reference to a schema of the schema section, split into the schema name and the rest of the pointer. */
export interface SchemaRefTarget {
  /** Name of the schema in the schema section. */
  name: string;
  /** Pointer segments after the name (empty for a reference to the whole schema). */
  rest: string[];
}

/**
 * Reads a local reference into the schema section: `#/components/schemas/Pet` (3.x) or `#/definitions/Pet`
 * (2.0), percent-decoding and `~` escapes handled. Returns undefined for any other reference.
 */
export function schemaRefTarget(ref: string, oasVersion: OASVersion): SchemaRefTarget | undefined {
  if (!ref.startsWith("#/")) return undefined;
  const segments = parsePointer(ref);
  if (segments === undefined) return undefined;
  if (oasVersion === "2.0") {
    if (segments.length < 2 || segments[0] !== "definitions") return undefined;
    return { name: segments[1], rest: segments.slice(2) };
  }
  if (segments.length < 3 || segments[0] !== "components" || segments[1] !== "schemas") return undefined;
  return { name: segments[2], rest: segments.slice(3) };
}

/**
 * Visits a schema and all its subschemas (properties, items, compositions, conditionals, `$defs`, …),
 * parents before children, in document order. Boolean schemas and non-objects are skipped.
 */
export function forEachSubschema(schema: unknown, visit: (node: Record<string, unknown>) => void): void {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node)) continue;
    visit(node);
    const children: unknown[] = [];
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (SINGLE_SCHEMA_KEYWORDS.includes(key) && isObject(value)) children.push(value);
      else if (LIST_SCHEMA_KEYWORDS.includes(key) && Array.isArray(value)) children.push(...value);
      else if (MAP_SCHEMA_KEYWORDS.includes(key) && isObject(value)) {
        for (const k of Object.keys(value)) if (isObject(value[k])) children.push(value[k]);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/**
 * The schema references found in a schema and its subschemas, including `discriminator.mapping` values
 * (which may be bare schema names in 3.x), in document order.
 */
export function forEachSchemaRef(
  schema: unknown,
  oasVersion: OASVersion,
  visit: (ref: string) => void,
): void {
  forEachSubschema(schema, (node) => {
    if (typeof node.$ref === "string") visit(node.$ref);
    const mapping = isObject(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isObject(mapping)) {
      for (const key of Object.keys(mapping)) {
        const value = mapping[key];
        if (typeof value !== "string") continue;
        visit(value.startsWith("#") || oasVersion === "2.0" ? value : schemaRefPrefix(oasVersion) + value);
      }
    }
  });
}

/**
 * Names of the schema-section schemas a schema refers to, directly or from nested subschemas, each once, in
 * order of first appearance.
 */
export function schemaTargetsOf(schema: unknown, oasVersion: OASVersion): string[] {
  const seen = new Set<string>();
  forEachSchemaRef(schema, oasVersion, (ref) => {
    const target = schemaRefTarget(ref, oasVersion);
    if (target) seen.add(target.name);
  });
  return [...seen];
}

/**
 * Whether a schema is empty: it has no keyword other than annotations (title, description, example(s),
 * deprecated, `$comment`, externalDocs, default, readOnly, writeOnly, xml, `$schema`, `$id`, anchors) and
 * `x-` extensions — no type, format, properties, validation rule, reference or composition keyword.
 * Boolean schemas count as empty: they are never consolidated either.
 */
export function isEmptySchema(schema: unknown): boolean {
  if (!isObject(schema)) return true;
  for (const key of Object.keys(schema)) {
    if (!ANNOTATION_KEYWORDS.has(key) && !key.startsWith("x-")) return false;
  }
  return true;
}

/**
 * The canonical structure of a schema with its schema references as slots: `texts[0] slot texts[1] slot …
 * texts[n]`, where slot i stands for the schema named `targets[i]`. Object keys are sorted, `required` and
 * `type` lists are sorted, and the keywords of {@link IDENTITY_IGNORED_KEYWORDS} are left out at every level;
 * data (`enum`, `const`, `default`, extensions, …) is kept literally.
 */
export interface CanonicalForm {
  /** Literal text around the slots; always one longer than `targets`. */
  texts: string[];
  /** Schema names of the slots. */
  targets: string[];
}

type Work =
  | { t: "text"; s: string }
  | { t: "schema"; v: unknown }
  | { t: "data"; v: unknown }
  | { t: "ref"; ref: string };

const SET_KEYWORDS = new Set(["required", "type"]);

function sortedKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).sort();
}

/**
 * Builds the {@link CanonicalForm} of a schema. References into the schema section become slots (the rest of
 * the pointer stays literal); `discriminator.mapping` values are read as references; other references stay
 * literal text.
 */
export function canonicalForm(schema: unknown, oasVersion: OASVersion): CanonicalForm {
  const texts: string[] = [];
  const targets: string[] = [];
  let current = "";
  const stack: Work[] = [{ t: "schema", v: schema }];
  const pushAll = (items: Work[]): void => {
    for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
  };
  while (stack.length > 0) {
    const w = stack.pop()!;
    switch (w.t) {
      case "text":
        current += w.s;
        break;
      case "ref": {
        const target = schemaRefTarget(w.ref, oasVersion);
        if (target) {
          texts.push(current + "@");
          targets.push(target.name);
          current = JSON.stringify(target.rest);
        } else {
          current += "!" + JSON.stringify(w.ref);
        }
        break;
      }
      case "data": {
        const v = w.v;
        if (Array.isArray(v)) {
          const items: Work[] = [{ t: "text", s: "[" }];
          v.forEach((x, i) => {
            if (i > 0) items.push({ t: "text", s: "," });
            items.push({ t: "data", v: x });
          });
          items.push({ t: "text", s: "]" });
          pushAll(items);
        } else if (isObject(v)) {
          const items: Work[] = [{ t: "text", s: "{" }];
          sortedKeys(v).forEach((k, i) => {
            items.push({ t: "text", s: (i > 0 ? "," : "") + JSON.stringify(k) + ":" });
            items.push({ t: "data", v: v[k] });
          });
          items.push({ t: "text", s: "}" });
          pushAll(items);
        } else {
          current += JSON.stringify(v) ?? "null";
        }
        break;
      }
      case "schema": {
        const v = w.v;
        if (!isObject(v)) {
          current += JSON.stringify(v) ?? "null";
          break;
        }
        const items: Work[] = [{ t: "text", s: "{" }];
        let first = true;
        for (const key of sortedKeys(v)) {
          if (IDENTITY_IGNORED_KEYWORDS.has(key)) continue;
          const value = v[key];
          items.push({ t: "text", s: (first ? "" : ",") + JSON.stringify(key) + ":" });
          first = false;
          items.push(...schemaValueWork(key, value, oasVersion));
        }
        items.push({ t: "text", s: "}" });
        pushAll(items);
        break;
      }
    }
  }
  texts.push(current);
  return { texts, targets };
}

function schemaValueWork(key: string, value: unknown, oasVersion: OASVersion): Work[] {
  if (key === "$ref" && typeof value === "string") return [{ t: "ref", ref: value }];
  if (key.startsWith("x-")) return [{ t: "data", v: value }];
  if (SINGLE_SCHEMA_KEYWORDS.includes(key) && !Array.isArray(value)) return [{ t: "schema", v: value }];
  if (LIST_SCHEMA_KEYWORDS.includes(key) && Array.isArray(value)) {
    const items: Work[] = [{ t: "text", s: "[" }];
    value.forEach((x, i) => {
      if (i > 0) items.push({ t: "text", s: "," });
      items.push({ t: "schema", v: x });
    });
    items.push({ t: "text", s: "]" });
    return items;
  }
  if (MAP_SCHEMA_KEYWORDS.includes(key) && isObject(value)) {
    const items: Work[] = [{ t: "text", s: "{" }];
    sortedKeys(value).forEach((k, i) => {
      items.push({ t: "text", s: (i > 0 ? "," : "") + JSON.stringify(k) + ":" });
      items.push({ t: Array.isArray(value[k]) ? "data" : "schema", v: value[k] });
    });
    items.push({ t: "text", s: "}" });
    return items;
  }
  if (SET_KEYWORDS.has(key) && Array.isArray(value) && value.every((x) => typeof x === "string")) {
    return [{ t: "text", s: JSON.stringify([...new Set(value as string[])].sort()) }];
  }
  if (key === "discriminator" && isObject(value)) {
    const items: Work[] = [{ t: "text", s: "{" }];
    sortedKeys(value).forEach((k, i) => {
      items.push({ t: "text", s: (i > 0 ? "," : "") + JSON.stringify(k) + ":" });
      const mapping = value[k];
      if (k === "mapping" && isObject(mapping)) {
        items.push({ t: "text", s: "{" });
        sortedKeys(mapping).forEach((m, j) => {
          items.push({ t: "text", s: (j > 0 ? "," : "") + JSON.stringify(m) + ":" });
          const target = mapping[m];
          if (typeof target === "string") {
            const ref = target.startsWith("#") || oasVersion === "2.0"
              ? target
              : schemaRefPrefix(oasVersion) + target;
            items.push({ t: "ref", ref });
          } else items.push({ t: "data", v: target });
        });
        items.push({ t: "text", s: "}" });
      } else items.push({ t: "data", v: mapping });
    });
    items.push({ t: "text", s: "}" });
    return items;
  }
  return [{ t: "data", v: value }];
}

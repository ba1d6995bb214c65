/**
 * Schema structure helpers shared by the operation-context graph and semantic deduplication: which keywords
 * hold subschemas, which `$ref`s name a schema of the document's schema section, what makes a schema empty,
 * and a canonical structural form of a schema with its references left as slots.
 *
 * Everything here is iterative (explicit stacks), so deeply nested schemas cannot overflow the call stack.
 *
 * @module
 */

import { Walker } from "../walker/mod.ts";
import {
  LIST_SCHEMA_KEYWORDS as CORE_LIST,
  MAP_SCHEMA_KEYWORDS as CORE_MAP,
  type OASVersion,
  parsePointer,
  SINGLE_SCHEMA_KEYWORDS as CORE_SINGLE,
} from "../core/mod.ts";
import { isObject } from "../core/json.ts";
export { isObject };

/** Keywords whose value is one schema (or a boolean schema). */
export const SINGLE_SCHEMA_KEYWORDS: readonly string[] = CORE_SINGLE;

/** Keywords whose value is a list of schemas (`items` too, in its 2.0 / draft-4 tuple form). */
export const LIST_SCHEMA_KEYWORDS: readonly string[] = [...CORE_LIST, "items"];

/** Keywords whose value maps names to schemas (`dependencies` values may also be string lists). */
export const MAP_SCHEMA_KEYWORDS: readonly string[] = CORE_MAP;

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

type KeywordKind = "single" | "list" | "map";

/** How each subschema keyword holds its schemas (`items` may be one schema or a list). */
const KEYWORD_KIND: ReadonlyMap<string, KeywordKind> = new Map<string, KeywordKind>([
  ...SINGLE_SCHEMA_KEYWORDS.map((k): [string, KeywordKind] => [k, "single"]),
  ...LIST_SCHEMA_KEYWORDS.filter((k) => k !== "items").map((k): [string, KeywordKind] => [k, "list"]),
  ...MAP_SCHEMA_KEYWORDS.map((k): [string, KeywordKind] => [k, "map"]),
]);

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
  const prefix = schemaRefPrefix(oasVersion);
  if (ref.startsWith(prefix)) {
    const name = ref.slice(prefix.length);
    // Fast path for the common plain reference: nothing to unescape, no pointer beyond the name.
    if (name !== "" && !/[/~%]/.test(name)) return { name, rest: [] };
  }
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
 * parents before children, in document order, with the typed walker (leniently: the siblings of a `$ref` are
 * visited too). Boolean schemas and non-objects are skipped.
 */
export function forEachSubschema(schema: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (!isObject(schema)) return;
  new Walker("3.2", [{ schema: visit }], { lenient: true }).walk(schema, "", "schema");
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

/** Task kinds of the canonical serializer's stack. */
const TEXT = 0;
const SCHEMA = 1;
const DATA = 2;
const REF = 3;
const SCHEMA_LIST = 4;
const SCHEMA_MAP = 5;
const DISCRIMINATOR = 6;
const MAPPING = 7;
const MAPPING_TARGET = 8;
const STRING_SET = 9;

const SET_KEYWORDS = new Set(["required", "type"]);

function sortedKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).sort();
}

/** How the value of a schema keyword is serialized. */
function schemaValueKind(key: string, value: unknown): number {
  if (key === "$ref" && typeof value === "string") return REF;
  if (key.startsWith("x-")) return DATA;
  const kind = key === "items" ? (Array.isArray(value) ? "list" : "single") : KEYWORD_KIND.get(key);
  if (kind === "single" && !Array.isArray(value)) return SCHEMA;
  if (kind === "list" && Array.isArray(value)) return SCHEMA_LIST;
  if (kind === "map" && isObject(value)) return SCHEMA_MAP;
  if (key === "discriminator" && isObject(value)) return DISCRIMINATOR;
  if (SET_KEYWORDS.has(key) && Array.isArray(value) && value.every((x) => typeof x === "string")) {
    return STRING_SET;
  }
  return DATA;
}

/**
 * Builds the {@link CanonicalForm} of a schema. References into the schema section become slots (the rest of
 * the pointer stays literal); `discriminator.mapping` values are read as references (bare names in 3.x as
 * schema names); other references stay literal text.
 */
export function canonicalForm(schema: unknown, oasVersion: OASVersion): CanonicalForm {
  const texts: string[] = [];
  const targets: string[] = [];
  let current = "";
  // Two parallel stacks, task kinds and values; children are pushed in reverse so they pop in order.
  const kinds: number[] = [SCHEMA];
  const values: unknown[] = [schema];
  const push = (kind: number, value: unknown): void => {
    kinds.push(kind);
    values.push(value);
  };
  /** Emits `{` and schedules `"k1":<v1>,"k2":<v2>}`, each value as a task of `kindOf(key)`. */
  const pushObject = (
    obj: Record<string, unknown>,
    keys: string[],
    kindOf: (key: string) => number,
  ): void => {
    push(TEXT, "}");
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      push(kindOf(key), obj[key]);
      push(TEXT, (i > 0 ? "," : "") + JSON.stringify(key) + ":");
    }
    current += "{";
  };
  /** Emits `[` and schedules the items as tasks of `kind`, then `]`. */
  const pushArray = (list: unknown[], kind: number): void => {
    push(TEXT, "]");
    for (let i = list.length - 1; i >= 0; i--) {
      push(kind, list[i]);
      if (i > 0) push(TEXT, ",");
    }
    current += "[";
  };
  const reference = (ref: string): void => {
    const target = schemaRefTarget(ref, oasVersion);
    if (target) {
      texts.push(current + "@");
      targets.push(target.name);
      current = target.rest.length > 0 ? JSON.stringify(target.rest) : "";
    } else {
      current += "!" + JSON.stringify(ref);
    }
  };
  while (kinds.length > 0) {
    const kind = kinds.pop()!;
    const v = values.pop();
    switch (kind) {
      case TEXT:
        current += v as string;
        break;
      case REF:
        reference(v as string);
        break;
      case MAPPING_TARGET: {
        const name = v as string;
        reference(name.startsWith("#") || oasVersion === "2.0" ? name : schemaRefPrefix(oasVersion) + name);
        break;
      }
      case SCHEMA:
        if (isObject(v)) {
          pushObject(
            v,
            sortedKeys(v).filter((k) => !IDENTITY_IGNORED_KEYWORDS.has(k)),
            (k) => schemaValueKind(k, v[k]),
          );
        } else {
          current += JSON.stringify(v) ?? "null";
        }
        break;
      case SCHEMA_LIST:
        pushArray(v as unknown[], SCHEMA);
        break;
      case SCHEMA_MAP: {
        const map = v as Record<string, unknown>;
        pushObject(map, sortedKeys(map), (k) => (Array.isArray(map[k]) ? DATA : SCHEMA));
        break;
      }
      case DISCRIMINATOR: {
        const d = v as Record<string, unknown>;
        pushObject(d, sortedKeys(d), (k) => (k === "mapping" && isObject(d[k]) ? MAPPING : DATA));
        break;
      }
      case MAPPING: {
        const m = v as Record<string, unknown>;
        pushObject(m, sortedKeys(m), (k) => (typeof m[k] === "string" ? MAPPING_TARGET : DATA));
        break;
      }
      case STRING_SET:
        current += JSON.stringify([...new Set(v as string[])].sort());
        break;
      default: // DATA
        if (Array.isArray(v)) pushArray(v, DATA);
        else if (isObject(v)) pushObject(v, sortedKeys(v), () => DATA);
        else current += JSON.stringify(v) ?? "null";
    }
  }
  texts.push(current);
  return { texts, targets };
}

/**
 * Whether two schemas are identical in the sense of semantic deduplication: the same canonical structure (see
 * `_canonical.ts`: descriptive keywords left out, keys sorted) with references that point at identical schemas
 * in their own documents. Pairs already under comparison are assumed identical, so recursion terminates.
 */
export function semanticallyIdentical(
  left: { section: Record<string, unknown>; name: string },
  right: { section: Record<string, unknown>; name: string },
  oasVersion: OASVersion,
): boolean {
  const assumed = new Set<string>();
  const leftForms = new Map<string, CanonicalForm>();
  const rightForms = new Map<string, CanonicalForm>();
  const form = (
    cache: Map<string, CanonicalForm>,
    section: Record<string, unknown>,
    name: string,
  ): CanonicalForm => {
    let f = cache.get(name);
    if (f === undefined) cache.set(name, f = canonicalForm(section[name], oasVersion));
    return f;
  };
  const stack: [string, string][] = [[left.name, right.name]];
  while (stack.length > 0) {
    const [l, r] = stack.pop()!;
    const key = JSON.stringify([l, r]);
    if (assumed.has(key)) continue;
    assumed.add(key);
    const hasL = Object.hasOwn(left.section, l);
    const hasR = Object.hasOwn(right.section, r);
    if (!hasL || !hasR) {
      if (hasL !== hasR || l !== r) return false;
      continue;
    }
    const fl = form(leftForms, left.section, l);
    const fr = form(rightForms, right.section, r);
    if (fl.texts.length !== fr.texts.length) return false;
    for (let i = 0; i < fl.texts.length; i++) if (fl.texts[i] !== fr.texts[i]) return false;
    for (let i = fl.targets.length - 1; i >= 0; i--) stack.push([fl.targets[i], fr.targets[i]]);
  }
  return true;
}

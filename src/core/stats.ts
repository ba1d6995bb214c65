import type { OASVersion } from "./version.ts";
import { getAtPointer } from "./pointer.ts";
import { isObject } from "./json.ts";

/** Counts of a document's main parts. */
export interface DocumentStats {
  /** Entries of `paths`. */
  pathCount: number;
  /** Operations under `paths` and `webhooks`, including 3.2 `query` and `additionalOperations`. */
  operationCount: number;
  /** Entries of `definitions` (2.0) or `components.schemas` (3.x). */
  schemaCount: number;
  /** Entries of `webhooks` (3.1+). */
  webhookCount: number;
}

/** HTTP methods that are fixed fields of a Path Item, per version family. */
export const HTTP_METHODS: Readonly<Record<OASVersion, readonly string[]>> = {
  "2.0": ["get", "put", "post", "delete", "options", "head", "patch"],
  "3.0": ["get", "put", "post", "delete", "options", "head", "patch", "trace"],
  "3.1": ["get", "put", "post", "delete", "options", "head", "patch", "trace"],
  "3.2": ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"],
};

/**
 * The operations of one Path Item as `[method, operation]` pairs, in document order: fixed methods, then 3.2
 * `additionalOperations`. A Path Item that is a local `$ref` is followed once.
 */
export function operationsOf(
  pathItem: unknown,
  oasVersion: OASVersion,
  root?: unknown,
): [string, Record<string, unknown>][] {
  let item = pathItem;
  if (isObject(item) && typeof item.$ref === "string" && item.$ref.startsWith("#") && root !== undefined) {
    const target = getAtPointer(root, item.$ref);
    if (isObject(target)) item = target;
  }
  if (!isObject(item)) return [];
  const methods = HTTP_METHODS[oasVersion];
  const out: [string, Record<string, unknown>][] = [];
  for (const key of Object.keys(item)) {
    if (methods.includes(key) && isObject(item[key])) out.push([key, item[key] as Record<string, unknown>]);
  }
  if (oasVersion === "3.2" && isObject(item.additionalOperations)) {
    for (const [method, op] of Object.entries(item.additionalOperations)) {
      if (isObject(op)) out.push([method, op]);
    }
  }
  return out;
}

function countKeys(v: unknown, skipExtensions: boolean): number {
  if (!isObject(v)) return 0;
  let n = 0;
  for (const k of Object.keys(v)) if (!(skipExtensions && k.startsWith("x-"))) n++;
  return n;
}

/** Counts paths, operations (paths and webhooks), schemas and webhooks of a document. */
export function computeStats(doc: unknown, oasVersion: OASVersion): DocumentStats {
  const root = isObject(doc) ? doc : {};
  let operationCount = 0;
  for (const section of [root.paths, root.webhooks]) {
    if (!isObject(section)) continue;
    for (const [key, item] of Object.entries(section)) {
      if (section === root.paths && key.startsWith("x-")) continue;
      operationCount += operationsOf(item, oasVersion, root).length;
    }
  }
  const schemas = oasVersion === "2.0"
    ? root.definitions
    : isObject(root.components)
    ? root.components.schemas
    : undefined;
  return {
    pathCount: countKeys(root.paths, true),
    operationCount,
    schemaCount: countKeys(schemas, false),
    webhookCount: countKeys(root.webhooks, false),
  };
}

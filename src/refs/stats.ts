/**
 * Statistics of a document (paths, operations, schemas, webhooks). They read two maps (`paths`, `webhooks`),
 * the walker's table of HTTP methods, and follow a Path Item's `$ref` through the {@link RefIndex}; a walk is
 * not needed (and would cost GitHub's description ~3 ms more at every load).
 *
 * @module
 */
import type { OASVersion } from "../core/version.ts";
import { isObject } from "../core/json.ts";
import { HTTP_METHODS } from "../walker/mod.ts";
import { RefIndex } from "./ref_index.ts";

export { HTTP_METHODS };

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

/** One operation of a Path Item. */
export interface PathItemOperation {
  /** A fixed field's name (`get`, 3.2 `query`), or an `additionalOperations` key as written (3.2, `COPY`). */
  method: string;
  /** The Operation Object. */
  operation: Record<string, unknown>;
  /** Whether it is an entry of `additionalOperations`. */
  additional: boolean;
}

/**
 * The operations of a Path Item (its `$ref` not followed), in document order: the fields of the version's
 * {@link HTTP_METHODS} (the walker's table), then 3.2 `additionalOperations`. Entries that are not objects are
 * left out.
 */
export function pathItemOperations(
  item: Record<string, unknown>,
  oasVersion: OASVersion,
): PathItemOperation[] {
  const methods = HTTP_METHODS[oasVersion];
  const out: PathItemOperation[] = [];
  for (const key of Object.keys(item)) {
    const operation = item[key];
    if (methods.includes(key) && isObject(operation)) out.push({ method: key, operation, additional: false });
  }
  if (oasVersion === "3.2" && isObject(item.additionalOperations)) {
    for (const [method, operation] of Object.entries(item.additionalOperations)) {
      if (isObject(operation)) out.push({ method, operation, additional: true });
    }
  }
  return out;
}

/**
 * The operations of one Path Item as `[method, operation]` pairs, in document order: fixed methods, then 3.2
 * `additionalOperations` (see {@link pathItemOperations}). A Path Item that is a local `$ref` is followed once.
 */
export function operationsOf(
  pathItem: unknown,
  oasVersion: OASVersion,
  root?: unknown,
): [string, Record<string, unknown>][] {
  let item = pathItem;
  if (isObject(item) && typeof item.$ref === "string" && item.$ref.startsWith("#") && root !== undefined) {
    const target = RefIndex.of(root, oasVersion).resolve(item.$ref);
    if (target.ok && isObject(target.value)) item = target.value;
  }
  if (!isObject(item)) return [];
  return pathItemOperations(item, oasVersion).map((o) => [o.method, o.operation]);
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

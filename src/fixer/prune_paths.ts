/**
 * `--prune-paths`: Path Items under `paths` with no operations (no HTTP method, no 3.2 `additionalOperations`)
 * are removed. A Path Item that is a `$ref` is kept: its operations are where it points.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { OASVersion } from "../core/mod.ts";
import { HTTP_METHODS } from "../walker/mod.ts";
import { type FixContext, q } from "./_context.ts";

/** Whether a value under `paths` is a Path Item without operations that `--prune-paths` removes. */
export function isEmptyPathItem(item: unknown, oasVersion: OASVersion): boolean {
  if (!isObject(item) || typeof item.$ref === "string") return false;
  for (const m of HTTP_METHODS[oasVersion]) if (Object.hasOwn(item, m) && isObject(item[m])) return false;
  const extra = item.additionalOperations;
  return !(oasVersion === "3.2" && isObject(extra) && Object.values(extra).some(isObject));
}

/** The templates of the Path Items `--prune-paths` removes, in document order. */
export function emptyPaths(doc: Record<string, unknown>, oasVersion: OASVersion): string[] {
  const paths = doc.paths;
  if (!isObject(paths)) return [];
  return Object.keys(paths).filter((k) => !k.startsWith("x-") && isEmptyPathItem(paths[k], oasVersion));
}

/** Removes the Path Items without operations. */
export function prunePaths(ctx: FixContext): void {
  const paths = ctx.doc.paths;
  if (!isObject(paths)) return;
  for (const template of emptyPaths(ctx.doc, ctx.oasVersion)) {
    const before = paths[template];
    delete paths[template];
    ctx.add("prune-path", ["paths", template], `removed the path ${q(template)}, which has no operations.`, {
      before,
    });
  }
}

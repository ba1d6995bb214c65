import { formatPath } from "../core/mod.ts";

/**
 * Formats a location as an RFC 9535 §2.7 normalized path: `$` followed by `['name']` and `[index]` segments,
 * with names escaped as the RFC prescribes.
 *
 * @example
 * ```ts
 * import { formatNormalizedPath } from "@oatool/cli/jsonpath";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(formatNormalizedPath(["paths", "/pets", "get", "parameters", 0]), "$['paths']['/pets']['get']['parameters'][0]");
 * ```
 */
export function formatNormalizedPath(segments: readonly (string | number)[]): string {
  return formatPath(segments, "normalized");
}

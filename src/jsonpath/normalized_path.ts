import { formatPath } from "../core/mod.ts";

/**
 * Formats a location as an RFC 9535 §2.7 normalized path: `$` followed by `['name']` and `[index]` segments,
 * with names escaped as the RFC prescribes.
 *
 * @example
 * ```ts
 * import { formatNormalizedPath } from "./normalized_path.ts";
 * formatNormalizedPath(["paths", "/pets", "get", "parameters", 0]); // "$['paths']['/pets']['get']['parameters'][0]"
 * ```
 */
export function formatNormalizedPath(segments: readonly (string | number)[]): string {
  return formatPath(segments, "normalized");
}

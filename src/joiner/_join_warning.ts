/**
 * Builds the joiner's warnings.
 *
 * @module
 */
import { finding, type SourcePosition } from "../core/mod.ts";
import type { StructuredWarning, WarningCategory } from "./join_result.ts";
import { formatPath } from "../core/pointer.ts";

/** A {@link StructuredWarning} at a place of the merged document (rule `join-<category>`, JSONPath path). */
export function joinWarning(
  category: WarningCategory,
  segments: readonly (string | number)[],
  message: string,
  location?: SourcePosition,
): StructuredWarning {
  const f = finding("warning", segments, message, { rule: `join-${category}`, location });
  return { ...f, path: formatPath(segments, "jsonpath"), category };
}

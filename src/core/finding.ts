import type { SourcePosition } from "./source_map.ts";
import { formatPath, formatPointer } from "./pointer.ts";

/** Severity of a finding. */
export type Severity = "error" | "warning" | "info";

/** One finding: a validation error, a warning, a conversion issue. Findings are data, never exceptions. */
export interface Finding {
  /** How serious it is. */
  severity: Severity;
  /** Readable path, like `paths./pets/{id}.get.parameters[0]`. Empty for the document root. */
  path: string;
  /** The same place as an RFC 6901 JSON pointer, like `/paths/~1pets~1{id}/get/parameters/0`. */
  pointer: string;
  /** One sentence saying what is wrong. */
  message: string;
  /** Stable rule identifier, like `operation-id-unique`. */
  rule?: string;
  /** Link to the relevant section of the specification. */
  specLink?: string;
  /** Where in the source text, when known (asked for with source maps, or computed for placed findings). */
  location?: SourcePosition;
}

/** Builds a finding from path segments (numbers are array indices). */
export function finding(
  severity: Severity,
  segments: readonly (string | number)[],
  message: string,
  extra: { rule?: string; specLink?: string; location?: SourcePosition } = {},
): Finding {
  const f: Finding = { severity, path: formatPath(segments), pointer: formatPointer(segments), message };
  if (extra.rule !== undefined) f.rule = extra.rule;
  if (extra.specLink !== undefined) f.specLink = extra.specLink;
  if (extra.location !== undefined) f.location = extra.location;
  return f;
}

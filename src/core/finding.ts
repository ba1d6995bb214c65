import type { SourcePosition } from "./source_map.ts";
import { placeTexts } from "./place_texts.ts";
import { MAX_MESSAGE_CHARS, shorten } from "./bounded_text.ts";

/** Severity of a finding (`critical`: a conversion issue that loses part of the document). */
export type Severity = "critical" | "error" | "warning" | "info";

/**
 * One finding: a validation error, a join or overlay warning, a conversion issue. Findings are data, never
 * exceptions, and this is their one shape everywhere (the validator, the joiner, overlays, the CLI); the
 * renderers of `src/format` print them as text, JSON, YAML, SARIF or GitHub workflow commands.
 */
export interface Finding {
  /** How serious it is. */
  severity: Severity;
  /** Readable path, like `paths./pets/{id}.get.parameters[0]`. Empty for the document root. */
  path: string;
  /** The same place as an RFC 6901 JSON pointer, like `/paths/~1pets~1{id}/get/parameters/0`. */
  pointer: string;
  /** One sentence saying what is wrong. */
  message: string;
  /** Stable code of the rule or kind of finding, like `operation-id-unique` or `join-collision`. */
  rule?: string;
  /** Link to the relevant section of the specification. */
  specLink?: string;
  /** Where in the source text, when known (asked for with source maps, or computed for placed findings). */
  location?: SourcePosition;
  /** What to do about it, in one sentence, when there is something to say. */
  hint?: string;
}

/**
 * Builds a finding from path segments (numbers are array indices). Its message and hint are bounded: at most
 * {@link MAX_MESSAGE_CHARS} characters, start and end kept around `…`.
 */
export function finding(
  severity: Severity,
  segments: readonly (string | number)[],
  message: string,
  extra: { rule?: string; specLink?: string; location?: SourcePosition; hint?: string } = {},
): Finding {
  const place = placeTexts(segments);
  const f: Finding = {
    severity,
    path: place.path,
    pointer: place.pointer,
    message: shorten(message, MAX_MESSAGE_CHARS),
  };
  if (extra.rule !== undefined) f.rule = extra.rule;
  if (extra.specLink !== undefined) f.specLink = extra.specLink;
  if (extra.location !== undefined) f.location = extra.location;
  if (extra.hint !== undefined) f.hint = shorten(extra.hint, MAX_MESSAGE_CHARS);
  return f;
}

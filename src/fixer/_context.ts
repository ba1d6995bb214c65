/**
 * What every fix step shares: the document being fixed, its version, the options, and the list the fixes are
 * recorded in (with the input position of each, when asked for).
 *
 * @module
 */
import { MAX_MESSAGE_CHARS, quote, shorten } from "../core/bounded_text.ts";
import { placeTexts } from "../core/place_texts.ts";
import type { Finding, OASVersion, SourcePosition } from "../core/mod.ts";
import type { Visitors } from "../walker/mod.ts";
import type { Fix, FixOptions, FixType } from "./types.ts";

/**
 * A fix step that finds its places during a walk shared with other steps (one pass over the document for
 * all of them), then changes the document in {@link FixStep.apply}, in pipeline order.
 */
export interface FixStep {
  /** What the step looks for while the document is walked. */
  visitors: Visitors;
  /** Makes the changes found and records them. */
  apply(): void;
}

/** The state of one run of the fixer. */
export class FixContext {
  /** The fixes recorded, in order. */
  readonly fixes: Fix[] = [];
  /** Warnings (fallbacks). */
  readonly warnings: Finding[] = [];
  /**
   * Old schema name → new, filled by the schema-name step, so later steps can find the input position of a
   * renamed schema.
   */
  readonly renamedSchemas = new Map<string, string>();

  constructor(
    /** The document being fixed (changed in place). */
    readonly doc: Record<string, unknown>,
    /** Its version family. */
    readonly oasVersion: OASVersion,
    /** The options. */
    readonly options: FixOptions,
    /** Input position of a path, when source positions are wanted. */
    readonly locate?: (segments: readonly (string | number)[]) => SourcePosition | undefined,
  ) {}

  /** Whether the document is OpenAPI 2.0. */
  get v2(): boolean {
    return this.oasVersion === "2.0";
  }

  /**
   * Records a fix at `segments` (its place in the fixed document); `at` is the place in the input whose position
   * is shown (default `segments`).
   */
  add(
    type: FixType,
    segments: readonly (string | number)[],
    description: string,
    values: { before?: unknown; after?: unknown; at?: readonly (string | number)[] } = {},
  ): void {
    const { path, pointer } = placeTexts(segments);
    const fix: Fix = {
      severity: "info",
      path,
      pointer,
      message: shorten(description, MAX_MESSAGE_CHARS),
      rule: type,
      type,
      description: shorten(description, MAX_MESSAGE_CHARS),
    };
    if ("before" in values) fix.before = values.before;
    if ("after" in values) fix.after = values.after;
    const location = this.locate?.(values.at ?? segments);
    if (location !== undefined) fix.location = location;
    this.fixes.push(fix);
  }

  /** Records a warning at `segments`. */
  warn(segments: readonly (string | number)[], message: string, rule: string): void {
    const { path, pointer } = placeTexts(segments);
    this.warnings.push({
      severity: "warning",
      path,
      pointer,
      message: shorten(message, MAX_MESSAGE_CHARS),
      rule,
    });
  }
}

/** Quotes a document value for a description, shortened with `…` when long (start and end kept). */
export function q(value: unknown): string {
  return quote(value);
}

import { type InputSource, type LoadOptions, loadStructured, type StructuredDocument } from "../core/mod.ts";
import {
  type OverlayValidationResult,
  validateOverlay,
  type ValidateOverlayOptions,
} from "./validate_overlay.ts";

/** An Overlay document as read from a file, URL, standard input or inline content, with its validation. */
export interface LoadedOverlay extends StructuredDocument {
  /** The validation of {@linkcode StructuredDocument.data} as an Overlay document. */
  validation: OverlayValidationResult;
}

/**
 * Reads an Overlay document (JSON or YAML) and validates it (`strict` as in {@linkcode validateOverlay}); it is
 * not applied. An invalid overlay is returned with `validation.valid` false rather than thrown, so callers can
 * list the problems; each finding carries its `file:line:column` location.
 *
 * @example
 * ```ts
 * import { loadOverlay } from "@oatool/cli/overlay";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const loaded = await loadOverlay({ content: "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions: []" });
 * assertEquals(loaded.validation.valid, false); // actions is empty
 * ```
 * @throws {LoadError} when the input cannot be read. @throws {ParseError} when it is not valid JSON or YAML.
 */
export async function loadOverlay(
  input: InputSource,
  options: LoadOptions & ValidateOverlayOptions = {},
): Promise<LoadedOverlay> {
  const loaded = await loadStructured(input, options);
  const validation = validateOverlay(loaded.data, { strict: options.strict });
  for (const finding of [...validation.errors, ...validation.warnings]) {
    const location = loaded.sourceMap().positionOf(finding.pointer);
    if (location !== undefined) finding.location = location;
  }
  return { ...loaded, validation };
}

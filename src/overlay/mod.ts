/**
 * OpenAPI Overlay documents (Overlay Specification 1.0.x and 1.1.x): validate them and apply them to documents
 * given as plain data. Targets are RFC 9535 JSONPath queries (see `src/jsonpath`).
 *
 * @example
 * ```ts
 * import { applyOverlay } from "@oatool/cli/overlay";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const { document } = applyOverlay({ paths: { "/a": { get: {} } } }, {
 *   overlay: "1.1.0",
 *   info: { title: "Mark safe", version: "1" },
 *   actions: [{ target: "$.paths.*.get", update: { "x-safe": true } }],
 * });
 * assertEquals(document, { paths: { "/a": { get: { "x-safe": true } } } });
 * ```
 *
 * @module
 */
export { applyOverlay } from "./apply_overlay.ts";
export type { ApplyOverlayOptions, ApplyOverlayResult, OverlayActionResult } from "./apply_overlay.ts";
export { loadOverlay } from "./load_overlay.ts";
export type { LoadedOverlay } from "./load_overlay.ts";
export { SUPPORTED_OVERLAY_VERSIONS } from "./overlay_document.ts";
export type { OverlayAction, OverlayActionKind, OverlayDocument, OverlayInfo } from "./overlay_document.ts";
export { InvalidOverlayError, OverlayError } from "./overlay_error.ts";
export { validateOverlay } from "./validate_overlay.ts";
export type { OverlayValidationResult, ValidateOverlayOptions } from "./validate_overlay.ts";

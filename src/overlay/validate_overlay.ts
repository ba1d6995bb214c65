import type { Finding } from "../core/mod.ts";
import { checkOverlay } from "./_check_overlay.ts";

/** Options of {@link validateOverlay}. */
export interface ValidateOverlayOptions {
  /**
   * Treat what is accepted with a warning as an error: member names with `-` in dot notation
   * (`$.paths.*.get[?@.x-oai-traits.paged]`), which the Overlay Specification's own examples use but RFC 9535
   * does not allow.
   * @default false
   */
  strict?: boolean;
}

/** Result of {@link validateOverlay}. */
export interface OverlayValidationResult {
  /** True when there are no errors. */
  valid: boolean;
  /** The `overlay` version string, when it is a string. */
  version?: string;
  /** `info.title`, when it is a string. */
  title?: string;
  /** `info.version`, when it is a string. */
  infoVersion?: string;
  /** `extends`, when given; informational only. */
  extends?: string;
  /** Number of entries in `actions`. */
  actionCount: number;
  /** Every problem, each with a readable path (`actions[2].target`) and a message. */
  errors: Finding[];
  /**
   * What is legal but probably not meant: actions that do nothing, fields ignored because another wins
   * (`remove: true` over `copy` and `update`, `copy` over `update`), hyphenated names in dot notation.
   */
  warnings: Finding[];
}

/**
 * Validates an Overlay document (1.0.x or 1.1.x) against the official Overlay JSON Schema of its version
 * (`overlay`, `info.title`, `info.version` and a non-empty, duplicate-free `actions` list are required; fields
 * other than the specification's and `x-` extensions are errors), then checks that every `target` and `copy` is
 * an RFC 9535 JSONPath query. An action with neither `update`, `remove: true` nor `copy` is a legal no-op and
 * is reported as a warning, as are fields that another one overrides. Never throws.
 *
 * @example
 * ```ts
 * import { validateOverlay } from "@oatool/cli/overlay";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = validateOverlay({ overlay: "1.1.0", info: { title: "t", version: "1" }, actions: [] });
 * assertEquals(result.valid, false);
 * assertEquals(result.errors[0].path, "actions");
 * ```
 */
export function validateOverlay(
  overlay: unknown,
  options: ValidateOverlayOptions = {},
): OverlayValidationResult {
  const check = checkOverlay(overlay, options);
  const result: OverlayValidationResult = {
    valid: check.errors.length === 0,
    actionCount: check.actionCount,
    errors: check.errors,
    warnings: check.warnings,
  };
  if (check.version !== undefined) result.version = check.version;
  if (check.title !== undefined) result.title = check.title;
  if (check.infoVersion !== undefined) result.infoVersion = check.infoVersion;
  if (check.extends !== undefined) result.extends = check.extends;
  return result;
}

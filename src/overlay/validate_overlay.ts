import type { Finding } from "../core/mod.ts";
import { checkOverlay } from "./_check_overlay.ts";

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
}

/**
 * Validates an Overlay document (1.0.x or 1.1.x): required `overlay`, `info.title`, `info.version` and a
 * non-empty `actions` list; each action has a valid RFC 9535 JSONPath `target` and exactly one of `update`,
 * `remove: true` or (1.1) `copy`; no unknown fields other than `x-` extensions. Never throws.
 *
 * @example
 * ```ts
 * import { validateOverlay } from "./validate_overlay.ts";
 * const result = validateOverlay({ overlay: "1.1.0", info: { title: "t", version: "1" }, actions: [] });
 * result.valid; // false
 * result.errors[0].path; // "actions"
 * ```
 */
export function validateOverlay(overlay: unknown): OverlayValidationResult {
  const check = checkOverlay(overlay);
  const result: OverlayValidationResult = {
    valid: check.errors.length === 0,
    actionCount: check.actionCount,
    errors: check.errors,
  };
  if (check.version !== undefined) result.version = check.version;
  if (check.title !== undefined) result.title = check.title;
  if (check.infoVersion !== undefined) result.infoVersion = check.infoVersion;
  if (check.extends !== undefined) result.extends = check.extends;
  return result;
}

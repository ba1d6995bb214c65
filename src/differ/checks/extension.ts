/** Checks on specification extensions (`x-…`). @module */
import type { Check } from "../types.ts";
import { table } from "./_define.ts";

/** Checks of the `extension` category. */
export const EXTENSION_CHECKS: readonly Check[] = table("extension", [
  ["extension-added", "INFO", "A specification extension (`x-…`) was added."],
  ["extension-removed", "INFO", "A specification extension was removed."],
  ["extension-changed", "INFO", "The value of a specification extension changed."],
]);

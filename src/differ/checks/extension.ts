/** Checks on specification extensions (`x-…`). @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["extension-added", "info", "A specification extension (`x-…`) was added."],
  ["extension-removed", "info", "A specification extension was removed."],
  ["extension-changed", "info", "The value of a specification extension changed."],
] as const satisfies readonly Row[];

/** The ids of the `extension` checks. */
export type ExtensionCheckId = IdOf<typeof ROWS>;

/** Checks of the `extension` category. */
export const EXTENSION_CHECKS: readonly Check[] = table("extension", ROWS);

/** Checks on the info object, tags and external documentation. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["info-title-changed", "info", "The API title changed."],
  ["info-summary-changed", "info", "The API summary changed."],
  ["info-description-changed", "info", "The API description changed."],
  ["info-version-changed", "info", "The API version changed."],
  ["info-terms-of-service-changed", "info", "The terms of service changed."],
  ["info-contact-changed", "info", "The contact changed."],
  ["info-license-changed", "info", "The license changed."],
  ["tag-added", "info", "A tag was declared."],
  ["tag-removed", "info", "A tag declaration was removed."],
  ["tag-description-changed", "info", "The description of a tag changed."],
  ["external-docs-changed", "info", "The document's external documentation changed."],
] as const satisfies readonly Row[];

/** The ids of the `info` checks. */
export type InfoCheckId = IdOf<typeof ROWS>;

/** Checks of the `info` category. */
export const INFO_CHECKS: readonly Check[] = table("info", ROWS);

/** Checks on the info object, tags and external documentation. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["info-title-changed", "INFO", "The API title changed."],
  ["info-summary-changed", "INFO", "The API summary changed."],
  ["info-description-changed", "INFO", "The API description changed."],
  ["info-version-changed", "INFO", "The API version changed."],
  ["info-terms-of-service-changed", "INFO", "The terms of service changed."],
  ["info-contact-changed", "INFO", "The contact changed."],
  ["info-license-changed", "INFO", "The license changed."],
  ["tag-added", "INFO", "A tag was declared."],
  ["tag-removed", "INFO", "A tag declaration was removed."],
  ["tag-description-changed", "INFO", "The description of a tag changed."],
  ["external-docs-changed", "INFO", "The document's external documentation changed."],
] as const satisfies readonly Row[];

/** The ids of the `info` checks. */
export type InfoCheckId = IdOf<typeof ROWS>;

/** Checks of the `info` category. */
export const INFO_CHECKS: readonly Check[] = table("info", ROWS);

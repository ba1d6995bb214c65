/** Checks on endpoints: paths and webhooks. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["endpoint-added", "INFO", "A path was added: one change per operation it has."],
  ["endpoint-removed", "CRITICAL", "A path was removed: one change per operation it had."],
  [
    "deprecated-endpoint-removed",
    "WARNING",
    "A path was removed whose operation was deprecated without a sunset date (`x-sunset`).",
  ],
  ["endpoint-summary-changed", "INFO", "The summary of a path item changed."],
  ["endpoint-description-changed", "INFO", "The description of a path item changed."],
  ["webhook-added", "INFO", "A webhook was added."],
  ["webhook-removed", "ERROR", "A webhook was removed: subscribers no longer receive it."],
] as const satisfies readonly Row[];

/** The ids of the `endpoint` checks. */
export type EndpointCheckId = IdOf<typeof ROWS>;

/** Checks of the `endpoint` category. */
export const ENDPOINT_CHECKS: readonly Check[] = table("endpoint", ROWS);

/** Checks on endpoints: paths and webhooks. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["endpoint-added", "info", "A path was added: one change per operation it has."],
  ["endpoint-removed", "critical", "A path was removed: one change per operation it had."],
  [
    "deprecated-endpoint-removed",
    "warning",
    "A path was removed whose operation was deprecated without a sunset date (`x-sunset`).",
  ],
  ["endpoint-summary-changed", "info", "The summary of a path item changed."],
  ["endpoint-description-changed", "info", "The description of a path item changed."],
  ["webhook-added", "info", "A webhook was added."],
  ["webhook-removed", "error", "A webhook was removed: subscribers no longer receive it."],
] as const satisfies readonly Row[];

/** The ids of the `endpoint` checks. */
export type EndpointCheckId = IdOf<typeof ROWS>;

/** Checks of the `endpoint` category. */
export const ENDPOINT_CHECKS: readonly Check[] = table("endpoint", ROWS);

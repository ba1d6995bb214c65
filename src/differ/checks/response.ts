/** Checks on responses: status codes and ranges, headers, media types. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  [
    "response-success-status-added",
    "WARNING",
    "A new success (2XX) status may be returned: clients may not handle it.",
  ],
  ["response-non-success-status-added", "INFO", "A new non-success status (or `default`) may be returned."],
  [
    "response-success-status-removed",
    "ERROR",
    "A success (2XX) status is no longer returned: clients relying on it break.",
  ],
  [
    "response-non-success-status-removed",
    "WARNING",
    "A non-success status (or `default`) is no longer returned.",
  ],
  ["response-description-changed", "INFO", "The description of a response changed."],
  ["response-media-type-added", "INFO", "A response has a new media type."],
  ["response-media-type-removed", "ERROR", "A response no longer has a media type clients may ask for."],
  ["response-media-type-example-changed", "INFO", "The example(s) of a response media type changed."],
  ["response-required-header-added", "INFO", "A response got a required header."],
  ["response-optional-header-added", "INFO", "A response got an optional header."],
  [
    "response-required-header-removed",
    "ERROR",
    "A required response header was removed: clients reading it break.",
  ],
  ["response-optional-header-removed", "WARNING", "An optional response header was removed."],
  [
    "response-header-became-optional",
    "ERROR",
    "A required response header became optional: clients may not get it.",
  ],
  ["response-header-became-required", "INFO", "An optional response header became required."],
  ["response-header-deprecated", "WARNING", "A response header was marked deprecated."],
  ["response-header-description-changed", "INFO", "The description of a response header changed."],
  ["response-link-added", "INFO", "A response got a link."],
  ["response-link-removed", "WARNING", "A response lost a link."],
  [
    "response-link-operation-changed",
    "WARNING",
    "A link leads to another operation (compared by the operation it names, so a renamed operationId is no change).",
  ],
  ["response-link-parameters-changed", "WARNING", "The parameters a link passes to its operation changed."],
  ["response-link-changed", "WARNING", "The request body or server of a link changed."],
  ["response-link-description-changed", "INFO", "The description of a link changed."],
  [
    "response-header-style-changed",
    "ERROR",
    "The serialisation style of a response header changed: clients parse it another way.",
  ],
  ["response-header-explode-changed", "ERROR", "The explode setting of a response header changed."],
] as const satisfies readonly Row[];

/** The ids of the `response` checks. */
export type ResponseCheckId = IdOf<typeof ROWS>;

/** Checks of the `response` category. */
export const RESPONSE_CHECKS: readonly Check[] = table("response", ROWS);

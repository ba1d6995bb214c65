/** Checks on responses: status codes and ranges, headers, media types. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  [
    "response-success-status-added",
    "warning",
    "A new success (2XX) status may be returned: clients may not handle it.",
  ],
  ["response-non-success-status-added", "info", "A new non-success status (or `default`) may be returned."],
  [
    "response-success-status-removed",
    "error",
    "A success (2XX) status is no longer returned: clients relying on it break.",
  ],
  [
    "response-non-success-status-removed",
    "warning",
    "A non-success status (or `default`) is no longer returned.",
  ],
  ["response-description-changed", "info", "The description of a response changed."],
  ["response-media-type-added", "info", "A response has a new media type."],
  ["response-media-type-removed", "error", "A response no longer has a media type clients may ask for."],
  ["response-media-type-example-changed", "info", "The example(s) of a response media type changed."],
  ["response-required-header-added", "info", "A response got a required header."],
  ["response-optional-header-added", "info", "A response got an optional header."],
  [
    "response-required-header-removed",
    "error",
    "A required response header was removed: clients reading it break.",
  ],
  ["response-optional-header-removed", "warning", "An optional response header was removed."],
  [
    "response-header-became-optional",
    "error",
    "A required response header became optional: clients may not get it.",
  ],
  ["response-header-became-required", "info", "An optional response header became required."],
  ["response-header-deprecated", "warning", "A response header was marked deprecated."],
  ["response-header-description-changed", "info", "The description of a response header changed."],
  ["response-link-added", "info", "A response got a link."],
  ["response-link-removed", "warning", "A response lost a link."],
  [
    "response-link-operation-changed",
    "warning",
    "A link leads to another operation (compared by the operation it names, so a renamed operationId is no change).",
  ],
  ["response-link-parameters-changed", "warning", "The parameters a link passes to its operation changed."],
  ["response-link-changed", "warning", "The request body or server of a link changed."],
  ["response-link-description-changed", "info", "The description of a link changed."],
  [
    "response-header-style-changed",
    "error",
    "The serialisation style of a response header changed: clients parse it another way.",
  ],
  ["response-header-explode-changed", "error", "The explode setting of a response header changed."],
] as const satisfies readonly Row[];

/** The ids of the `response` checks. */
export type ResponseCheckId = IdOf<typeof ROWS>;

/** Checks of the `response` category. */
export const RESPONSE_CHECKS: readonly Check[] = table("response", ROWS);

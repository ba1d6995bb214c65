/** Checks on request bodies and their media types. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["new-required-request-body", "ERROR", "A required request body was added: existing calls send none."],
  ["new-optional-request-body", "INFO", "An optional request body was added."],
  [
    "request-body-removed",
    "ERROR",
    "The request body was removed: the data clients send is ignored or rejected (the mirror of a new required body).",
  ],
  ["request-body-became-required", "ERROR", "An optional request body became required."],
  ["request-body-became-optional", "INFO", "A required request body became optional."],
  ["request-body-description-changed", "INFO", "The description of a request body changed."],
  ["request-media-type-added", "INFO", "The request body accepts a new media type."],
  ["request-media-type-removed", "ERROR", "The request body no longer accepts a media type."],
  [
    "request-media-type-encoding-changed",
    "WARNING",
    "The encoding of a request media type (multipart, form) changed.",
  ],
  ["request-media-type-example-changed", "INFO", "The example(s) of a request media type changed."],
  ["callback-request-body-added", "INFO", "A webhook or callback request (sent by the API) now has a body."],
  [
    "callback-request-body-removed",
    "ERROR",
    "A webhook or callback request no longer has the body receivers read.",
  ],
  [
    "callback-request-body-became-optional",
    "ERROR",
    "The API may now send a webhook or callback request without its body.",
  ],
  ["callback-request-body-became-required", "INFO", "A webhook or callback request now always has a body."],
] as const satisfies readonly Row[];

/** The ids of the `request-body` checks. */
export type RequestBodyCheckId = IdOf<typeof ROWS>;

/** Checks of the `request-body` category. */
export const REQUEST_BODY_CHECKS: readonly Check[] = table("request-body", ROWS);

/** Checks on request bodies and their media types. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["new-required-request-body", "error", "A required request body was added: existing calls send none."],
  ["new-optional-request-body", "info", "An optional request body was added."],
  [
    "request-body-removed",
    "error",
    "The request body was removed: the data clients send is ignored or rejected (the mirror of a new required body).",
  ],
  ["request-body-became-required", "error", "An optional request body became required."],
  ["request-body-became-optional", "info", "A required request body became optional."],
  ["request-body-description-changed", "info", "The description of a request body changed."],
  ["request-media-type-added", "info", "The request body accepts a new media type."],
  ["request-media-type-removed", "error", "The request body no longer accepts a media type."],
  [
    "request-media-type-encoding-changed",
    "warning",
    "The encoding of a request media type (multipart, form) changed.",
  ],
  ["request-media-type-example-changed", "info", "The example(s) of a request media type changed."],
  ["callback-request-body-added", "info", "A webhook or callback request (sent by the API) now has a body."],
  [
    "callback-request-body-removed",
    "error",
    "A webhook or callback request no longer has the body receivers read.",
  ],
  [
    "callback-request-body-became-optional",
    "error",
    "The API may now send a webhook or callback request without its body.",
  ],
  ["callback-request-body-became-required", "info", "A webhook or callback request now always has a body."],
] as const satisfies readonly Row[];

/** The ids of the `request-body` checks. */
export type RequestBodyCheckId = IdOf<typeof ROWS>;

/** Checks of the `request-body` category. */
export const REQUEST_BODY_CHECKS: readonly Check[] = table("request-body", ROWS);

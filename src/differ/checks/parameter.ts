/** Checks on request parameters (path, query, header, cookie, 2.0 formData). @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  [
    "new-required-request-parameter",
    "error",
    "A required request parameter was added: existing calls lack it.",
  ],
  ["new-optional-request-parameter", "info", "An optional request parameter was added."],
  [
    "request-parameter-removed",
    "warning",
    "A request parameter was removed: the server ignores or rejects it.",
  ],
  ["request-parameter-became-required", "error", "An optional request parameter became required."],
  ["request-parameter-became-optional", "info", "A required request parameter became optional."],
  ["request-parameter-deprecated", "warning", "A request parameter was marked deprecated."],
  ["request-parameter-undeprecated", "info", "A request parameter is no longer deprecated."],
  [
    "request-path-parameter-renamed",
    "info",
    "A path parameter was renamed (its place in the template is the same).",
  ],
  ["request-parameter-style-changed", "error", "The serialisation style of a parameter changed."],
  ["request-parameter-explode-changed", "error", "The explode setting of a parameter changed."],
  ["request-parameter-allow-empty-value-removed", "error", "A parameter no longer allows an empty value."],
  ["request-parameter-allow-empty-value-added", "info", "A parameter now allows an empty value."],
  [
    "request-parameter-allow-reserved-changed",
    "warning",
    "The allowReserved setting of a parameter changed.",
  ],
  [
    "request-parameter-collection-format-changed",
    "error",
    "The 2.0 collectionFormat of a parameter changed.",
  ],
  ["request-parameter-media-type-added", "info", "A content-described parameter accepts a new media type."],
  [
    "request-parameter-media-type-removed",
    "error",
    "A content-described parameter no longer accepts a media type.",
  ],
  ["request-parameter-description-changed", "info", "The description of a parameter changed."],
  ["request-parameter-example-changed", "info", "The example(s) of a parameter changed."],
  [
    "callback-parameter-added",
    "info",
    "A webhook or callback request (sent by the API) has a new parameter.",
  ],
  [
    "callback-parameter-removed",
    "error",
    "A webhook or callback request no longer has a parameter receivers read.",
  ],
  [
    "callback-parameter-became-optional",
    "error",
    "A webhook or callback parameter may now be left out by the API.",
  ],
  ["callback-parameter-became-required", "info", "A webhook or callback parameter is now always sent."],
] as const satisfies readonly Row[];

/** The ids of the `parameter` checks. */
export type ParameterCheckId = IdOf<typeof ROWS>;

/** Checks of the `parameter` category. */
export const PARAMETER_CHECKS: readonly Check[] = table("parameter", ROWS);

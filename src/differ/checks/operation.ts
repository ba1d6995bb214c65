/** Checks on operations and callbacks. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  [
    "operation-added",
    "info",
    "An operation (an HTTP method of a path, or a 3.2 additional operation) was added.",
  ],
  ["operation-removed", "critical", "An operation was removed."],
  [
    "deprecated-operation-removed",
    "warning",
    "An operation deprecated without a sunset date (`x-sunset`) was removed.",
  ],
  ["operation-deprecated", "warning", "An operation was marked deprecated."],
  ["operation-undeprecated", "info", "An operation is no longer deprecated."],
  ["operation-id-changed", "warning", "The operationId changed: generated clients rename the method."],
  ["operation-id-added", "info", "An operationId was added."],
  ["operation-id-removed", "warning", "The operationId was removed: generated clients rename the method."],
  ["operation-summary-changed", "info", "The summary of an operation changed."],
  ["operation-description-changed", "info", "The description of an operation changed."],
  ["operation-tag-added", "info", "An operation got a tag."],
  ["operation-tag-removed", "info", "An operation lost a tag."],
  ["operation-external-docs-changed", "info", "The external documentation of an operation changed."],
  ["callback-added", "info", "An operation got a callback."],
  [
    "callback-removed",
    "error",
    "A callback of an operation was removed: its receivers are no longer called (as a removed webhook).",
  ],
  ["callback-expression-added", "info", "A callback got a runtime expression (a new URL it calls)."],
  [
    "callback-expression-removed",
    "error",
    "A callback lost a runtime expression: that URL is no longer called.",
  ],
] as const satisfies readonly Row[];

/** The ids of the `operation` checks. */
export type OperationCheckId = IdOf<typeof ROWS>;

/** Checks of the `operation` category. */
export const OPERATION_CHECKS: readonly Check[] = table("operation", ROWS);

/** Checks on operations and callbacks. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  [
    "operation-added",
    "INFO",
    "An operation (an HTTP method of a path, or a 3.2 additional operation) was added.",
  ],
  ["operation-removed", "CRITICAL", "An operation was removed."],
  [
    "deprecated-operation-removed",
    "WARNING",
    "An operation deprecated without a sunset date (`x-sunset`) was removed.",
  ],
  ["operation-deprecated", "WARNING", "An operation was marked deprecated."],
  ["operation-undeprecated", "INFO", "An operation is no longer deprecated."],
  ["operation-id-changed", "WARNING", "The operationId changed: generated clients rename the method."],
  ["operation-id-added", "INFO", "An operationId was added."],
  ["operation-id-removed", "WARNING", "The operationId was removed: generated clients rename the method."],
  ["operation-summary-changed", "INFO", "The summary of an operation changed."],
  ["operation-description-changed", "INFO", "The description of an operation changed."],
  ["operation-tag-added", "INFO", "An operation got a tag."],
  ["operation-tag-removed", "INFO", "An operation lost a tag."],
  ["operation-external-docs-changed", "INFO", "The external documentation of an operation changed."],
  ["callback-added", "INFO", "An operation got a callback."],
  [
    "callback-removed",
    "ERROR",
    "A callback of an operation was removed: its receivers are no longer called (as a removed webhook).",
  ],
  ["callback-expression-added", "INFO", "A callback got a runtime expression (a new URL it calls)."],
  [
    "callback-expression-removed",
    "ERROR",
    "A callback lost a runtime expression: that URL is no longer called.",
  ],
] as const satisfies readonly Row[];

/** The ids of the `operation` checks. */
export type OperationCheckId = IdOf<typeof ROWS>;

/** Checks of the `operation` category. */
export const OPERATION_CHECKS: readonly Check[] = table("operation", ROWS);

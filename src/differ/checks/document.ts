/** Checks on the document as a whole: its OpenAPI version and its reusable components. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  [
    "openapi-version-changed",
    "info",
    "The OpenAPI version the document declares changed within its major version (3.1.0 → 3.1.1, 3.0.3 → 3.1.0; the older document is compared converted).",
  ],
  ["component-added", "info", "A reusable component was added (not an API change until it is used)."],
  ["component-removed", "info", "A reusable component was removed (its uses are judged where they were)."],
  [
    "component-renamed",
    "info",
    "A reusable component was renamed with the same content (not an API change).",
  ],
  ["component-changed", "info", "A component that no operation uses changed."],
  [
    "format-structure-changed",
    "error",
    "Documents of different versions: a structure the older version writes elsewhere or otherwise (definitions, host and basePath, nullable, …), one change per structure.",
  ],
  [
    "format-conversion-issue",
    "warning",
    "Documents of different versions: something of the older document the newer version cannot say the same way.",
  ],
] as const satisfies readonly Row[];

/** The ids of the `document` checks. */
export type DocumentCheckId = IdOf<typeof ROWS>;

/** Checks of the `document` category. */
export const DOCUMENT_CHECKS: readonly Check[] = table("document", ROWS);

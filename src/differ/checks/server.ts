/** Checks on servers (document, path and operation level; 2.0 host, basePath and schemes). @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["server-added", "info", "A server URL was added."],
  ["server-removed", "warning", "A server URL was removed: clients configured with it break."],
  ["server-description-changed", "info", "The description of a server changed."],
  ["server-variable-added", "info", "A server variable was added."],
  ["server-variable-removed", "warning", "A server variable was removed."],
  ["server-variable-default-changed", "warning", "The default of a server variable changed."],
  ["server-variable-enum-value-added", "info", "A server variable allows a new value."],
  ["server-variable-enum-value-removed", "warning", "A server variable no longer allows a value."],
] as const satisfies readonly Row[];

/** The ids of the `server` checks. */
export type ServerCheckId = IdOf<typeof ROWS>;

/** Checks of the `server` category. */
export const SERVER_CHECKS: readonly Check[] = table("server", ROWS);

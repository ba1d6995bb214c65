/**
 * Helpers that build the check tables: one row per check, or one row per directional schema check (request and
 * response each get their own id and severity).
 *
 * @module
 */
import type { Severity } from "../../core/finding.ts";
import type { Check, CheckCategory } from "../types.ts";

/** A table row: id, default severity, description. */
export type Row = readonly [id: string, severity: Severity, description: string];

/** The ids of a table written `as const` (a union of string literals, so that a misspelt id fails `deno check`). */
export type IdOf<Rows extends readonly (readonly [string, ...unknown[]])[]> = Rows[number][0];

/** Builds the checks of one category from its rows. */
export function table(category: CheckCategory, rows: readonly Row[]): Check[] {
  return rows.map(([id, severity, description]) => ({ id, category, severity, description }));
}

/**
 * A directional row: a suffix, the severity where the schema describes what clients send (request) and where
 * it describes what they receive (response), and a description of the change.
 */
export type DirectionalRow = readonly [
  suffix: string,
  request: Severity,
  response: Severity,
  description: string,
];

/** Builds `request-<suffix>` and `response-<suffix>` checks from directional rows. */
export function directional(category: CheckCategory, rows: readonly DirectionalRow[]): Check[] {
  const out: Check[] = [];
  for (const [suffix, request, response, description] of rows) {
    out.push({
      id: `request-${suffix}`,
      category,
      severity: request,
      description: `In a request: ${description}`,
    });
    out.push({
      id: `response-${suffix}`,
      category,
      severity: response,
      description: `In a response: ${description}`,
    });
  }
  return out;
}

/**
 * Small helpers shared by the rules.
 *
 * @module
 */
import { quote } from "../../core/bounded_text.ts";
import type { OASVersion } from "../../core/mod.ts";
import { pathItemOperations } from "../../refs/stats.ts";
import type { Resolved, RuleContext } from "../rule.ts";
import { isObject } from "../../core/json.ts";
export { isObject };

/** An operation of a Path Item with the path to it from the Path Item. */
export interface OperationAt {
  method: string;
  operation: Record<string, unknown>;
  /** Path of the operation relative to the Path Item. */
  rel: (string | number)[];
}

/** The operations of a Path Item, in document order (fixed fields, then 3.2 `additionalOperations`). */
export function operationsOf(item: Record<string, unknown>, version: OASVersion): OperationAt[] {
  return pathItemOperations(item, version).map(({ method, operation, additional }) => ({
    method,
    operation,
    rel: additional ? ["additionalOperations", method] : [method],
  }));
}

/** A parameter (resolved) with where it is written. */
export interface ParameterAt {
  /** The resolved Parameter Object. */
  parameter: Record<string, unknown>;
  /** Path of the entry in the `parameters` list (the reference, when it is one). */
  path: (string | number)[];
  /** Where the resolved object lives (for findings about the object itself). */
  target: Resolved;
}

/** Resolves the entries of a `parameters` list. */
export function parametersOf(
  ctx: RuleContext,
  list: unknown,
  file: string,
  path: readonly (string | number)[],
): ParameterAt[] {
  if (!Array.isArray(list)) return [];
  const out: ParameterAt[] = [];
  for (let i = 0; i < list.length; i++) {
    const p = [...path, i];
    const r = ctx.resolve(list[i], file, p);
    if (r === undefined || !isObject(r.value) || typeof r.value.$ref === "string") continue;
    out.push({ parameter: r.value, path: p, target: r });
  }
  return out;
}

/** Quotes a value for a message, shortened with `…` when long (start and end kept). */
export function q(value: unknown): string {
  return quote(value);
}

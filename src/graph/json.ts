/**
 * The graph as JSON: nodes, edges, cycles and totals, the shape of {@link GraphResult}.
 *
 * @module
 */
import type { GraphResult } from "./types.ts";

/** The graph as indented JSON (a trailing newline). */
export function renderGraphJson(result: GraphResult): string {
  return JSON.stringify(result, null, 2) + "\n";
}

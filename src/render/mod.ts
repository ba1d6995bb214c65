/**
 * Renderers: pure functions from results to text.
 *
 * @module
 */
export * from "./report.ts";
export * from "./validation.ts";
export * from "./escape.ts";
export * from "./findings.ts";
export * from "./join.ts";
export * from "./overlay.ts";
export * from "./parse.ts";
export * from "./fix.ts";
export * from "./walk.ts";
export * from "./generate.ts";
export * from "./convert.ts";
export * from "./diff.ts";
export * from "./diff_html.ts";
export type { FindingLimits } from "../core/finding_limits.ts";

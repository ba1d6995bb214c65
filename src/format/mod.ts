/**
 * Renderers: pure functions from results to text.
 *
 * @module
 */
export * from "./report.ts";
export * from "./validation.ts";

/**
 * The typed walker now lives in `src/walker/`; re-exported here for the validator's files.
 *
 * @module
 */
export { Walker } from "../walker/mod.ts";
export type { KindVisitor, RefVisitor, Visitors } from "../walker/mod.ts";

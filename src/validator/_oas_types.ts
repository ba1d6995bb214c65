/**
 * The kind tables now live in the walker (`src/walker/kinds.ts`); re-exported here for the validator's files.
 *
 * @module
 */
export { anchorOf, classify, KIND_NAMES, kindTable, specLink } from "../walker/mod.ts";
export type { FieldSpec, KindSpec, OasKind, Shape } from "../walker/mod.ts";

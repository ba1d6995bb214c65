/**
 * The validator: structural validation against the official JSON Schema of the document's OpenAPI version
 * (precompiled, see `scripts/gen_schemas.ts`) and semantic rules, each a small visitor in one typed walk.
 *
 * @module
 */
export { listRules, SCHEMA_RULE, validate } from "./validate.ts";
export type { ValidateOptions, ValidationResult } from "./validate.ts";

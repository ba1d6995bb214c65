/**
 * The fixer: `fix()` repairs the common errors of an OpenAPI document — stubs for missing references, missing
 * path parameters, `required: true` on path parameters, duplicate operationIds, schema names, unused schemas and
 * empty Path Items — and reports every change as a {@link Fix}. One file per kind of fix, run in the order of
 * the pipeline.
 *
 * @example
 * ```ts
 * import { fix } from "@oatool/cli/fixer";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await fix({
 *   content: '{"swagger": "2.0", "info": {"title": "T", "version": "1"}, "paths": {"/a/{id}": {"get": ' +
 *     '{"responses": {"200": {"description": "ok"}}}}}}',
 * }, { infer: true });
 * assertEquals(result.fixes.map((f) => `[${f.type}] ${f.path}`), ["[missing-path-parameter] paths./a/{id}.get.parameters[0]"]);
 * ```
 *
 * @module
 */
export { fix } from "./fix.ts";
export { FIX_TYPES } from "./types.ts";
export type { Fix, FixOptions, FixResult, FixType } from "./types.ts";
export {
  compileOperationIdTemplate,
  DEFAULT_OPERATION_ID_TEMPLATE,
  OPERATION_ID_PLACEHOLDERS,
} from "./operation_ids.ts";
export type { OperationIdTemplate, OperationIdValues } from "./operation_ids.ts";
export { inferType, templateNames } from "./missing_path_params.ts";
export { emptyPaths, isEmptyPathItem } from "./prune_paths.ts";
// Schema names come from the generic naming of src/template (shared with every other renaming).
export { componentNameOf, GENERIC_NAMING_STRATEGIES } from "../template/mod.ts";
export type { GenericNameOptions, GenericNamingStrategy } from "../template/mod.ts";

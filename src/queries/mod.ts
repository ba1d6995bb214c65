/**
 * Walk queries: list the operations, schemas, parameters, responses, headers, security schemes, paths and
 * references of an OpenAPI document, with filters (globs, an extension expression), groups and pages. Built on
 * the typed walker (`src/walker`) and the reference index (`RefIndex`).
 *
 * @example Which operations are deprecated?
 * ```ts
 * import { walkOperations } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkOperations({
 *   content: '{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"deprecated": true, "responses": {}}}}}',
 * }, { deprecated: true });
 * assertEquals(r.matched, 1);
 * ```
 *
 * @module
 */
export {
  walk,
  walkHeaders,
  walkOperations,
  walkParameters,
  walkPaths,
  walkRefs,
  walkResponses,
  walkSchemas,
  walkSecurity,
} from "./walk.ts";
export type { WalkItems, WalkOptions } from "./walk.ts";
export type { LoadedDocument, WalkInput } from "./input.ts";
export { matchesExtension, parseExtensionFilter, WalkFilterError } from "./extension.ts";
export type { ExtensionFilter, ExtensionTerm } from "./extension.ts";
export { compileGlob } from "./glob.ts";
export type { GlobMatcher, GlobOptions } from "./glob.ts";
export { GROUP_BY, WALK_KINDS } from "./types.ts";
export type {
  HeaderItem,
  OperationItem,
  ParameterItem,
  PathItem,
  RefItem,
  ResponseItem,
  SchemaItem,
  SecurityItem,
  WalkCommonOptions,
  WalkGroup,
  WalkHeadersOptions,
  WalkKind,
  WalkLocated,
  WalkOperationsOptions,
  WalkParametersOptions,
  WalkPathsOptions,
  WalkRefsOptions,
  WalkResponsesOptions,
  WalkResult,
  WalkSchemasOptions,
  WalkSecurityOptions,
} from "./types.ts";
// The core types the queries' signatures name, so this entry documents on its own too.
export type {
  DocumentFormat,
  DocumentReader,
  InputSource,
  ReadFileIdentity,
  ReadOptions,
  ReadRoot,
  ReadSet,
} from "../core/mod.ts";
export type { OatoolError } from "../core/errors.ts";

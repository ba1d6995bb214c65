/**
 * The joiner: merges OpenAPI documents with collision strategies, reference rewriting, collision handlers,
 * overlays, rename templates, semantic deduplication and source positions in messages.
 *
 * @example
 * ```ts
 * import { join } from "@oatool/cli/joiner";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await join([
 *   { openapi: "3.0.3", info: { title: "Users", version: "1" }, paths: { "/users": {} } },
 *   { openapi: "3.0.3", info: { title: "Orders", version: "1" }, paths: { "/orders": {} } },
 * ]);
 * assertEquals(result.stats.pathCount, 2);
 * ```
 *
 * @module
 */
export * from "./collision_strategy.ts";
export * from "./collision_handler.ts";
export * from "./joiner_config.ts";
export * from "./join_result.ts";
export * from "./errors.ts";
export { Joiner } from "./joiner.ts";
export type { ParsedInput } from "./joiner.ts";
export { join } from "./join.ts";
export type { JoinInput, JoinOptions, LegacyJoinOptions } from "./join.ts";
export { writeResult } from "./write_result.ts";
export {
  applySemanticDedup,
  DEFAULT_RENAME_TEMPLATE,
  findSemanticDuplicates,
  PRIMARY_OPERATION_POLICIES,
  RENAME_CONTEXT_FIELDS,
  sanitizeSource,
  SchemaNamer,
  TemplateError,
  validateRenameTemplate,
} from "./naming.ts";
export type {
  NameRequest,
  NewName,
  PrimaryOperationPolicy,
  RenameContext,
  SchemaNamerConfig,
  SemanticDedupResult,
  TemplateErrorDetails,
  TemplateType,
  UsageType,
} from "./naming.ts";

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
export {
  COLLISION_STRATEGIES,
  EQUIVALENCE_MODES,
  isCollisionStrategy,
  parseCollisionStrategy,
  parseEquivalenceMode,
} from "./collision_strategy.ts";
export type { CollisionStrategy, EquivalenceMode } from "./collision_strategy.ts";
export {
  acceptLeft,
  acceptLeftWithMessage,
  acceptRight,
  acceptRightWithMessage,
  continueWithStrategy,
  continueWithStrategyWithMessage,
  deduplicate,
  deduplicateWithMessage,
  fail,
  failWithMessage,
  rename,
  renameWithMessage,
  useCustomValue,
  useCustomValueWithMessage,
} from "./collision_handler.ts";
export type {
  CollisionContext,
  CollisionHandler,
  CollisionResolution,
  CollisionType,
  ResolutionAction,
} from "./collision_handler.ts";
export * from "./joiner_config.ts";
export { JoinResult } from "./join_result.ts";
export type {
  CollisionDetail,
  CollisionOutcome,
  CollisionReport,
  InputCheck,
  JoinResultInit,
  StructuredWarning,
  WarningCategory,
} from "./join_result.ts";
export * from "./errors.ts";
export { Joiner } from "./joiner.ts";
export type { ParsedInput } from "./joiner.ts";
export { join } from "./join.ts";
export type { JoinInput, JoinOptions, LegacyJoinOptions } from "./join.ts";
export { writeResult } from "./write_result.ts";
export {
  DEFAULT_RENAME_TEMPLATE,
  findSemanticDuplicates,
  PRIMARY_OPERATION_POLICIES,
  RENAME_CONTEXT_FIELDS,
  TemplateError,
  validateRenameTemplate,
} from "./naming.ts";
// A template budget that ran out (`sprintf`, template functions); a running template reports it as a TemplateError.
export { TemplateLimitError } from "../template/mod.ts";
export type {
  PrimaryOperationPolicy,
  RenameContext,
  SemanticDedupResult,
  TemplateErrorDetails,
  TemplateType,
  UsageType,
} from "./naming.ts";

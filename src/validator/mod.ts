/**
 * The validator: structural validation against the official JSON Schema of the document's OpenAPI version
 * (precompiled, see `scripts/gen_schemas.ts`) and semantic rules, each a small visitor in one typed walk; the
 * policy file's severities and accepted findings, and baselines; custom rules (plugins written with
 * {@link defineRule}, and the policy file's declarative rules).
 *
 * @module
 */
export { listRules, SCHEMA_RULE, validate } from "./validate.ts";
export type { ValidateOptions, ValidationResult } from "./validate.ts";
export { pruneBaseline, readBaseline, writeBaseline } from "./baseline.ts";
export { defineRule } from "./custom/define.ts";
export type { RuleDefinition } from "./custom/define.ts";
export type {
  KindVisitor,
  OasKind,
  RefLookup,
  RefVisitor,
  ReportOptions,
  Resolved,
  Rule,
  RuleContext,
  Visitors,
  Walker,
} from "./rule.ts";
export { ConfigError, configJsonSchema, findConfig, loadConfig } from "../config/mod.ts";
export type {
  ApiConfig,
  IgnoreEntry,
  LoadConfigOptions,
  PolicyConfig,
  Preset,
  RuleSetting,
  RuleSeverity,
} from "../config/mod.ts";
export { DEFAULT_JOBS, INPUT_RULE, validateMany } from "./many.ts";
export type { ManyEntry, ValidateManyOptions, WorkerValidateOptions } from "./many.ts";

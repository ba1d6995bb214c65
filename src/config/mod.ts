/**
 * The policy file (`oatool.yaml`), shared by the CLI, the library and the MCP server: rule severities, accepted
 * findings, baselines, named APIs, presets, plugins and the `generate` section. Its schema is written once
 * ({@link CONFIG_SCHEMA}) and published as JSON Schema by `oatool config schema`.
 *
 * @module
 */
export {
  BASELINE_SCHEMA,
  CASING_TYPES,
  CONFIG_SCHEMA,
  configJsonSchema,
  PRESETS,
  RULE_FUNCTIONS,
  RULE_SEVERITIES,
} from "./schema.ts";
export type { RuleFunction, SchemaNode } from "./schema.ts";
export { checkAgainst } from "./check.ts";
export {
  checkDeclarativeRules,
  compilePattern,
  FUNCTION_OPTIONS,
  isDeclarative,
  MAX_RULE_MESSAGE,
  MESSAGE_PLACEHOLDERS,
  normalizeJsonPath,
} from "./declarative.ts";
export type { SchemaIssue } from "./check.ts";
export {
  CONFIG_NAMES,
  configFromData,
  findConfig,
  loadConfig,
  MAX_EXTENDS_DEPTH,
  mergeRules,
} from "./load.ts";
export type { LoadConfigOptions } from "./load.ts";
export { ConfigError } from "./types.ts";
export type { ApiConfig, IgnoreEntry, PolicyConfig, Preset, RuleSetting, RuleSeverity } from "./types.ts";

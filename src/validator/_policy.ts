/**
 * The policy a validation runs under: the policy file (loaded, given as data, or a path), the named API the input
 * is the root of, and the command line's rule overrides, turned into one severity per rule id, the accepted
 * findings and the baseline file.
 *
 * @module
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { closest } from "../core/closest.ts";
import type { DocumentReader } from "../core/mod.ts";
import {
  ConfigError,
  configFromData,
  type IgnoreEntry,
  isDeclarative,
  loadConfig,
  mergeRules,
  type PolicyConfig,
  type RuleSetting,
  type RuleSeverity,
} from "../config/mod.ts";
import type { Rule } from "./rule.ts";
import { declarativeRule } from "./custom/declarative.ts";
import { CUSTOM_RULE_ERROR } from "./custom/guard.ts";
import { loadPlugins } from "./custom/plugins.ts";

/** The rules the `minimal` preset keeps: structure and references. */
const MINIMAL_RULES = new Set(["oas-schema", "oas-version", "ref-resolves"]);

/** A known rule, as the policy needs it. */
export interface KnownRule {
  id: string;
  severity: string;
  strictOnly: boolean;
}

/** What the policy decides for one run. */
export interface Policy {
  /** The loaded policy file, when there is one. */
  config?: PolicyConfig;
  /** Whether the `strict` preset is in force. */
  strict: boolean;
  /** Rule id → severity set by the policy (absent: the rule's default; strict-only rules then only with strict). */
  severities: Map<string, RuleSeverity>;
  /** Accepted findings (the file's and its API's). */
  ignore: IgnoreEntry[];
  /** The baseline file, absolute. */
  baseline?: string;
  /** The custom rules: the plugins' and the declarative ones (`given`/`then`), run after the built-in rules. */
  rules: Rule[];
}

/** Options the policy is built from. */
export interface PolicyOptions {
  /** The policy file: loaded, given as data (paths relative to the working directory), or a path. */
  config?: PolicyConfig | Record<string, unknown> | string;
  /** Command-line overrides, applied last: rule id → severity. */
  ruleSeverities?: Record<string, RuleSeverity>;
  /** Checks a path the policy names before it is read (the MCP workspace). */
  confine?: (path: string) => Promise<string>;
}

/** Loads (when needed) and applies the policy for a document at `rootPath`. @throws {ConfigError} */
export async function resolvePolicy(
  options: PolicyOptions,
  known: readonly KnownRule[],
  reader: DocumentReader,
  rootPath: string | undefined,
): Promise<Policy> {
  const config = await policyConfig(options, reader);
  const ids = known.map((r) => r.id);
  const custom: Rule[] = [];
  const severities = new Map<string, RuleSeverity>();
  let strict = false;
  let ignore: IgnoreEntry[] = [];
  let baseline: string | undefined;
  if (config !== undefined) {
    if (config.presets.includes("minimal")) {
      for (const id of ids) if (!MINIMAL_RULES.has(id)) severities.set(id, "off");
    }
    strict = config.presets.includes("strict");
    let rules = config.rules;
    ignore = [...config.ignore];
    baseline = config.baseline;
    const api = rootPath === undefined
      ? undefined
      : Object.values(config.apis).find((a) => resolve(a.root) === resolve(rootPath));
    if (api !== undefined) {
      rules = mergeRules(rules, api.rules);
      ignore.push(...api.ignore);
      baseline = api.baseline ?? baseline;
    }
    custom.push(...await customRules(config, rules, ids, reader.cwd(), options.confine));
    ids.push(...custom.map((r) => r.id));
    applySettings(rules, ids, severities);
  }
  for (const [id, severity] of Object.entries(options.ruleSeverities ?? {})) {
    if (!ids.includes(id)) throw new ConfigError(unknownRule(id, ids));
    severities.set(id, severity);
  }
  return { config, strict, severities, ignore, baseline, rules: custom };
}

/**
 * The custom rules a policy file defines, for listing (`validate --list-rules`): its declarative rules and its
 * APIs', then its plugins' rules (imported here, only because the policy names them). @throws {ConfigError}
 */
export async function listCustomRules(
  config: PolicyConfig,
  builtIn: readonly string[],
  cwd: string,
): Promise<Rule[]> {
  const rules = Object.values(config.apis).reduce((all, api) => ({ ...all, ...api.rules }), config.rules);
  return await customRules(config, rules, builtIn, cwd, undefined);
}

/**
 * The policy's custom rules: its declarative rules (which may not reuse a built-in id), then its plugins' rules
 * (imported here, only because the policy names them). @throws {ConfigError}
 */
async function customRules(
  config: PolicyConfig,
  rules: Record<string, RuleSetting>,
  builtIn: readonly string[],
  cwd: string,
  confine: PolicyOptions["confine"],
): Promise<Rule[]> {
  const out: Rule[] = [];
  for (const [id, setting] of Object.entries(rules)) {
    if (!isDeclarative(setting.declarative)) continue;
    if (builtIn.includes(id) || id === CUSTOM_RULE_ERROR) {
      const where = setting.at === undefined ? "" : `${setting.at}: `;
      throw new ConfigError(
        `${where}"${id}" is a built-in rule; give the declarative rule an id of its own.`,
      );
    }
    out.push(declarativeRule(id, setting, setting.at));
  }
  if (config.plugins.length > 0) {
    const taken = new Set([...builtIn, CUSTOM_RULE_ERROR, ...out.map((r) => r.id)]);
    const plugins = confine === undefined ? config.plugins : await Promise.all(config.plugins.map((p) => {
      const path = /^file:/i.test(p) ? fileURLToPath(p) : p;
      return /^[a-z][a-z0-9+.-]*:/i.test(path) && !/^[a-z]:[\\/]/i.test(path) ? path : confine(path);
    }));
    out.push(...await loadPlugins(plugins, taken, cwd));
  }
  return out;
}

async function policyConfig(
  options: PolicyOptions,
  reader: DocumentReader,
): Promise<PolicyConfig | undefined> {
  const given = options.config;
  if (given === undefined) return undefined;
  if (typeof given === "string") {
    const path = options.confine === undefined ? given : await options.confine(given);
    return await loadConfig(path, { reader, confine: options.confine });
  }
  if ((given as PolicyConfig).kind === "oatool-policy") return given as PolicyConfig;
  return await configFromData(given, reader.cwd(), { reader, confine: options.confine });
}

function applySettings(
  rules: Record<string, RuleSetting>,
  ids: string[],
  out: Map<string, RuleSeverity>,
): void {
  for (const [id, setting] of Object.entries(rules)) {
    if (!ids.includes(id)) {
      throw new ConfigError(`${setting.at === undefined ? "" : `${setting.at}: `}${unknownRule(id, ids)}`);
    }
    if (setting.severity !== undefined) out.set(id, setting.severity);
  }
}

/** The message of an unknown rule id: it and the closest known one. */
export function unknownRule(id: string, ids: readonly string[]): string {
  return `unknown rule "${id}"; the closest known rule is "${closest(id, ids, true)}".`;
}

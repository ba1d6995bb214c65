/**
 * Finding, reading and merging the policy file: `oatool.yaml` (also `.oatool.yaml`, `.yml` and `.json` forms) in
 * the working directory or its parents, or a named file; its `extends` chain (presets and files, bounded depth,
 * cycles refused) merged into one {@link PolicyConfig}. Every problem is reported at its `file:line:column`.
 *
 * @module
 */
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { ParseError } from "../core/errors.ts";
import { type DocumentFormat, formatFromName, parseText } from "../core/parse_text.ts";
import { createSourceMap, type SourceMap } from "../core/source_map.ts";
import type { DocumentReader } from "../core/confine.ts";
import { checkAgainst, type SchemaIssue } from "./check.ts";
import { checkDeclarativeRules } from "./declarative.ts";
import { CONFIG_SCHEMA, PRESETS } from "./schema.ts";
import {
  ConfigError,
  type IgnoreEntry,
  type PolicyConfig,
  type Preset,
  type RuleSetting,
  type RuleSeverity,
} from "./types.ts";

/** File names of the policy file, in the order they are looked for in each folder. */
export const CONFIG_NAMES = [
  "oatool.yaml",
  "oatool.yml",
  "oatool.json",
  ".oatool.yaml",
  ".oatool.yml",
  ".oatool.json",
] as const;

/** Deepest `extends` chain followed. */
export const MAX_EXTENDS_DEPTH = 8;
/** Most folders looked at, from the working directory up. */
const MAX_PARENTS = 128;

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** Reads the files. */
  reader: DocumentReader;
  /**
   * Checks a path the configuration names (an extended file) before it is read, returning the path to read;
   * throws to refuse it (the MCP server's workspace). @default none
   */
  confine?: (path: string) => Promise<string>;
}

/** The policy file in `dir` or the nearest of its parents, or undefined; two forms in one folder are refused. */
export async function findConfig(dir: string, reader: DocumentReader): Promise<string | undefined> {
  let current = resolve(reader.cwd(), dir);
  for (let i = 0; i < MAX_PARENTS; i++) {
    const found: string[] = [];
    for (const name of CONFIG_NAMES) {
      const path = join(current, name);
      if (await reader.realPath(path).then(() => true, () => false)) found.push(path);
    }
    if (found.length > 1) {
      throw new ConfigError(
        `${found.map((f) => shownPath(f, reader)).join(" and ")} are both policy files; keep one of them.`,
      );
    }
    if (found.length === 1) return found[0];
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/** Reads a policy file and everything it extends. @throws {ConfigError} with `file:line:column` of each problem. */
export async function loadConfig(path: string, options: LoadConfigOptions): Promise<PolicyConfig> {
  const full = resolve(options.reader.cwd(), path);
  return await readLayer(full, options, []);
}

/**
 * A policy given as data (what the file would hold), its relative paths resolved against `baseDir`.
 * @throws {ConfigError} naming the JSON pointer of each problem.
 */
export async function configFromData(
  data: unknown,
  baseDir: string,
  options: LoadConfigOptions,
): Promise<PolicyConfig> {
  const issues = checkConfigData(data);
  if (issues.length > 0) {
    throw new ConfigError(
      issues.map((i) => `the configuration at /${i.segments.map(String).join("/")}: ${i.message}`),
    );
  }
  return await layer(data as RawConfig, baseDir, undefined, options, []);
}

/** The problems of a policy file's data: its schema's, then its declarative rules'. */
function checkConfigData(data: unknown): SchemaIssue[] {
  return [...checkAgainst(data, CONFIG_SCHEMA), ...checkDeclarativeRules(data)];
}

function shownPath(path: string, reader: DocumentReader): string {
  const rel = relative(reader.cwd(), path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}

interface RawConfig {
  extends?: string | string[];
  rules?: Record<string, unknown>;
  ignore?: Record<string, string>[];
  baseline?: string;
  plugins?: string[];
  apis?: Record<string, { root: string; rules?: Record<string, unknown>; ignore?: Record<string, string>[] }>;
  generate?: Record<string, unknown>;
}

/** Where each part of a file was written. */
interface Located {
  /** `file:line:column` of a path, or undefined for data. */
  at(segments: readonly (string | number)[]): string | undefined;
}

async function readLayer(full: string, options: LoadConfigOptions, chain: string[]): Promise<PolicyConfig> {
  const reader = options.reader;
  const name = shownPath(full, reader);
  if (chain.includes(full)) {
    throw new ConfigError(
      `${name} extends itself: ${
        [...chain, full].map((f) => shownPath(f, reader)).join(" → ")
      }; remove the cycle.`,
    );
  }
  if (chain.length > MAX_EXTENDS_DEPTH) {
    throw new ConfigError(`${name}: the extends chain is deeper than ${MAX_EXTENDS_DEPTH} files.`);
  }
  const text = await reader.readFile(full, { role: "referenced" });
  const format: DocumentFormat = formatFromName(full) ?? "yaml";
  let data: unknown;
  try {
    data = text.trim() === "" ? {} : parseText(text, { format, source: name }).data;
  } catch (error) {
    if (error instanceof ParseError) {
      const where = error.line === undefined ? name : `${name}:${error.line}:${error.column ?? 1}`;
      throw new ConfigError(`${where}: ${error.message}`);
    }
    throw error;
  }
  if (data === null) data = {};
  let map: SourceMap | undefined;
  const located: Located = {
    at(segments) {
      map ??= createSourceMap(text, format, name);
      const p = map.positionOf(segments.map(String));
      return p === undefined ? name : `${p.file}:${p.line}:${p.column}`;
    },
  };
  const issues = checkConfigData(data);
  if (issues.length > 0) {
    throw new ConfigError(issues.map((i) => `${located.at(i.segments)}: ${i.message}`));
  }
  const config = await layer(data as RawConfig, dirname(full), located, options, [...chain, full]);
  config.files.unshift(full);
  return config;
}

/** Builds one file's configuration over what it extends. */
async function layer(
  raw: RawConfig,
  dir: string,
  located: Located | undefined,
  options: LoadConfigOptions,
  chain: string[],
): Promise<PolicyConfig> {
  const at = (segments: (string | number)[]): string | undefined => located?.at(segments);
  const config: PolicyConfig = {
    kind: "oatool-policy",
    files: [],
    presets: [],
    rules: {},
    ignore: [],
    plugins: [],
    apis: {},
    generate: {},
  };
  const bases = raw.extends === undefined
    ? []
    : typeof raw.extends === "string"
    ? [raw.extends]
    : raw.extends;
  for (const [i, base] of bases.entries()) {
    if ((PRESETS as readonly string[]).includes(base)) {
      if (!config.presets.includes(base as Preset)) config.presets.push(base as Preset);
      continue;
    }
    if (!/[./\\]/.test(base)) {
      const where = at(typeof raw.extends === "string" ? ["extends"] : ["extends", i]);
      throw new ConfigError(
        `${where ?? "extends"}: "${base}" is neither a preset (${PRESETS.join(", ")}) nor a file path; ` +
          `write a file as ./${base}.yaml.`,
      );
    }
    let path = resolve(dir, base);
    if (options.confine !== undefined) path = await options.confine(path);
    mergeInto(config, await readLayer(path, options, chain));
  }
  const own: PolicyConfig = {
    ...config,
    files: [],
    presets: [],
    rules: rulesOf(raw.rules, ["rules"], at),
    ignore: ignoreOf(raw.ignore, ["ignore"], dir, at),
    plugins: (raw.plugins ?? []).map((p) => /^[a-z][a-z0-9+.-]*:/i.test(p) ? p : resolve(dir, p)),
    apis: {},
    generate: generateSection(raw.generate, dir),
  };
  if (raw.baseline !== undefined) own.baseline = resolve(dir, raw.baseline);
  for (const [name, api] of Object.entries(raw.apis ?? {})) {
    own.apis[name] = {
      name,
      root: resolve(dir, api.root),
      rules: rulesOf(api.rules, ["apis", name, "rules"], at),
      ignore: ignoreOf(api.ignore, ["apis", name, "ignore"], dir, at),
    };
    const baseline = (api as { baseline?: string }).baseline;
    if (baseline !== undefined) own.apis[name].baseline = resolve(dir, baseline);
  }
  mergeInto(config, own);
  return config;
}

/** The `generate` section with its paths (`input` unless a URL, `output`) made absolute. */
function generateSection(raw: Record<string, unknown> | undefined, dir: string): Record<string, unknown> {
  const out = { ...raw };
  for (const key of ["input", "output"]) {
    const v = out[key];
    const url = key === "input" && (v === "-" || /^[a-z][a-z0-9+.-]*:\/\//i.test(String(v)));
    if (typeof v === "string" && !url) out[key] = resolve(dir, v);
  }
  return out;
}

function rulesOf(
  raw: Record<string, unknown> | undefined,
  prefix: (string | number)[],
  at: (segments: (string | number)[]) => string | undefined,
): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = {};
  for (const [id, value] of Object.entries(raw ?? {})) {
    const setting: RuleSetting = {};
    if (typeof value === "string") setting.severity = value as RuleSeverity;
    else if (Array.isArray(value)) {
      setting.severity = value[0] as RuleSeverity;
      if (value[1] !== undefined) setting.options = value[1] as Record<string, unknown>;
    } else {
      const { severity, options, ...rest } = value as Record<string, unknown>;
      if (severity !== undefined) setting.severity = severity as RuleSeverity;
      if (options !== undefined) setting.options = options as Record<string, unknown>;
      if (Object.keys(rest).length > 0) setting.declarative = rest;
    }
    const where = at([...prefix, id]);
    if (where !== undefined) setting.at = where;
    out[id] = setting;
  }
  return out;
}

function ignoreOf(
  raw: Record<string, string>[] | undefined,
  prefix: (string | number)[],
  dir: string,
  at: (segments: (string | number)[]) => string | undefined,
): IgnoreEntry[] {
  return (raw ?? []).map((e, i) => {
    const entry: IgnoreEntry = { rule: e.rule, pointer: e.pointer, reason: e.reason };
    if (e.file !== undefined) entry.file = resolve(dir, e.file);
    if (e.hash !== undefined) entry.hash = e.hash;
    const where = at([...prefix, i]);
    if (where !== undefined) entry.at = where;
    return entry;
  });
}

/** Merges `over` into `base`: rule settings and APIs by name (later wins, field by field), lists appended. */
function mergeInto(base: PolicyConfig, over: PolicyConfig): void {
  for (const p of over.presets) if (!base.presets.includes(p)) base.presets.push(p);
  base.rules = mergeRules(base.rules, over.rules);
  base.ignore.push(...over.ignore);
  for (const p of over.plugins) if (!base.plugins.includes(p)) base.plugins.push(p);
  if (over.baseline !== undefined) base.baseline = over.baseline;
  for (const [name, api] of Object.entries(over.apis)) {
    const before = base.apis[name];
    base.apis[name] = before === undefined ? api : {
      ...before,
      ...api,
      rules: mergeRules(before.rules, api.rules),
      ignore: [...before.ignore, ...api.ignore],
      baseline: api.baseline ?? before.baseline,
    };
  }
  base.generate = { ...base.generate, ...over.generate };
  base.files.push(...over.files);
}

/** Rule settings of `over` on top of `base` (a setting's missing fields keep the base's). */
export function mergeRules(
  base: Record<string, RuleSetting>,
  over: Record<string, RuleSetting>,
): Record<string, RuleSetting> {
  const out = { ...base };
  for (const [id, setting] of Object.entries(over)) {
    const merged: RuleSetting = { ...out[id] };
    for (const [k, v] of Object.entries(setting)) {
      if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
    }
    out[id] = merged;
  }
  return out;
}

/**
 * Loading the plugins the policy file names (`plugins:`): each a local TypeScript or JavaScript module, imported
 * with Deno's dynamic `import()` only when a policy names it (it runs with oatool's permissions), whose rules
 * (the `rules` export, or the default export: a rule or a list) are checked and marked as custom. Any failure is
 * a {@link ConfigError} naming the plugin file (exit 2 on the CLI), never a crash.
 *
 * @module
 */
import { isAbsolute, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigError } from "../../config/mod.ts";
import type { Rule } from "../rule.ts";
import { toRule } from "./define.ts";
import { errorText, markCustom } from "./guard.ts";

/** Most rules one plugin may export. */
export const MAX_PLUGIN_RULES = 1000;

function label(specifier: string, cwd: string): string {
  const path = /^file:/i.test(specifier) ? fileURLToPath(specifier) : specifier;
  const rel = relative(cwd, path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}

/** A module specifier to import: a local path (absolute, as the loader resolved it) or a `file:` URL. */
function moduleUrl(specifier: string, shown: string): string {
  if (/^file:/i.test(specifier)) return specifier;
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) && !/^[a-z]:[\\/]/i.test(specifier)) {
    throw new ConfigError(
      `plugin ${shown}: only local files are loaded as plugins; save the module next to the policy file and ` +
        `name that file.`,
    );
  }
  return pathToFileURL(specifier).href;
}

/** The rules a module exports, or what is wrong. */
function exportedRules(module: Record<string, unknown>): unknown[] | string {
  const given = module.rules ?? module.default;
  if (given === undefined) {
    return "exports no rules; export `rules` (a list of rules) or a default rule or list (docs/custom-rules.md).";
  }
  const list = Array.isArray(given) ? given : [given];
  if (list.length === 0) return "exports an empty list of rules.";
  if (list.length > MAX_PLUGIN_RULES) return `exports more than ${MAX_PLUGIN_RULES} rules.`;
  return list;
}

/**
 * Imports the plugins and returns their rules, marked as custom. `taken` holds the ids already in use (the
 * built-in rules', the declarative rules'); a plugin rule may not reuse one.
 * @throws {ConfigError} naming the plugin file: it cannot be imported, exports no rules or a malformed one, or
 *   reuses an id.
 */
export async function loadPlugins(
  specifiers: readonly string[],
  taken: ReadonlySet<string>,
  cwd: string,
): Promise<Rule[]> {
  const out: Rule[] = [];
  const ids = new Map<string, string>();
  for (const specifier of specifiers) {
    const shown = label(specifier, cwd);
    const url = moduleUrl(specifier, shown);
    let module: Record<string, unknown>;
    try {
      module = await import(url);
    } catch (error) {
      throw new ConfigError(`plugin ${shown}: could not be loaded: ${errorText(error)}`);
    }
    const list = exportedRules(module);
    if (typeof list === "string") throw new ConfigError(`plugin ${shown}: ${list}`);
    for (const [i, value] of list.entries()) {
      const rule = toRule(value);
      if (typeof rule === "string") throw new ConfigError(`plugin ${shown}: rule ${i + 1} ${rule}`);
      const where = taken.has(rule.id) ? "a built-in or declarative rule" : ids.get(rule.id);
      if (where !== undefined) {
        throw new ConfigError(
          `plugin ${shown}: the rule id "${rule.id}" is already used by ${where}; rename it.`,
        );
      }
      ids.set(rule.id, `the plugin ${shown}`);
      out.push(markCustom(rule, `the plugin ${shown}`));
    }
  }
  return out;
}

/**
 * The policy flags of `oatool validate`: `--config`, `--rule`, `--skip-rule`, and the baseline flags; finding the
 * policy file and reporting what the baseline accepted and what in it is stale.
 *
 * @module
 */
import { ConfigError, findConfig, loadConfig, type PolicyConfig, RULE_SEVERITIES } from "../config/mod.ts";
import type { RuleSeverity } from "../config/mod.ts";
import type { DocumentReader } from "../core/mod.ts";
import { escapeText } from "../render/escape.ts";
import type { ValidationResult } from "../validator/mod.ts";

/** The flags' declarations. */
export const policyFlags = {
  config: {
    type: "string",
    placeholder: "file",
    description: "Policy file (default: oatool.yaml or .oatool.yaml/.json here or in a parent folder)",
  },
  rule: {
    type: "list",
    placeholder: "id=severity",
    description: "Set a rule's severity: error, warning, info or off (over the policy file)",
  },
  "skip-rule": { type: "list", placeholder: "id", description: "Switch a rule off (over the policy file)" },
  baseline: {
    type: "string",
    placeholder: "file",
    description: "Accept the findings listed in this baseline file (default: the policy file's baseline)",
  },
  "generate-baseline": {
    type: "string",
    placeholder: "file",
    description: "Write every current finding to this baseline file, then exit 0",
  },
  "prune-baseline": { type: "boolean", description: "Rewrite the baseline without its stale entries" },
} as const;

/** `--rule` and `--skip-rule` as rule id → severity (unknown ids are checked by `validate`). */
export function ruleSeverities(
  rule: readonly string[],
  skip: readonly string[],
): Record<string, RuleSeverity> {
  const out: Record<string, RuleSeverity> = {};
  for (const item of rule) {
    const m = /^([^=]+)=(.*)$/.exec(item);
    if (m === null || !(RULE_SEVERITIES as readonly string[]).includes(m[2])) {
      throw new ConfigError(
        `--rule "${item}" is not id=severity with a severity of ${RULE_SEVERITIES.join(", ")}; ` +
          `write for example --rule operation-id-unique=warning.`,
      );
    }
    out[m[1]] = m[2] as RuleSeverity;
  }
  for (const id of skip) out[id] = "off";
  return out;
}

/** The policy file `--config` names, else the one found from the working directory up, else none. */
export async function policyFile(
  reader: DocumentReader,
  named: string | undefined,
): Promise<PolicyConfig | undefined> {
  const path = named ?? await findConfig(reader.cwd(), reader);
  return path === undefined ? undefined : await loadConfig(path, { reader });
}

/** Lines saying what the policy and the baseline accepted, and which baseline entries are stale. */
export function baselineSummary(result: ValidationResult, pruned: number | undefined): string {
  const lines: string[] = [];
  const n = result.ignoredCount ?? 0;
  if (n > 0) {
    lines.push(`${n} finding${n === 1 ? "" : "s"} accepted by the policy file or the baseline (not listed).`);
  }
  const stale = result.staleBaseline ?? [];
  if (stale.length > 0 && pruned !== undefined) {
    lines.push(
      `Removed ${pruned} stale baseline entr${pruned === 1 ? "y" : "ies"} from ${result.baselineFile}.`,
    );
  } else if (stale.length > 0) {
    lines.push(
      `Stale baseline entries (${stale.length}): findings that no longer occur; remove them with --prune-baseline.`,
    );
    for (const e of stale) {
      const where = `${e.file === undefined ? "" : `${e.file}#`}${e.pointer}`;
      lines.push(`  ${e.rule} ${where}${e.message === undefined ? "" : `: ${e.message}`}`);
    }
  }
  return lines.map((l) => `${escapeText(l)}\n`).join("");
}

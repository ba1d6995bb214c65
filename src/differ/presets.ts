/**
 * Rule presets: `strict`, `default` and `lenient`, each a list of rules that move the default severity of a
 * family of checks (by category, direction and severity), written as data so that the severity policy page
 * (docs/diff-severity.md) lists them and what they change.
 *
 * @module
 */
import { CHECKS } from "./checks.ts";
import type { Severity } from "../core/finding.ts";
import type { Check, CheckCategory } from "./types.ts";

/** The rule presets, from the strictest. */
export const DIFF_PRESETS = ["strict", "default", "lenient"] as const;

/** A rule preset: see {@link DIFF_PRESETS} and {@link PRESET_RULES}. */
export type DiffPreset = typeof DIFF_PRESETS[number];

/** One rule of a preset: the checks it matches and the severity it gives them. */
export interface PresetRule {
  /** Checks of these categories (any category when absent). */
  categories?: readonly CheckCategory[];
  /** Checks whose id starts with this (`request-`, `response-`, `deprecated-`). */
  prefix?: string;
  /** Checks whose id ends with this. */
  suffix?: string;
  /** Checks whose default severity is this. */
  from: Severity;
  /**
   * Schema checks whose other direction has this default severity: a `response-…` check whose `request-…`
   * twin is INFO is a widening (the same change narrows nothing in a request).
   */
  mirror?: Severity;
  /** Checks whose id contains one of these are left alone. */
  except?: readonly string[];
  /** The severity the rule gives. */
  to: Severity;
  /** Why, for the policy page. */
  why: string;
}

/** Notices and comparisons whose effect cannot be decided: no preset turns them into errors. */
const NOTICES = ["-deprecated", "keyword-changed", "pattern-changed", "format-conversion-issue"];

/** The rules of each preset, applied in order to each check's default severity (the first match wins). */
export const PRESET_RULES: Readonly<Record<DiffPreset, readonly PresetRule[]>> = {
  strict: [
    {
      prefix: "deprecated-",
      suffix: "-removed",
      from: "warning",
      to: "error",
      why:
        "A deprecation without a sunset date (`x-sunset`) never told clients when it ends, so removing it " +
        "breaks the clients still using it (oasdiff's mode with `--deprecation-days`).",
    },
    {
      categories: ["schema"],
      prefix: "response-",
      from: "warning",
      except: NOTICES,
      to: "error",
      why:
        "Responses that widen a range (a lowered minimum, a removed format, pattern or bound): clients that " +
        "validate responses against the schema they were built with reject the new values.",
    },
    {
      categories: ["schema", "parameter", "request-body"],
      prefix: "request-",
      from: "warning",
      except: NOTICES,
      to: "error",
      why:
        "Requests: a removed parameter, property or body that a strict server rejects, and a default that " +
        "changed what omitting a field means.",
    },
    {
      categories: ["response", "operation", "server", "security", "endpoint"],
      from: "warning",
      except: NOTICES,
      to: "error",
      why:
        "A new success status or a removed header, link, callback, server, scheme or operationId: strict " +
        "clients (generated code, exhaustive status handling) fail on them.",
    },
  ],
  default: [],
  lenient: [
    {
      categories: ["schema"],
      prefix: "response-",
      from: "error",
      mirror: "info",
      to: "warning",
      why: "Responses that widen (a new type, enum value or alternative, null, a property no longer " +
        "required): tolerant readers that ignore what they do not know keep working.",
    },
    {
      prefix: "deprecated-",
      suffix: "-removed",
      from: "warning",
      to: "info",
      why:
        "Removing what was deprecated, even without a sunset date: the deprecation was notice enough (as " +
        "oasdiff judges it).",
    },
  ],
};

function mirrorSeverity(check: Check): Severity | undefined {
  const m = /^(request|response)-(.*)$/.exec(check.id);
  if (m === null || check.category !== "schema") return undefined;
  return CHECKS.get(`${m[1] === "request" ? "response" : "request"}-${m[2]}`)?.severity;
}

/** Whether a preset rule applies to a check. */
export function ruleMatches(rule: PresetRule, check: Check): boolean {
  if (check.severity !== rule.from) return false;
  if (rule.categories !== undefined && !rule.categories.includes(check.category)) return false;
  if (rule.prefix !== undefined && !check.id.startsWith(rule.prefix)) return false;
  if (rule.suffix !== undefined && !check.id.endsWith(rule.suffix)) return false;
  if (rule.except?.some((x) => check.id.includes(x))) return false;
  return rule.mirror === undefined || mirrorSeverity(check) === rule.mirror;
}

/** The severity a preset gives a check (its default severity when no rule of the preset matches). */
export function presetSeverity(check: Check, preset: DiffPreset): Severity {
  return PRESET_RULES[preset].find((r) => ruleMatches(r, check))?.to ?? check.severity;
}

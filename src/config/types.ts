/**
 * The policy file once loaded: its `extends` chain followed and merged, every path absolute.
 *
 * @module
 */
import { OatoolError } from "../core/errors.ts";

/** A preset `extends:` may name: `recommended` (the default rules), `strict` (as --strict), `minimal`. */
export type Preset = "recommended" | "strict" | "minimal";

/** A severity a rule may be given; `off` switches it off (the values of `RULE_SEVERITIES`). */
export type RuleSeverity = "error" | "warning" | "info" | "off";

/** The setting of one rule. */
export interface RuleSetting {
  /** Its severity, when the setting gives one. */
  severity?: RuleSeverity;
  /** Its options. */
  options?: Record<string, unknown>;
  /** A declarative rule (`given`/`then`/`message`/`description`), kept for the engine that runs them. */
  declarative?: Record<string, unknown>;
  /** Where the setting was written (`file:line:column`), for messages. */
  at?: string;
}

/** An accepted finding (config `ignore:`), or a baseline entry. */
export interface IgnoreEntry {
  /** Rule id. */
  rule: string;
  /** RFC 6901 pointer of the finding; findings below it match too (baseline entries: exactly). */
  pointer: string;
  /** Absolute path of the file the finding is in; undefined: the document validated. */
  file?: string;
  /** Short hash of the node at the pointer: the entry holds only while the node is unchanged. */
  hash?: string;
  /** Why it is accepted. */
  reason?: string;
  /** The finding's message (baselines, for readers). */
  message?: string;
  /** Where the entry was written (`file:line:column`). */
  at?: string;
}

/** A named API (`apis:`). */
export interface ApiConfig {
  /** Its name. */
  name: string;
  /** Absolute path of its root document. */
  root: string;
  /** Its rule overrides (over the file's). */
  rules: Record<string, RuleSetting>;
  /** Its accepted findings (besides the file's). */
  ignore: IgnoreEntry[];
  /** Its own baseline file (absolute). */
  baseline?: string;
}

/** A loaded, merged policy file. */
export interface PolicyConfig {
  /** Marks a loaded configuration (a raw one never has this key). */
  kind: "oatool-policy";
  /** The files read, the named one first (empty for a configuration given as data). */
  files: string[];
  /** Presets named along the `extends` chain, in the order applied. */
  presets: Preset[];
  /** Rule id → setting; a file overrides what it extends. */
  rules: Record<string, RuleSetting>;
  /** Accepted findings of every file of the chain. */
  ignore: IgnoreEntry[];
  /** The baseline file (absolute). */
  baseline?: string;
  /** Plugin modules (absolute paths or URLs), not loaded here. */
  plugins: string[];
  /** Named APIs. */
  apis: Record<string, ApiConfig>;
  /** The `generate` section: keys as `oatool generate`'s flags, `input` and `output` made absolute. */
  generate: Record<string, unknown>;
}

/** A policy file is malformed, or names a rule, preset or file that does not exist (exit 2 on the CLI). */
export class ConfigError extends OatoolError {
  /** Each problem, as `file:line:column: sentence` (the message joins them with line breaks). */
  readonly problems: readonly string[];

  /**
   * Creates the error.
   *
   * @param problems What is wrong: one problem, or each problem as `file:line:column: sentence`.
   */
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === "string" ? [problems] : problems;
    super(list.join("\n"), "CONFIG_ERROR");
    this.problems = list;
  }
}

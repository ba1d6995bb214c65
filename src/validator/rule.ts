/**
 * The shape of a validation rule and the context it runs in. Each semantic rule is a small object with a stable
 * id and a `create` function returning visitors for the kinds of objects it checks.
 *
 * @module
 */
import type { OASVersion, Severity } from "../core/mod.ts";
import type { OasKind, Visitors } from "../walker/mod.ts";

export type { OasKind } from "../walker/mod.ts";
export type { KindVisitor, RefVisitor, Visitors, Walker } from "../walker/mod.ts";

/** A reference followed to its target. */
export interface Resolved {
  /** The target value (never itself a Reference Object unless a loop or a dead end stopped the chain). */
  value: unknown;
  /** Key of the file holding the target. */
  file: string;
  /** Path of the target inside that file. */
  segments: readonly (string | number)[];
}

/** Options of {@link RuleContext.report}. */
export interface ReportOptions {
  /** Overrides the rule's severity. */
  severity?: Exclude<Severity, "info" | "critical">;
  /** File the path is in. @default the file being walked */
  file?: string;
  /** Section of the specification (an anchor such as `path-templating`). @default the rule's */
  anchor?: string;
}

/** What a rule sees. */
export interface RuleContext {
  /** The root document. */
  readonly document: Record<string, unknown>;
  /** Exact version (`3.1.0`). */
  readonly version: string;
  /** Version family. */
  readonly oasVersion: OASVersion;
  /** Key of the root file. */
  readonly rootFile: string;
  /** Whether `--strict` is on. */
  readonly strict: boolean;
  /** Reports a finding at `path` (inside the file being walked unless `options.file` says otherwise). */
  report(path: readonly (string | number)[], message: string, options?: ReportOptions): void;
  /**
   * Follows a value that may be a Reference Object (and chains of them) to its target; a value that is not a
   * reference is returned as it is. Undefined when a reference cannot be resolved.
   */
  resolve(value: unknown, file: string, segments: readonly (string | number)[]): Resolved | undefined;
  /**
   * The pure reference loop (`A → B → A`, nothing but references) that the Reference Object at a path of a file
   * belongs to, as `file#pointer` labels in chain order from it (the root file's without a file name); undefined
   * when it is not on one.
   */
  refLoop?(file: string, segments: readonly (string | number)[]): readonly string[] | undefined;
  /** Looks one reference up (no chains), as written in the file `file`. */
  lookup(ref: string, file: string): RefLookup;
  /** The kind of the object at a path of a file, when its place says (root document only). */
  kindAt(file: string, segments: readonly (string | number)[]): OasKind | undefined;
}

/** Result of {@link RuleContext.lookup}. */
export type RefLookup =
  | { ok: true; value: unknown; file: string; segments: readonly (string | number)[] }
  | { ok: false; reason: string; message: string };

/** A validation rule. */
export interface Rule {
  /** Stable identifier, shown in every output format, e.g. `operation-id-unique`. */
  id: string;
  /** Severity of its findings. */
  severity: Exclude<Severity, "info" | "critical">;
  /** One line: what it checks. */
  description: string;
  /** Section of the specification its findings link to (anchor of the spec page). */
  anchor: string;
  /** Version families it applies to. @default all */
  versions?: readonly OASVersion[];
  /** Runs only with `strict`. */
  strictOnly?: boolean;
  /** Creates the visitors of one run (state lives in their closure). */
  create(ctx: RuleContext): Visitors;
}

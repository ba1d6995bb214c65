/**
 * What every conversion step shares: the issue list (findings with a stable rule id each), order-keeping object
 * rebuilding, and the typed collection of objects by kind with the walker.
 *
 * @module
 */
import { type Finding, finding, type OASVersion } from "../core/mod.ts";
import { isObject, setMember } from "../core/json.ts";
import { RefIndex } from "../refs/ref_index.ts";
import { type OasKind, type Visitors, walkDocument } from "../walker/mod.ts";

/** Severity of a conversion issue. */
export type IssueSeverity = "info" | "warning" | "critical";

/** A path inside the document a step converts. */
export type Segments = readonly (string | number)[];

/** The state of one conversion step. */
export class Step {
  /** Issues found so far (shared by every step of a conversion). */
  readonly issues: Finding[];
  /** Version family of the step's input. */
  readonly from: OASVersion;
  /** The step's input document (already a private copy: steps change it in place). */
  readonly doc: Record<string, unknown>;
  #index: RefIndex | undefined;

  constructor(doc: Record<string, unknown>, from: OASVersion, issues: Finding[]) {
    this.doc = doc;
    this.from = from;
    this.issues = issues;
  }

  /** Adds an issue at a path of the step's input. */
  add(severity: IssueSeverity, at: Segments, message: string, rule: string, hint?: string): void {
    this.issues.push(finding(severity, at, message, hint === undefined ? { rule } : { rule, hint }));
  }

  /** The reference index of the step's input (local references; built on first use). */
  get index(): RefIndex {
    return this.#index ??= RefIndex.of(this.doc, this.from);
  }

  /**
   * The object a value stands for: itself, or for a local Reference Object the object its chain ends at.
   * Undefined when the reference cannot be followed (another file, a missing target, a loop).
   */
  deref(value: unknown): Record<string, unknown> | undefined {
    if (!isObject(value)) return undefined;
    if (typeof value.$ref !== "string") return value;
    if (!value.$ref.startsWith("#")) return undefined;
    const r = this.index.follow(value.$ref);
    return r.ok && isObject(r.value) ? r.value : undefined;
  }
}

/** An object met by {@link collect}, with its path (a copy). */
export interface Placed {
  /** The object. */
  node: Record<string, unknown>;
  /** Its path from the root. */
  path: (string | number)[];
}

/**
 * Every object of the given kinds in a document, in document order, each once (objects reachable twice through
 * YAML aliases are listed at their first place), found with the typed walker.
 */
export function collect(
  doc: unknown,
  version: OASVersion,
  kinds: readonly OasKind[],
  options: { refs?: boolean } = {},
): Map<OasKind, Placed[]> {
  const out = new Map<OasKind, Placed[]>();
  const seen = new Set<object>();
  const visitors: Visitors = {};
  if (options.refs) {
    // Reference Objects of a collected kind are listed too: where siblings do not count (3.0 schemas) the walker
    // calls no kind visitor for them, and converting their siblings is still the converter's job.
    visitors.$ref = (holder, _ref, expected, at) => {
      const list = out.get(expected);
      if (list === undefined || seen.has(holder)) return;
      seen.add(holder);
      list.push({ node: holder, path: at.path.slice() });
    };
  }
  for (const kind of kinds) {
    const list: Placed[] = [];
    out.set(kind, list);
    visitors[kind] = (node, at) => {
      if (seen.has(node)) return;
      seen.add(node);
      list.push({ node, path: at.path.slice() });
    };
  }
  walkDocument(doc, version, visitors);
  return out;
}

/**
 * Rewrites the members of an object in place, keeping their order: `each` is called for every member in turn and
 * returns the members to put in its place (none to drop it, several to insert). Keys emitted twice keep their
 * first place and the last value.
 */
export function rebuild(
  node: Record<string, unknown>,
  each: (key: string, value: unknown) => readonly (readonly [string, unknown])[] | undefined,
): void {
  const entries = Object.entries(node);
  const out: [string, unknown][] = [];
  for (const [k, v] of entries) {
    const next = each(k, v);
    if (next === undefined) out.push([k, v]);
    else for (const e of next) out.push([e[0], e[1]]);
  }
  for (const k of Object.keys(node)) delete node[k];
  for (const [k, v] of out) setMember(node, k, v);
}

export { setMember } from "../core/json.ts";

/** The `x-` extensions of an object, in order. */
export function extensions(node: Record<string, unknown>): [string, unknown][] {
  return Object.entries(node).filter(([k]) => k.startsWith("x-"));
}

/**
 * Reports each `x-` extension of an object the conversion leaves no place for (one issue per extension, at its
 * path): `whose` names the object (`discriminator`, `media type`, …), `target` the version.
 */
export function reportExtensions(
  step: Step,
  node: unknown,
  at: Segments,
  whose: string,
  target = "OpenAPI 2.0",
): void {
  if (!isObject(node)) return;
  for (const [k] of extensions(node)) {
    step.add(
      "warning",
      [...at, k],
      `${target} has no place for the extension "${k}" of this ${whose}; it is left out.`,
      "convert-extension-dropped",
    );
  }
}

/** Whether a value is a string list. */
export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

/** A copy of a Paths Object with each Path Item converted by `convert` (extensions and non-objects kept). */
export function mapPaths(
  paths: Record<string, unknown>,
  convert: (item: Record<string, unknown>, at: Segments) => Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...paths };
  rebuild(
    out,
    (p, item) => !p.startsWith("x-") && isObject(item) ? [[p, convert(item, ["paths", p])]] : undefined,
  );
  return out;
}

/**
 * A slice of the API for `generate`: the operations picked by tags and operation ids (globs), and the
 * components they reach through `$ref` (schemas only those, unless `allSchemas`); or, with `typesOnlyFrom`, only
 * the schemas reachable from the named ones and no operation. The slice is a pruned copy of the (bundled)
 * document, so every emitter — types, client, server, router, binder, middleware, stubs, security helpers, the
 * embedded document — covers exactly the selection. Places keep their JSON pointers, so issues still point
 * into the source; a part of a left-out operation that the slice refers to is copied to the reference's place
 * (select_keep.ts).
 *
 * @module
 */
import { closest } from "../core/closest.ts";
import { UsageError } from "../core/errors.ts";
import { type Finding, finding } from "../core/finding.ts";
import { isObject, type Obj } from "../core/json.ts";
import { getAt, getAtPointer, parsePointer } from "../core/pointer.ts";
import type { OASVersion } from "../core/version.ts";
import { pathItemOperations } from "../refs/stats.ts";
import { componentSections } from "../walker/kinds.ts";
import { compileGlob } from "../queries/mod.ts";
import { DATA, keepReferenced, NAME_MAPS, pointerName } from "./select_keep.ts";

/** What to generate of a document (every list holds names or globs with `*` and `?`). */
export interface Selection {
  /** Operations with at least one of these tags. */
  includeTags?: readonly string[];
  /** Leave out operations with any of these tags. */
  excludeTags?: readonly string[];
  /** Operations whose `operationId` (or `METHOD /path`, for example `GET /pets/{id}`) matches one of these. */
  includeOperations?: readonly string[];
  /** Leave out the operations matching one of these. */
  excludeOperations?: readonly string[];
  /**
   * Keep every schema, not only those the selected operations reach (a UsageError without an include or exclude
   * list: it would change nothing). @default false
   */
  allSchemas?: boolean;
  /** Only the schemas reachable from these (names in the schema section) and no operation. */
  typesOnlyFrom?: readonly string[];
}

/** A selection that selects nothing (exit 2 on the CLI). */
export class EmptySelectionError extends UsageError {}

/** The slice: the pruned document, the counts, and warnings about names that match nothing. */
export interface SelectedDocument {
  document: Obj;
  operations: number;
  schemas: number;
  issues: Finding[];
}

/** Whether the options select a slice at all (any list given, or `typesOnlyFrom`). */
export function isSelecting(s: Selection): boolean {
  return [s.includeTags, s.excludeTags, s.includeOperations, s.excludeOperations, s.typesOnlyFrom]
    .some((l) => l !== undefined && l.length > 0);
}

/** The flags of a selection, for messages (`--include-tags repos --exclude-operations "x*"`). */
export function selectionFlags(s: Selection): string {
  const parts: string[] = [];
  const add = (flag: string, list: readonly string[] | undefined) => {
    for (const v of list ?? []) parts.push(`${flag} ${/^[\w./{}-]+$/.test(v) ? v : JSON.stringify(v)}`);
  };
  add("--include-tags", s.includeTags);
  add("--exclude-tags", s.excludeTags);
  add("--include-operations", s.includeOperations);
  add("--exclude-operations", s.excludeOperations);
  add("--types-only-from", s.typesOnlyFrom);
  return parts.join(" ");
}

/** Usage errors of a selection combined with other options, before anything is read. */
export function checkSelection(s: Selection, generatesOperations: boolean): void {
  const operationFlags = [s.includeTags, s.excludeTags, s.includeOperations, s.excludeOperations]
    .some((l) => (l?.length ?? 0) > 0);
  if ((s.typesOnlyFrom?.length ?? 0) === 0) {
    // Without a selection every schema is generated already: the flag would do nothing, silently.
    if (s.allSchemas === true && !operationFlags) {
      throw new UsageError(
        "--all-schemas requires --include-tags, --exclude-tags, --include-operations or --exclude-operations.",
      );
    }
    return;
  }
  if (operationFlags || s.allSchemas === true || generatesOperations) {
    throw new UsageError(
      "--types-only-from generates only types; give it without --client, --server, --all-schemas and the " +
        "--include/--exclude flags.",
    );
  }
}

const WILD = /[*?]/;

/** One list's patterns, each with whether it matched something. */
class Patterns {
  readonly #matchers: { pattern: string; test: (s: string) => boolean; used: boolean }[];
  constructor(list: readonly string[] | undefined) {
    this.#matchers = (list ?? []).map((pattern) => ({ pattern, test: compileGlob(pattern), used: false }));
  }
  get empty(): boolean {
    return this.#matchers.length === 0;
  }
  /** Whether any pattern matches any of the names (marking those that do). */
  matches(names: readonly string[]): boolean {
    let hit = false;
    for (const m of this.#matchers) {
      if (names.some((n) => m.test(n))) hit = m.used = true;
    }
    return hit;
  }
  /** Warnings for the patterns that matched nothing, with the closest known name for a plain one. */
  unused(flag: string, what: string, known: readonly string[], out: Finding[]): void {
    for (const m of this.#matchers) {
      if (m.used) continue;
      const near = WILD.test(m.pattern) ? undefined : closest(m.pattern, known);
      out.push(finding(
        "warning",
        [],
        `${flag} "${m.pattern}" matches no ${what} of the document${
          near === undefined ? "" : `; did you mean "${near}"?`
        }`,
        { rule: "generate-selection" },
      ));
    }
  }
}

/** Component sections as `section path → entries kept`; an entry is `section/name`. */
interface Reach {
  kept: Set<string>;
  /** Local references to places outside the component sections (such as a left-out operation's parameter). */
  elsewhere: Set<string>;
  sections: { segments: readonly string[]; key: string; kind: string }[];
}

/**
 * The slice of `doc` (a bundled document: only local references) that `s` selects.
 * @throws {EmptySelectionError} when no operation (or, with `typesOnlyFrom`, no schema) is selected.
 */
export function selectDocument(doc: Obj, version: OASVersion, s: Selection): SelectedDocument {
  const issues: Finding[] = [];
  const sections = componentSections(version).map((c) => ({
    segments: c.segments,
    key: c.segments.join("/"),
    kind: c.kind,
  }));
  const reach: Reach = { kept: new Set(), elsewhere: new Set(), sections };
  const schemaSection = sections.find((c) => c.kind === "schema");
  const schemaMap = schemaSection === undefined ? undefined : mapAt(doc, schemaSection.segments);
  const out: Obj = { ...doc };
  let operations = 0;
  const seeds: unknown[] = [];
  if ((s.typesOnlyFrom?.length ?? 0) > 0) {
    const names = Object.keys(schemaMap ?? {});
    const wanted = new Patterns(s.typesOnlyFrom);
    for (const name of names) {
      if (wanted.matches([name])) seeds.push({ $ref: `#/${schemaSection!.key}/${pointerName(name)}` });
    }
    wanted.unused("--types-only-from", "schema", names, issues);
    if (seeds.length === 0) {
      throw new EmptySelectionError(
        `${selectionFlags(s)} selects no schema of the document.${
          because(issues)
        } Give names of schemas under ${
          schemaSection === undefined ? "its schemas" : schemaSection.segments.join(".")
        }.`,
      );
    }
    out.paths = {};
    delete out.webhooks;
    delete out.security;
    delete out.tags;
    const schemes = sections.find((c) => c.kind === "securityScheme");
    if (schemes !== undefined && mapAt(doc, schemes.segments) !== undefined) setAt(out, schemes.segments, {});
  } else {
    const picked = pickOperations(doc, version, s, issues);
    operations = picked.count;
    if (operations === 0) {
      throw new EmptySelectionError(
        `${selectionFlags(s)} selects no operation of the document.${
          because(issues)
        } Change the --include-tags, ` +
          `--exclude-tags, --include-operations or --exclude-operations flags.`,
      );
    }
    out.paths = picked.paths;
    delete out.webhooks;
    seeds.push(picked.paths);
    if (s.allSchemas === true && schemaSection !== undefined) {
      for (const name of Object.keys(schemaMap ?? {})) {
        seeds.push({ $ref: `#/${schemaSection.key}/${pointerName(name)}` });
      }
    }
    pruneSecurity(doc, out, picked.security, picked.inheritRoot, sections);
    if (Array.isArray(doc.tags)) {
      out.tags = doc.tags.filter((t) => isObject(t) && picked.tags.has(String(t.name)));
    }
  }
  walkRefs(doc, seeds, reach);
  let schemas = 0;
  for (const c of sections) {
    if (c.kind === "securityScheme") continue;
    const map = mapAt(doc, c.segments);
    if (map === undefined) continue;
    const kept: Obj = {};
    for (const [name, value] of Object.entries(map)) {
      if (reach.kept.has(`${c.key}/${name}`)) kept[name] = value;
    }
    if (c.kind === "schema") schemas = Object.keys(kept).length;
    setAt(out, c.segments, kept);
  }
  if ([...reach.elsewhere].some((ref) => getAtPointer(out, ref) === undefined)) keepReferenced(doc, out);
  return { document: out, operations, schemas, issues };
}

/** The warnings, as sentences following an error's first one. */
function because(issues: readonly Finding[]): string {
  return issues.map((i) => ` ${i.message}${/[.?]$/.test(i.message) ? "" : "."}`).join("");
}

/** The selected operations as a new `paths` map, with the tags and security schemes they use. */
function pickOperations(doc: Obj, version: OASVersion, s: Selection, issues: Finding[]) {
  const inc = { tags: new Patterns(s.includeTags), ops: new Patterns(s.includeOperations) };
  const exc = { tags: new Patterns(s.excludeTags), ops: new Patterns(s.excludeOperations) };
  const knownTags = new Set<string>();
  const knownOps: string[] = [];
  if (Array.isArray(doc.tags)) { for (const t of doc.tags) if (isObject(t)) knownTags.add(String(t.name)); }
  const paths: Obj = {};
  const tags = new Set<string>();
  const security = new Set<string>();
  let inheritRoot = false;
  let count = 0;
  for (const [path, raw] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = localTarget(doc, raw);
    if (item === undefined) continue;
    const kept: Obj = {};
    const additional: Obj = {};
    for (const { method, operation, additional: extra } of pathItemOperations(item, version)) {
      const opTags = Array.isArray(operation.tags) ? operation.tags.map(String) : [];
      for (const t of opTags) knownTags.add(t);
      const ids = [`${method.toUpperCase()} ${path}`];
      if (typeof operation.operationId === "string" && operation.operationId !== "") {
        ids.unshift(operation.operationId);
        knownOps.push(operation.operationId);
      }
      // Every list is asked (so that each pattern is marked used where it matches), then combined.
      const inTags = inc.tags.matches(opTags);
      const inOps = inc.ops.matches(ids);
      const outTags = exc.tags.matches(opTags);
      const outOps = exc.ops.matches(ids);
      if ((!inc.tags.empty && !inTags) || (!inc.ops.empty && !inOps) || outTags || outOps) continue;
      count++;
      for (const t of opTags) tags.add(t);
      if (Array.isArray(operation.security)) collectSchemes(operation.security, security);
      else inheritRoot = true;
      if (extra) additional[method] = operation;
      else kept[method] = operation;
    }
    if (Object.keys(kept).length === 0 && Object.keys(additional).length === 0) continue;
    const copy: Obj = {};
    for (const [k, v] of Object.entries(item)) {
      if (k === "additionalOperations" || isOperationKey(item, k, version)) continue;
      if (k !== "$ref") copy[k] = v;
    }
    Object.assign(copy, kept);
    if (Object.keys(additional).length > 0) copy.additionalOperations = additional;
    paths[path] = copy;
  }
  inc.tags.unused("--include-tags", "tag", [...knownTags], issues);
  exc.tags.unused("--exclude-tags", "tag", [...knownTags], issues);
  inc.ops.unused("--include-operations", "operation", knownOps, issues);
  exc.ops.unused("--exclude-operations", "operation", knownOps, issues);
  if (inheritRoot && Array.isArray(doc.security)) collectSchemes(doc.security, security);
  return { paths, tags, security, inheritRoot, count };
}

function isOperationKey(item: Obj, key: string, version: OASVersion): boolean {
  return pathItemOperations({ [key]: item[key] }, version).length > 0;
}

function collectSchemes(requirements: unknown[], into: Set<string>): void {
  for (const r of requirements) if (isObject(r)) { for (const name of Object.keys(r)) into.add(name); }
}

/**
 * The security schemes the selected operations use; the document's own `security` only when an operation
 * inherits it. A document that names no requirement anywhere keeps its schemes (nothing tells which are used).
 */
function pruneSecurity(
  doc: Obj,
  out: Obj,
  used: Set<string>,
  inheritRoot: boolean,
  sections: Reach["sections"],
): void {
  if (!inheritRoot) delete out.security;
  const c = sections.find((x) => x.kind === "securityScheme");
  const map = c === undefined ? undefined : mapAt(doc, c.segments);
  if (c === undefined || map === undefined) return;
  if (!Array.isArray(doc.security) && !namesRequirement(doc)) return;
  const kept: Obj = {};
  for (const [name, value] of Object.entries(map)) if (used.has(name)) kept[name] = value;
  setAt(out, c.segments, kept);
}

/** Whether any operation of the document has a `security` list. */
function namesRequirement(doc: Obj): boolean {
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const v of Object.values(item)) if (isObject(v) && Array.isArray(v.security)) return true;
  }
  return false;
}

/** The object a path item is, following one local `$ref`. */
function localTarget(doc: Obj, raw: unknown): Obj | undefined {
  if (!isObject(raw)) return undefined;
  if (typeof raw.$ref !== "string") return raw;
  const target = raw.$ref.startsWith("#") ? getAtPointer(doc, raw.$ref) : undefined;
  return isObject(target) ? { ...target, ...withoutRef(raw) } : raw;
}

function withoutRef(o: Obj): Obj {
  const { $ref: _, ...rest } = o;
  return rest;
}

/** Most nodes looked at while following references (a bound on hostile input). */
const MAX_NODES = 50_000_000;

/**
 * Marks every component entry reachable from `seeds` through local `$ref`s (and discriminator mappings),
 * walking each entry once.
 */
function walkRefs(doc: Obj, seeds: unknown[], reach: Reach): void {
  // Each node with whether it is a map of names (whose keys are not keywords).
  const stack: [unknown, boolean][] = seeds.map((s) => [s, false]);
  const seen = new Set<object>();
  let budget = MAX_NODES;
  const follow = (ref: string) => {
    const segments = ref.startsWith("#") ? parsePointer(ref) : undefined;
    if (segments === undefined) return;
    for (const c of reach.sections) {
      if (segments.length <= c.segments.length || !c.segments.every((s, i) => segments[i] === s)) continue;
      const key = `${c.key}/${segments[c.segments.length]}`;
      if (reach.kept.has(key)) return;
      reach.kept.add(key);
      stack.push([mapAt(doc, c.segments)?.[segments[c.segments.length]], false]);
      return;
    }
    // A place elsewhere (under paths, say): what it reaches is kept, and the slice keeps the place itself.
    if (reach.elsewhere.has(ref)) return;
    reach.elsewhere.add(ref);
    stack.push([getAt(doc, segments), false]);
  };
  const schemaSection = reach.sections.find((c) => c.kind === "schema");
  while (stack.length > 0 && budget-- > 0) {
    const [node, names] = stack.pop()!;
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) if (typeof v === "object" && v !== null) stack.push([v, false]);
      continue;
    }
    const o = node as Obj;
    if (!names && typeof o.$ref === "string") follow(o.$ref);
    if (!names && isObject(o.discriminator) && isObject(o.discriminator.mapping) && schemaSection) {
      for (const v of Object.values(o.discriminator.mapping)) {
        if (typeof v !== "string") continue;
        follow(v.startsWith("#") ? v : `#/${schemaSection.key}/${pointerName(v)}`);
      }
    }
    for (const [k, v] of Object.entries(o)) {
      if (typeof v !== "object" || v === null || (!names && DATA.has(k))) continue;
      stack.push([v, !names && NAME_MAPS.has(k)]);
    }
  }
}

function mapAt(doc: Obj, segments: readonly string[]): Obj | undefined {
  const node = getAt(doc, segments);
  return isObject(node) ? node : undefined;
}

/** Sets `value` at `segments` in `out`, copying (not changing) the objects on the way. */
function setAt(out: Obj, segments: readonly string[], value: Obj): void {
  let node = out;
  for (const [i, s] of segments.entries()) {
    if (i === segments.length - 1) {
      node[s] = value;
      return;
    }
    const next = isObject(node[s]) ? { ...(node[s] as Obj) } : {};
    node[s] = next;
    node = next;
  }
}

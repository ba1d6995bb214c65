/**
 * The bundling engine: copies the root document and rewrites every structural `$ref` of the set so that it is
 * local. A target in another file becomes a component (when it is a component, or when the place that refers
 * to it expects a component kind) or is inlined at its use; each part copied is walked in its turn (a queue of
 * jobs, no recursion), each target at most once as a component.
 *
 * @module
 */
import { type ComponentSection, componentSections, type OasKind, Walker } from "../walker/mod.ts";
import type { RefIndex, ResolvedRef, UnresolvedRef } from "../refs/ref_index.ts";
import { escapePointerSegment, formatPointer, getAt } from "../core/pointer.ts";
import { deepCopy, MAX_DEPTH } from "../core/data_tree.ts";
import { isObject, setMember } from "../core/json.ts";
import { type Finding, finding } from "../core/finding.ts";
import { RefResolutionError } from "../core/errors.ts";
import { RESOLVE_EXPANSION_FACTOR, RESOLVE_EXPANSION_FLOOR } from "../io/load_refs.ts";
import { placeKey } from "../refs/ref_graph.ts";
import { formatCount, quote } from "../core/bounded_text.ts";
import type { SourcePosition } from "../core/source_map.ts";
import { derivedName, SectionNames } from "./_names.ts";

type Segments = (string | number)[];
type Container = Record<string, unknown> | unknown[];

/** One part of the output to walk: a copy of a part of a file, placed in the output. */
interface Job {
  /** The copy (already placed in the output). */
  value: unknown;
  /** Key of the file it was copied from (its references resolve from there). */
  file: string;
  /** Its kind. */
  kind: OasKind;
  /** Its path in the output. */
  out: Segments;
  /** Its path in its file. */
  src: readonly (string | number)[];
  /** Where it is held in the output (absent for the root). */
  place?: { parent: Container; key: string | number };
  /** The job that inlined it (absent for the root and components). */
  parent?: Job;
  /** Key of the place it copies, for cycles of inlined parts. */
  target?: string;
  /** Number of inlined parts above it. */
  depth: number;
  /** Values of the Reference Object's siblings merged into it: they belong to the job that met them. */
  skip?: Set<unknown>;
}

/** A target given a component. */
interface Assignment {
  pointer: string;
  out: Segments;
  /** Whether its content has been copied in (false for a root component that is a reference, until met). */
  filled: boolean;
}

/** A Reference Object met in a job. */
interface Met {
  holder: Record<string, unknown>;
  ref: string;
  expected: OasKind;
  path: Segments;
  parentKind: OasKind | undefined;
}

/** Options of {@link bundleIndex}. */
export interface EngineOptions {
  /** Keep Path Item references under `paths` as references to `components.pathItems` (3.1+). */
  keepPathRefs: boolean;
  /** Give findings the `file:line:column` of the reference they are about. */
  sourceMap: boolean;
}

/** Where a part of the output was copied from: the key of its file and its place there. */
export interface EngineOrigin {
  /** Key of the file in the index. */
  file: string;
  /** Path of the part inside that file. */
  segments: readonly (string | number)[];
}

/** Output of {@link bundleIndex}. */
export interface EngineResult {
  /** The bundled document. */
  document: Record<string, unknown>;
  /** Findings: unresolved references (errors), renamed components, inlined cycles. */
  warnings: Finding[];
  /** Paths of the components added, in the order they were added. */
  added: Segments[];
  /**
   * By the pointer of each part copied from another file (a component added, a part inlined): where it was
   * copied from; `null` where a part of the root stands under such a part (a Reference Object's siblings).
   */
  origins: Map<string, EngineOrigin | null>;
}

/** A discriminator mapping value that is a reference (a pointer, a path, a file), not a schema name. */
const REF_LIKE = /[#/]|\.(json|ya?ml)$/i;

function isPureRef(v: unknown): v is { $ref: string } {
  return isObject(v) && typeof v.$ref === "string" && Object.keys(v).length === 1;
}

/** Number of values in a tree, iteratively. */
function countValues(root: unknown): number {
  let n = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    n++;
    if (v !== null && typeof v === "object") { for (const c of Object.values(v)) stack.push(c); }
  }
  return n;
}

function samePath(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (String(a[i]) !== String(b[i])) return false;
  return true;
}

/** Bundles the set of an index into one document whose structural references are all local. */
export function bundleIndex(index: RefIndex, options: EngineOptions): EngineResult {
  return new Engine(index, options).run();
}

class Engine {
  readonly #index: RefIndex;
  readonly #options: EngineOptions;
  readonly #rootKey: string;
  readonly #root: Record<string, unknown>;
  readonly #sections: readonly ComponentSection[];
  readonly #sectionOfKind = new Map<OasKind, ComponentSection>();
  readonly #names = new Map<string, SectionNames>();
  readonly #assigned = new Map<string, Assignment>();
  readonly #warnings: Finding[] = [];
  readonly #jobs: Job[] = [];
  readonly #budget: number;
  #copied = 0;
  readonly #added: Segments[] = [];
  readonly #origins = new Map<string, EngineOrigin | null>();
  #warnedPathRefs = false;

  constructor(index: RefIndex, options: EngineOptions) {
    this.#index = index;
    this.#options = options;
    this.#rootKey = index.rootKey;
    this.#root = deepCopy(index.document(index.rootKey)!.data) as Record<string, unknown>;
    // The kind tables describe every 3.x section; `pathItems` came with 3.1 and `mediaTypes` with 3.2.
    const v = index.oasVersion;
    this.#sections = componentSections(v).filter((s) =>
      !(s.name === "pathItems" && v === "3.0") && !(s.name === "mediaTypes" && v !== "3.2")
    );
    for (const s of this.#sections) {
      if (!this.#sectionOfKind.has(s.kind)) this.#sectionOfKind.set(s.kind, s);
      this.#names.set(s.name, new SectionNames());
    }
    let inputValues = 0;
    for (const doc of index.documents) inputValues += countValues(doc.data);
    this.#budget = Math.max(RESOLVE_EXPANSION_FLOOR, RESOLVE_EXPANSION_FACTOR * inputValues);
  }

  run(): EngineResult {
    // The root's components keep their names; a root component that is a reference to another file gets that
    // file's content in place, and every other reference to the same target refers to it.
    for (const entry of this.#index.components()) {
      this.#names.get(entry.section)?.add(entry.name);
      if (!isObject(entry.value) || typeof entry.value.$ref !== "string") continue;
      const r = this.#finalTarget(entry.value.$ref, this.#rootKey);
      if (!r.ok || r.file === this.#rootKey) continue;
      const key = placeKey(r.file, r.segments);
      if (this.#assigned.has(key)) continue;
      this.#assigned.set(key, {
        pointer: `#${formatPointer(entry.segments)}`,
        out: entry.segments,
        filled: false,
      });
    }
    this.#jobs.push({ value: this.#root, file: this.#rootKey, kind: "root", out: [], src: [], depth: 0 });
    let job: Job = this.#jobs[0];
    const met: Met[] = [];
    const mappings: { mapping: Record<string, unknown>; key: string; path: Segments }[] = [];
    const rootKey = this.#rootKey;
    const warnings = this.#warnings;
    const walker = new Walker(this.#index.oasVersion, [{
      enter(node, at) {
        if (job.skip?.has(node)) at.skip();
      },
      $ref(holder, ref, expected, at) {
        if (job.skip?.has(holder)) return;
        met.push({ holder, ref, expected, path: [...at.path], parentKind: at.parentKind });
      },
      discriminator(node, at) {
        // Mapping values that are references (not schema names) are rewritten like `$ref`s.
        if (!isObject(node.mapping)) return;
        for (const key of Object.keys(node.mapping)) {
          const value = node.mapping[key];
          if (typeof value === "string" && REF_LIKE.test(value)) {
            mappings.push({ mapping: node.mapping, key, path: [...at.path, "mapping", key] });
          }
        }
      },
      schema(node, at) {
        // A schema brought in from another file loses its `$id`: the references inside it are now pointers
        // into the bundled document, which an `$id` would make relative to another base.
        if (job.file !== rootKey && typeof node.$id === "string") {
          warnings.push(
            finding("info", [...job.out, ...at.path], `removed $id ${quote(node.$id)} of a bundled schema.`, {
              rule: "bundle-id-removed",
            }),
          );
          delete node.$id;
        }
      },
    }], { lenient: true });
    for (let i = 0; i < this.#jobs.length; i++) {
      job = this.#jobs[i];
      met.length = 0;
      mappings.length = 0;
      walker.walk(job.value, job.file, job.kind);
      for (const m of met) this.#handle(job, m);
      for (const { mapping, key, path } of mappings) {
        const ref = mapping[key] as string;
        if (!this.#finalTarget(ref, job.file).ok) continue; // a name, or a target not in the set: left as is
        const holder = { $ref: ref };
        this.#handle(job, { holder, ref, expected: "schema", path, parentKind: "discriminator" });
        setMember(mapping, key, holder.$ref);
      }
    }
    return { document: this.#root, warnings: this.#warnings, added: this.#added, origins: this.#origins };
  }

  /** Resolves a reference, going on through targets that are only a reference to another file's place. */
  #finalTarget(ref: string, file: string): ResolvedRef | UnresolvedRef {
    let r = this.#index.resolve(ref, file);
    const seen = new Set<string>();
    while (r.ok && r.file !== this.#rootKey && isPureRef(r.value)) {
      const key = placeKey(r.file, r.segments);
      if (seen.has(key)) break;
      seen.add(key);
      const next = this.#index.resolve(r.value.$ref, r.file);
      if (!next.ok) break;
      r = next;
    }
    return r;
  }

  /** The component section and name of a place of a file that is a component (`#/components/schemas/X`). */
  #componentPlace(segments: readonly string[]): { section: ComponentSection; name: string } | undefined {
    for (const s of this.#sections) {
      if (segments.length !== s.segments.length + 1) continue;
      if (s.segments.every((seg, i) => seg === segments[i])) {
        return { section: s, name: segments[s.segments.length] };
      }
    }
    return undefined;
  }

  #handle(job: Job, m: Met): void {
    const at = [...job.out, ...m.path];
    const r = this.#finalTarget(m.ref, job.file);
    if (!r.ok) {
      this.#warnings.push(
        finding("error", at, r.message, { rule: "ref-unresolved", location: this.#where(job, m) }),
      );
      return;
    }
    if (r.file === this.#rootKey) {
      if (job.file === this.#rootKey && m.ref.charCodeAt(0) === 35 /* # */) return;
      m.holder.$ref = `#${formatPointer(r.segments)}`;
      return;
    }
    const key = placeKey(r.file, r.segments);
    const assigned = this.#assigned.get(key);
    if (
      assigned !== undefined && !assigned.filled && job.file === this.#rootKey && samePath(assigned.out, at)
    ) {
      assigned.filled = true;
      this.#inline(job, m, r, key, true);
      return;
    }
    if (m.expected === "pathItem" && m.parentKind === "paths") {
      if (!this.#options.keepPathRefs || !this.#sectionOfKind.has("pathItem")) {
        if (this.#options.keepPathRefs && !this.#warnedPathRefs) {
          this.#warnedPathRefs = true;
          this.#warnings.push(finding(
            "warning",
            at,
            `OpenAPI ${this.#index.oasVersion} has no components.pathItems, so Path Item files are inlined under paths despite --keep-path-refs.`,
            { rule: "bundle-path-refs" },
          ));
        }
        this.#inline(job, m, r, key, false);
        return;
      }
    }
    if (assigned !== undefined) {
      m.holder.$ref = assigned.pointer;
      return;
    }
    const place = this.#componentPlace(r.segments);
    let section: ComponentSection | undefined;
    let name: string;
    if (place !== undefined && (place.section.kind === m.expected || m.expected === "unknown")) {
      section = place.section;
      name = place.name;
    } else {
      section = this.#sectionOfKind.get(m.expected);
      name = derivedName(r.file, r.segments);
    }
    if (section === undefined) {
      this.#inline(job, m, r, key, false);
      return;
    }
    const given = this.#names.get(section.name)!.take(name);
    if (given !== name) {
      this.#warnings.push(finding(
        "info",
        [...section.segments, given],
        `component ${quote(name)} from ${quote(this.#index.document(r.file)?.source ?? r.file)} is named ${
          quote(given)
        }, as ${quote(name)} was taken.`,
        { rule: "bundle-renamed" },
      ));
    }
    const out = [...section.segments, given];
    const pointer = `#${formatPointer(out)}`;
    this.#assigned.set(key, { pointer, out, filled: true });
    const container = this.#section(section);
    const copy = this.#copy(r.value);
    setMember(container, given, copy);
    this.#added.push(out);
    this.#origins.set(pointer.slice(1), { file: r.file, segments: r.segments });
    this.#jobs.push({
      value: copy,
      file: r.file,
      kind: section.kind,
      out,
      src: r.segments,
      place: { parent: container, key: given },
      depth: 0,
      target: key,
    });
    m.holder.$ref = pointer;
  }

  /** Replaces a Reference Object by a copy of its target (its siblings kept over the target's fields). */
  #inline(job: Job, m: Met, r: ResolvedRef, key: string, component: boolean): void {
    const at = [...job.out, ...m.path];
    if (!component) {
      for (let j: Job | undefined = job; j !== undefined; j = j.parent) {
        if (j.target !== key) continue;
        m.holder.$ref = `#${formatPointer(j.out)}`;
        this.#warnings.push(finding(
          "warning",
          at,
          `circular reference ${quote(m.ref)} inlined once, then kept as a local $ref.`,
          { rule: "bundle-circular", location: this.#where(job, m) },
        ));
        return;
      }
      if (job.depth >= MAX_DEPTH) {
        throw new RefResolutionError(
          `bundling would nest inlined parts more than ${MAX_DEPTH} deep at ${quote(formatPointer(at))}; ` +
            `make the referenced parts components.`,
        );
      }
    }
    let place: { parent: Container; key: string | number } | undefined;
    if (m.path.length === 0) place = job.place;
    else {
      const parent = getAt(job.value, m.path.slice(0, -1));
      if (parent !== null && typeof parent === "object") {
        place = { parent: parent as Container, key: m.path[m.path.length - 1] };
      }
    }
    if (place === undefined) {
      this.#warnings.push(
        finding("error", at, `reference ${quote(m.ref)} at the document's root cannot be bundled.`, {
          rule: "ref-unresolved",
        }),
      );
      return;
    }
    const copy = this.#copy(r.value);
    const pointer = formatPointer(at);
    this.#origins.set(pointer, { file: r.file, segments: r.segments });
    let skip: Set<unknown> | undefined;
    if (isObject(copy)) {
      for (const k of Object.keys(m.holder)) {
        if (k === "$ref") continue;
        const v = m.holder[k];
        setMember(copy, k, v);
        if (v !== null && typeof v === "object") (skip ??= new Set()).add(v);
        // A sibling comes from the file that held the Reference Object.
        this.#origins.set(
          `${pointer}/${escapePointerSegment(k)}`,
          job.file === this.#rootKey ? null : { file: job.file, segments: [...job.src, ...m.path, k] },
        );
      }
    }
    if (Array.isArray(place.parent)) place.parent[place.key as number] = copy;
    else setMember(place.parent, String(place.key), copy);
    if (m.path.length === 0) job.value = copy;
    this.#jobs.push({
      value: copy,
      file: r.file,
      kind: m.expected,
      out: at,
      src: r.segments,
      place,
      parent: component ? undefined : job,
      target: key,
      depth: component ? 0 : job.depth + 1,
      skip,
    });
  }

  /** The source position of a Reference Object met in a job (with the `sourceMap` option). */
  #where(job: Job, m: Met): SourcePosition | undefined {
    if (!this.#options.sourceMap) return undefined;
    try {
      return this.#index.document(job.file)?.sourceMap().positionOf([...job.src, ...m.path, "$ref"]);
    } catch {
      return undefined; // a document without text
    }
  }

  /** A copy of a target, counted against the expansion budget. */
  #copy(value: unknown): unknown {
    this.#copied += countValues(value);
    if (this.#copied > this.#budget) {
      throw new RefResolutionError(
        `bundling would copy more than ${
          formatCount(this.#budget)
        } values (the expansion budget: ${RESOLVE_EXPANSION_FACTOR} times the values of the files); parts inlined at many places multiply like this, so make them components.`,
      );
    }
    return deepCopy(value);
  }

  /** The map of a section of components in the output, made when absent. */
  #section(section: ComponentSection): Record<string, unknown> {
    let node = this.#root;
    for (const seg of section.segments) {
      let next = node[seg];
      if (!isObject(next)) {
        next = {};
        setMember(node, seg, next);
      }
      node = next as Record<string, unknown>;
    }
    return node;
  }
}

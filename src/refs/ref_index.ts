/**
 * The reference index of a loaded document set: resolution of every kind of `$ref` (local JSON pointers,
 * relative files, 3.1+ `$anchor` plain names and `$id`s), chains followed with cycle detection, the edges and
 * referrers of any place, the components of every kind, and strongly connected components for cycles.
 *
 * The index is synchronous: the documents are given to it (the root, and the referenced files once loaded by
 * `refs.ts`'s {@link import("../io/load_refs.ts").createRefIndex}). It reads the kind tables and the walker of
 * `src/walker`, which depend only on core's leaf modules, so there is no import cycle.
 *
 * @module
 */
import { dirname } from "node:path";
import { locateRef, redactUrl, redactUrlsIn, type RefOrigin } from "../core/confine.ts";
import { getAt, parsePointer } from "../core/pointer.ts";
import type { OASVersion } from "../core/version.ts";
import type { SourceMap } from "../core/source_map.ts";
import { componentSections, type OasKind, type Visitors, Walker } from "../walker/mod.ts";
import { isObject } from "../core/json.ts";
import { placeKey, referenceCycles, referenceLoops } from "./ref_graph.ts";
import type {
  ComponentEntry,
  RefDocument,
  RefEdge,
  RefPlace,
  ResolvedRef,
  UnresolvedRef,
} from "./ref_types.ts";

export { stronglyConnected } from "../core/graph.ts";
export type {
  ComponentEntry,
  RefDocument,
  RefEdge,
  RefPlace,
  RefRoot,
  ResolvedRef,
  UnresolvedReason,
  UnresolvedRef,
} from "./ref_types.ts";

/** Splits a `$ref` into its file part (empty for the same document) and its fragment (with `#`, or empty). */
export function splitRef(ref: string): { filePart: string; fragment: string } {
  const hash = ref.indexOf("#");
  return hash === -1
    ? { filePart: ref, fragment: "" }
    : { filePart: ref.slice(0, hash), fragment: ref.slice(hash) };
}

/** Whether the file part of a reference is a URL with a scheme (not a Windows drive letter). */
export function isRemoteRef(filePart: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(filePart) && !/^[a-z]:[\\/]/i.test(filePart);
}

const PLAIN_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/** Whether a document key is a URL (a document loaded from one) rather than a file path. */
export function isUrlKey(key: string): boolean {
  return /^https?:\/\//i.test(key);
}

/** Options of {@link RefIndex}. */
export interface RefIndexOptions {
  /** Name of the root for messages. @default "document" */
  source?: string;
  /** Key of the root (its absolute path when it is a file). @default the source */
  key?: string;
  /** Directory relative references of the root resolve against. @default "." */
  baseDir?: string;
  /** The real path of `baseDir`: referenced files may not leave it. @default baseDir */
  realBase?: string;
  /** The URL the root was loaded from (when it is not a file): its references resolve against it. */
  url?: string;
  /** Source positions of the root. */
  sourceMap?: () => SourceMap;
  /**
   * Find references also in places the OpenAPI layout does not describe (the walker's lenient walk), as
   * resolving a whole document needs. @default false
   */
  lenient?: boolean;
}

/**
 * The reference index of a document set. Build it for one document with {@link RefIndex.of} or
 * `new RefIndex(...)`, or with its referenced files loaded with `createRefIndex()` (core's refs module).
 *
 * @example
 * ```ts
 * import { RefIndex } from "./ref_index.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const doc = { openapi: "3.1.0", components: { schemas: { A: { $ref: "#/components/schemas/B" }, B: { type: "string" } } } };
 * const index = new RefIndex(doc, "3.1");
 * const r = index.follow("#/components/schemas/A");
 * assertEquals(r.ok && r.value, { type: "string" });
 * ```
 */
export class RefIndex {
  /** The root document's key. */
  readonly rootKey: string;
  /** Version family of the set. */
  readonly oasVersion: OASVersion;
  readonly #docs = new Map<string, RefDocument>();
  readonly #failed = new Map<string, UnresolvedRef>();
  readonly #baseDir: string;
  readonly #realBase: string;
  readonly #rootUrl: string | undefined;
  readonly #lenient: boolean;
  #anchors: Map<string, Map<string, (string | number)[]>> | undefined;
  #ids: Map<string, RefPlace> | undefined;
  #edges: RefEdge[] | undefined;
  #referrers: Map<string, RefEdge[]> | undefined;
  readonly #chains = new Map<string, ResolvedRef | UnresolvedRef>();
  readonly #resolved = new Map<string, ResolvedRef | UnresolvedRef>();
  readonly #loops = new Map<string, { loop: RefPlace[]; at: number } | null>();

  /** The index of a root document (add referenced files with {@link addDocument}, or use `createRefIndex`). */
  constructor(document: unknown, oasVersion: OASVersion, options: RefIndexOptions = {}) {
    const source = options.source ?? "document";
    this.rootKey = options.key ?? source;
    this.oasVersion = oasVersion;
    this.#baseDir = options.baseDir ?? ".";
    this.#realBase = options.realBase ?? this.#baseDir;
    this.#rootUrl = options.url;
    this.#lenient = options.lenient === true;
    this.#docs.set(this.rootKey, {
      key: this.rootKey,
      source,
      data: document,
      sourceMap: options.sourceMap ?? (() => {
        throw new Error("no source map");
      }),
    });
  }

  /**
   * The index of one document without files (local references and anchors). Resolutions are remembered: make
   * a new index after changing the document.
   */
  static of(document: unknown, oasVersion: OASVersion): RefIndex {
    return new RefIndex(document, oasVersion);
  }

  /**
   * The same documents (nothing read again) with `lenient` as given: this index when it already is, else a new
   * index over the same files and failures.
   */
  withLenient(lenient: boolean): RefIndex {
    return lenient === this.#lenient ? this : this.#copy(this.#docs.get(this.rootKey)!.data, lenient);
  }

  /**
   * A new index over the same files and failures (nothing read again) whose root is `document`: the root
   * changed by a command, at the same place.
   */
  withRootDocument(document: unknown): RefIndex {
    return this.#copy(document, this.#lenient);
  }

  #copy(document: unknown, lenient: boolean): RefIndex {
    const root = this.#docs.get(this.rootKey)!;
    const copy = new RefIndex(document, this.oasVersion, {
      source: root.source,
      key: this.rootKey,
      baseDir: this.#baseDir,
      realBase: this.#realBase,
      url: this.#rootUrl,
      sourceMap: root.sourceMap,
      lenient,
    });
    const newRoot = copy.#docs.get(this.rootKey)!;
    for (const [key, doc] of this.#docs) copy.#docs.set(key, doc === root ? newRoot : doc);
    for (const [key, why] of this.#failed) copy.#failed.set(key, why);
    return copy;
  }

  /** Every document taking part, the root first. */
  get documents(): RefDocument[] {
    return [...new Set(this.#docs.values())];
  }

  /** A document by key (or by a path it was reached under). */
  document(key: string): RefDocument | undefined {
    return this.#docs.get(key);
  }

  /** Adds a loaded document under its key, and under `alias` (the path a reference named) when different. */
  addDocument(doc: RefDocument, alias?: string): void {
    this.#docs.set(doc.key, doc);
    if (alias !== undefined && alias !== doc.key) this.#docs.set(alias, doc);
    this.forget();
  }

  /** Forgets every resolution and walk remembered: call it after changing a document of the set in place. */
  forget(): void {
    this.#edges = undefined;
    this.#referrers = undefined;
    this.#anchors = undefined;
    this.#ids = undefined;
    this.#chains.clear();
    this.#loops.clear();
    this.#resolved.clear();
  }

  /** Records that the file a reference names cannot be used, and why (given by the loader). */
  addFailure(file: string, why: UnresolvedRef): void {
    this.#failed.set(file, why);
    this.#resolved.clear();
  }

  /** How many files a reference names could not be used (see {@link failure}). */
  get failureCount(): number {
    return this.#failed.size;
  }

  /** A failure recorded for a file. */
  failure(file: string): UnresolvedRef | undefined {
    return this.#failed.get(file);
  }

  /** Directory relative references in the document `fromKey` resolve against. */
  dirOf(fromKey: string): string {
    return fromKey === this.rootKey ? this.#baseDir : dirname(fromKey);
  }

  /** Where references in the document `fromKey` resolve: a directory confined to the base, or a URL. */
  #originOf(fromKey: string): RefOrigin {
    if (fromKey === this.rootKey) {
      return this.#rootUrl !== undefined
        ? { kind: "url", url: this.#rootUrl }
        : { kind: "file", dir: this.#baseDir, base: this.#baseDir };
    }
    return isUrlKey(fromKey)
      ? { kind: "url", url: fromKey }
      : { kind: "file", dir: dirname(fromKey), base: this.#realBase };
  }

  /**
   * Splits a reference into the key of the file (or same-origin URL) it names (`fromKey` for the same file) and
   * its fragment, or says why it may not be followed. Where a reference may lead is decided by `locateRef`
   * (confine.ts), from the reference alone, before any file-system call.
   */
  target(ref: string, fromKey: string = this.rootKey): { file: string; fragment: string } | UnresolvedRef {
    if (ref.charCodeAt(0) === 35 /* # */) return { file: fromKey, fragment: ref };
    const { filePart, fragment } = splitRef(ref);
    if (filePart === "") return { file: fromKey, fragment };
    if (isRemoteRef(filePart)) {
      const byId = this.#idPlace(filePart);
      if (byId !== undefined) return { file: byId.file, fragment };
    }
    const where = locateRef(filePart, ref, this.#originOf(fromKey));
    if (where.kind === "refused") {
      return { ok: false, reason: where.reason, message: where.message, path: where.path };
    }
    return { file: where.kind === "url" ? where.url : where.path, fragment };
  }

  /**
   * Resolves one reference written in the document `fromKey` (default: the root), without following chains.
   * Results are remembered per document and reference.
   */
  resolve(ref: string, fromKey: string = this.rootKey): ResolvedRef | UnresolvedRef {
    const cacheKey = fromKey === this.rootKey ? ref : `${fromKey}\0${ref}`;
    let r = this.#resolved.get(cacheKey);
    if (r === undefined) {
      r = this.#resolveUncached(ref, fromKey);
      this.#resolved.set(cacheKey, r);
    }
    return r;
  }

  #resolveUncached(ref: string, fromKey: string): ResolvedRef | UnresolvedRef {
    const t = this.target(ref, fromKey);
    if ("ok" in t) return { ok: false, reason: t.reason, message: t.message }; // no path in results
    const doc = this.#docs.get(t.file);
    if (doc === undefined) {
      const failed = this.#failed.get(t.file);
      if (failed) return failed;
      return {
        ok: false,
        reason: "missing-file",
        message: `reference "${redactUrlsIn(ref)}": file "${redactUrl(t.file)}" was not loaded.`,
      };
    }
    // A `$id` names a schema: the fragment applies inside it.
    const filePart = ref.charCodeAt(0) === 35 ? "" : splitRef(ref).filePart;
    const idPlace = filePart === "" || !isRemoteRef(filePart) ? undefined : this.#idPlace(filePart);
    const base = idPlace ? getAt(doc.data, idPlace.segments) : doc.data;
    const segments = parsePointer(t.fragment);
    if (segments === undefined) {
      const name = t.fragment.slice(1);
      if ((this.oasVersion === "3.1" || this.oasVersion === "3.2") && PLAIN_NAME.test(name)) {
        const at = this.#anchorsOf(doc.key).get(name);
        if (at === undefined) {
          return {
            ok: false,
            reason: "missing-anchor",
            message: `no $anchor named "${name}" is declared for ${JSON.stringify(redactUrlsIn(ref))}.`,
          };
        }
        return { ok: true, value: getAt(doc.data, at), file: doc.key, segments: at.map(String) };
      }
      return {
        ok: false,
        reason: "bad-pointer",
        message: `reference "${
          redactUrlsIn(ref)
        }" has a fragment that is not a JSON pointer; write it as "#/path/to/target".`,
      };
    }
    const value = getAt(base, segments);
    if (value === undefined) {
      return {
        ok: false,
        reason: "missing-target",
        message: `reference "${redactUrlsIn(ref)}" points at nothing; no value at "${
          t.fragment || "#"
        }" in ${doc.source}.`,
      };
    }
    return {
      ok: true,
      value,
      file: doc.key,
      segments: idPlace ? [...idPlace.segments.map(String), ...segments] : segments,
    };
  }

  /**
   * Resolves a reference and, while its target is itself a Reference Object, the target's reference, to the
   * first value that is not one. A chain that comes back to a place it passed is a loop (reason `loop`).
   * Results are remembered per place, so following every reference of a document costs time linear in the
   * number of references, however long the chains.
   */
  follow(ref: string, fromKey: string = this.rootKey): ResolvedRef | UnresolvedRef {
    const first = this.resolve(ref, fromKey);
    if (!first.ok || !isObject(first.value) || typeof first.value.$ref !== "string") return first;
    // Walk the chain until a remembered place, a value, a failure or a repeat.
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: ResolvedRef = first;
    let result: ResolvedRef | UnresolvedRef;
    for (;;) {
      const key = placeKey(current.file, current.segments);
      const known = this.#chains.get(key);
      if (known !== undefined) {
        result = known;
        break;
      }
      if (onPath.has(key)) {
        result = {
          ok: false,
          reason: "loop",
          message: `reference "${
            redactUrlsIn(ref)
          }" is part of a loop of references that never reaches a value.`,
        };
        break;
      }
      onPath.add(key);
      path.push(key);
      const v = current.value as Record<string, unknown>;
      const next = this.resolve(v.$ref as string, current.file);
      if (!next.ok) {
        result = next;
        break;
      }
      if (!isObject(next.value) || typeof next.value.$ref !== "string") {
        result = next;
        break;
      }
      current = next;
    }
    for (const key of path) this.#chains.set(key, result);
    return result;
  }

  /**
   * The places of the pure reference loop (`A → B → A`, each a Reference Object and nothing else to reach) that
   * the Reference Object at a place belongs to, in chain order from that place; undefined when it is not on one.
   */
  loopAt(file: string, segments: readonly (string | number)[]): RefPlace[] | undefined {
    const doc = this.#docs.get(file);
    const startKey = placeKey(doc?.key ?? file, segments);
    const order: RefPlace[] = [];
    const keys: string[] = [];
    const seen = new Map<string, number>();
    let place: RefPlace = { file: doc?.key ?? file, segments };
    let value = doc === undefined ? undefined : getAt(doc.data, segments);
    let found: { loop: RefPlace[]; keys: string[] } | null = null;
    for (;;) {
      const key = placeKey(place.file, place.segments);
      const known = this.#loops.get(key);
      if (known !== undefined) break; // everything before it leads into it, and is on no loop
      const at = seen.get(key);
      if (at !== undefined) {
        found = { loop: order.slice(at), keys: keys.slice(at) };
        break;
      }
      if (!isObject(value) || typeof value.$ref !== "string") break;
      seen.set(key, order.length);
      order.push(place);
      keys.push(key);
      const next = this.resolve(value.$ref, place.file);
      if (!next.ok) break;
      place = { file: next.file, segments: next.segments };
      value = next.value;
    }
    // Remember every place passed: members of the loop with the loop, the others with none (linear overall).
    for (const key of keys) this.#loops.set(key, null);
    if (found !== null) found.keys.forEach((key, i) => this.#loops.set(key, { loop: found!.loop, at: i }));
    const mine = this.#loops.get(startKey);
    if (mine === undefined || mine === null) return undefined;
    return [...mine.loop.slice(mine.at), ...mine.loop.slice(0, mine.at)];
  }

  #anchorsOf(fileKey: string): Map<string, (string | number)[]> {
    this.#indexIds();
    return this.#anchors!.get(fileKey) ?? new Map();
  }

  #idPlace(filePart: string): RefPlace | undefined {
    if (this.oasVersion !== "3.1" && this.oasVersion !== "3.2") return undefined;
    this.#indexIds();
    return this.#ids!.get(filePart);
  }

  /** Collects `$anchor`, `$dynamicAnchor` and `$id` of the schemas of every document (3.1+ only). */
  #indexIds(): void {
    if (this.#anchors !== undefined) return;
    this.#anchors = new Map();
    this.#ids = new Map();
    if (this.oasVersion !== "3.1" && this.oasVersion !== "3.2") return;
    const anchors = this.#anchors;
    const ids = this.#ids;
    for (const doc of this.documents) {
      const own = new Map<string, (string | number)[]>();
      anchors.set(doc.key, own);
      const walker = new Walker(this.oasVersion, [{
        schema(node, at) {
          for (const k of ["$anchor", "$dynamicAnchor"]) {
            const name = node[k];
            if (typeof name === "string" && !own.has(name)) own.set(name, [...at.path]);
          }
          const id = node.$id;
          if (typeof id === "string" && id !== "" && !ids.has(id)) {
            ids.set(id, { file: doc.key, segments: [...at.path] });
          }
        },
      }], { lenient: doc.key !== this.rootKey });
      walker.walk(doc.data, doc.key, doc.key === this.rootKey ? "root" : "schema");
    }
    for (const [key, doc] of this.#docs) if (!anchors.has(key)) anchors.set(key, anchors.get(doc.key)!);
  }

  /**
   * Walks the root document with the typed walker; with `follow`, also the places its references lead to in
   * other files (or to places the layout does not describe), each once, as the kind their references expect —
   * so reference cycles never loop. Returns the walker (its `stopped` says whether a visitor ended the walk).
   */
  walk(
    visitors: Visitors | readonly Visitors[],
    options: { follow?: boolean; lenient?: boolean } = {},
  ): Walker {
    const list: readonly Visitors[] = Array.isArray(visitors) ? visitors : [visitors as Visitors];
    const walker = new Walker(this.oasVersion, list, {
      lenient: options.lenient,
      follow: options.follow === true
        ? (ref, file) => {
          const r = this.resolve(ref, file);
          return r.ok ? { file: r.file, segments: r.segments, value: r.value } : undefined;
        }
        : undefined,
    });
    walker.walkDocument(this.#docs.get(this.rootKey)!.data, this.rootKey);
    return walker;
  }

  /**
   * Every structural `$ref` of the set: those of the root document in document order, then those of the
   * places references lead to in other files (or to places the layout does not describe), walked as the kind
   * their references expect, each place once.
   */
  edges(): readonly RefEdge[] {
    if (this.#edges !== undefined) return this.#edges;
    const edges: RefEdge[] = [];
    this.walk({
      $ref: (_holder, ref, expected, at) => {
        edges.push({
          from: { file: at.file, segments: [...at.path] },
          ref,
          expected,
          target: this.resolve(ref, at.file),
        });
      },
    }, { follow: true, lenient: this.#lenient });
    this.#edges = edges;
    return edges;
  }

  /** The structural references whose target (one step) is the place given, in the order of {@link edges}. */
  referrers(file: string, segments: readonly (string | number)[]): readonly RefEdge[] {
    if (this.#referrers === undefined) {
      const map = new Map<string, RefEdge[]>();
      for (const e of this.edges()) {
        if (!e.target.ok) continue;
        const key = placeKey(e.target.file, e.target.segments);
        const list = map.get(key);
        if (list) list.push(e);
        else map.set(key, [e]);
      }
      this.#referrers = map;
    }
    const doc = this.#docs.get(file);
    return this.#referrers.get(placeKey(doc?.key ?? file, segments)) ?? [];
  }

  /** The reusable components of the root document, section by section in the specification's order. */
  components(kind?: OasKind): ComponentEntry[] {
    const out: ComponentEntry[] = [];
    const root = this.#docs.get(this.rootKey)!.data;
    for (const section of componentSections(this.oasVersion)) {
      if (kind !== undefined && section.kind !== kind) continue;
      const map = getAt(root, section.segments);
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        out.push({
          section: section.name,
          kind: section.kind,
          name,
          segments: [...section.segments, name],
          value: map[name],
        });
      }
    }
    return out;
  }

  /** The cycles of the reference graph: places that refer into one another (see {@link referenceCycles}). */
  cycles(): RefPlace[][] {
    return referenceCycles(this.edges());
  }

  /** The pure reference loops of the set, `A → B → A` with nothing else (see {@link referenceLoops}). */
  refLoops(): RefPlace[][] {
    return referenceLoops(this.edges());
  }
}

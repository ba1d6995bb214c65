/**
 * The typed walk: one pass over an OpenAPI document that knows the kind of every object it meets (from the
 * kind tables of `kinds.ts`), so each consumer is a small visitor of the kinds it cares about. Only structural
 * fields are followed, so data (examples, defaults, enums, constants, extension values, Link parameters) is
 * never visited, and a `$ref` inside data is data. The walk is iterative (explicit stacks): no document is deep
 * enough to overflow the call stack.
 *
 * @module
 */
import type { OASVersion } from "../core/version.ts";
import { formatPath, formatPointer } from "../core/pointer.ts";
import { classify, type KindSpec, kindTable, type OasKind } from "./kinds.ts";
import { isObject } from "../core/json.ts";

/** Called for an object of a kind; `at` tells where it is. */
export type KindVisitor = (node: Record<string, unknown>, at: Walker) => void;

/** Called for every Reference Object (`$ref`) with the kind its place expects. */
export type RefVisitor = (
  holder: Record<string, unknown>,
  ref: string,
  expected: OasKind,
  at: Walker,
) => void;

/** The visitors of one consumer (a validation rule, the statistics, the reference index, …). */
export type Visitors = { [K in OasKind]?: KindVisitor } & {
  /** Every `$ref` in a structural place. */
  $ref?: RefVisitor;
  /** Every object, Reference Objects included, before the visitors of its kind. */
  enter?: KindVisitor;
  /** After the whole walk (for consumers that compare across the document). */
  done?: () => void;
};

/** An enclosing OpenAPI object of the current node. */
export interface Ancestor {
  /** The object. */
  node: Record<string, unknown>;
  /** Its kind. */
  kind: OasKind;
  /** Its path from its file's root. */
  path: (string | number)[];
}

/** Where a followed reference leads: the target, with the file and path it lives at. */
export interface WalkTarget {
  /** Key of the file holding the target. */
  file: string;
  /** Path of the target inside that file. */
  segments: readonly (string | number)[];
  /** The target value. */
  value: unknown;
}

/**
 * The place whose reference led to the object being walked (a followed target): its file and path, and the API
 * context there, so a Path Item, response or schema that lives in another file is seen where it is used.
 */
export interface WalkVia {
  /** Key of the file holding the reference. */
  file: string;
  /** Path of the Reference Object inside that file. */
  path: readonly (string | number)[];
  /** The API path, webhook name or callback expression at the reference, if any. */
  enclosingPath: string | undefined;
  /** Whether the reference is inside a webhook. */
  inWebhook: boolean;
  /** Whether the reference is inside a callback. */
  inCallback: boolean;
  /** The HTTP method of the operation holding the reference, if any. */
  method: string | undefined;
  /** The status code of the response holding the reference, if any. */
  status: string | undefined;
  /** The kind the reference's place expects: the kind its target is walked as. */
  expected: OasKind;
  /** Path of the target inside its file (the walk's start: `path` has this length there). */
  target: readonly (string | number)[];
}

/** Options of {@link Walker}. */
export interface WalkerOptions {
  /**
   * Also walk objects in places the kind tables do not describe (as kind `unknown`, every object-valued key
   * that is not data), and the siblings of every `$ref`. For tools that must see every `$ref` a hand-written
   * document may hold; validation walks strictly. @default false
   */
  lenient?: boolean;
  /**
   * Follow references: called for each structural `$ref`; a target it returns is walked as the kind the
   * reference's place expects, after the document (breadth first, in the order the references were met), once
   * per target place, so reference cycles never loop. Targets inside the walked file at places its layout
   * describes are walked anyway and are not walked twice.
   */
  follow?: (ref: string, file: string, expected: OasKind) => WalkTarget | undefined;
  /**
   * With `follow`: the target of a Path Item reference under `paths`, `webhooks` or a callback is walked once
   * per path (and section) that refers to it, local targets included, as a bundled document holds it inlined
   * at each. Other targets are still walked once. @default false
   */
  pathItemsPerPath?: boolean;
}

function swap<T>(list: T[], i: number, j: number): void {
  const t = list[i];
  list[i] = list[j];
  list[j] = t;
}

/** Keys whose values are data wherever they stand (used by the lenient walk in unknown places). */
const DATA_KEYS = new Set([
  "example",
  "examples",
  "default",
  "enum",
  "const",
  "value",
  "dataValue",
  "serializedValue",
]);

/**
 * Walks documents, calling the visitors of every kind; exposes the current position while a visitor runs.
 *
 * @example
 * ```ts
 * import { Walker } from "@oatool/cli/walker";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const seen: string[] = [];
 * new Walker("3.1", [{ operation: (_op, at) => seen.push(`${at.method} ${at.enclosingPath}`) }])
 *   .walk({ paths: { "/pets": { get: { responses: {} } } } }, "doc", "root");
 * assertEquals(seen, ["get /pets"]);
 * ```
 */
export class Walker {
  /** Path of the current node from its file's root (live: copy it to keep it). */
  readonly path: (string | number)[] = [];
  /** Key of the file being walked. */
  file = "";
  /** Kind of the current node. */
  kind: OasKind = "root";
  /** The nearest enclosing OpenAPI object of the current node (undefined at a walk's start). */
  parent: Record<string, unknown> | undefined;
  /** Kind of {@link parent}. */
  parentKind: OasKind | undefined;
  /** Version family of the walked documents. */
  readonly version: OASVersion;
  readonly #table: Readonly<Record<OasKind, KindSpec>>;
  readonly #visitors: Map<OasKind, KindVisitor[]>;
  readonly #refVisitors: RefVisitor[];
  readonly #enter: KindVisitor[];
  readonly #done: (() => void)[];
  readonly #lenient: boolean;
  readonly #follow: WalkerOptions["follow"];
  readonly #pathItemsPerPath: boolean;
  #via: WalkVia | undefined;
  /** Node and kind at each depth of {@link path} (container depths hold undefined). */
  readonly #nodes: (Record<string, unknown> | undefined)[] = [];
  readonly #kinds: (OasKind | undefined)[] = [];
  #depth = 0;
  #base = 0;
  #skip = false;
  #stopped = false;

  /** A walker of documents of a version family, calling `visitors` in the order given. */
  constructor(version: OASVersion, visitors: readonly Visitors[], options: WalkerOptions = {}) {
    this.version = version;
    this.#table = kindTable(version);
    this.#visitors = new Map();
    this.#refVisitors = [];
    this.#enter = [];
    this.#done = [];
    this.#lenient = options.lenient === true;
    this.#follow = options.follow;
    this.#pathItemsPerPath = options.pathItemsPerPath === true;
    for (const v of visitors) {
      for (const [key, fn] of Object.entries(v)) {
        if (fn === undefined) continue;
        if (key === "done") {
          this.#done.push(fn as () => void);
        } else if (key === "$ref") {
          this.#refVisitors.push(fn as RefVisitor);
        } else if (key === "enter") {
          this.#enter.push(fn as KindVisitor);
        } else {
          const list = this.#visitors.get(key as OasKind) ?? [];
          list.push(fn as KindVisitor);
          this.#visitors.set(key as OasKind, list);
        }
      }
    }
  }

  /** The current node's JSON pointer inside its file (`/paths/~1pets/get`). */
  get pointer(): string {
    return formatPointer(this.path);
  }

  /** The current node's readable path (`paths./pets.get`), as findings show it. */
  get readablePath(): string {
    return formatPath(this.path);
  }

  /** The enclosing OpenAPI objects of the current node, outermost first (the node itself not included). */
  parents(): Ancestor[] {
    const out: Ancestor[] = [];
    for (let d = this.#base; d < this.#depth; d++) {
      const node = this.#nodes[d];
      const kind = this.#kinds[d];
      if (node !== undefined && kind !== undefined) out.push({ node, kind, path: this.path.slice(0, d) });
    }
    return out;
  }

  /** Depth (index into the live arrays) of the nearest enclosing object of `kind`, the current node included. */
  #nearest(kind: OasKind): number {
    for (let d = this.#depth; d >= this.#base; d--) if (this.#kinds[d] === kind) return d;
    return -1;
  }

  /**
   * The key of the nearest enclosing Path Item: the API path (`/pets/{id}`), the webhook name, or the callback
   * expression; undefined outside path items (and for a Path Item walked at a component's place).
   */
  get enclosingPath(): string | undefined {
    const d = this.#nearest("pathItem");
    if (d <= this.#base) return this.#via?.enclosingPath;
    const container = d >= 2 ? this.path[d - 2] : undefined;
    const above = this.#kinds[d - 1];
    if (above === "paths" || above === "callback" || (container === "webhooks" && d === 2)) {
      return String(this.path[d - 1]);
    }
    return undefined;
  }

  /** Whether the current node is inside a webhook (3.1+ `webhooks`), or was reached from a place inside one. */
  get inWebhook(): boolean {
    if (this.#base === 0 && this.#depth >= 2 && this.path[0] === "webhooks") return true;
    return this.#nearest("pathItem") <= this.#base && this.#via?.inWebhook === true;
  }

  /** Whether the current node is inside a callback, or was reached from a place inside one. */
  get inCallback(): boolean {
    return this.#nearest("callback") > this.#base ||
      (this.#nearest("pathItem") <= this.#base && this.#via?.inCallback === true);
  }

  /** The HTTP method of the nearest enclosing operation (lower case as written), or undefined. */
  get method(): string | undefined {
    const d = this.#nearest("operation");
    if (d > this.#base) return String(this.path[d - 1]);
    return this.#nearest("pathItem") <= this.#base ? this.#via?.method : undefined;
  }

  /** The status code (or `default`) of the nearest enclosing response of an operation, or undefined. */
  get status(): string | undefined {
    const d = this.#nearest("response");
    if (d > this.#base) return this.#kinds[d - 1] === "responses" ? String(this.path[d - 1]) : undefined;
    return this.#nearest("pathItem") <= this.#base && this.#nearest("operation") <= this.#base
      ? this.#via?.status
      : undefined;
  }

  /**
   * The place whose reference led to the object being walked, when it is a followed target (undefined in the
   * root document's own walk). The API context of that place (path, method, status) is the context of the
   * target's contents; a target is walked once, from the first place that refers to it.
   */
  get via(): WalkVia | undefined {
    return this.#via;
  }

  /** Do not walk the children of the current node (call from a visitor). */
  skip(): void {
    this.#skip = true;
  }

  /** End the walk after the current visitor (call from a visitor); `done` visitors still run. */
  stop(): void {
    this.#stopped = true;
  }

  /** Whether a visitor stopped the walk. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs the `done` visitors (after the last {@link walk}). */
  finish(): void {
    for (const done of this.#done) done();
  }

  /**
   * Walks a whole document of the walker's version: the root, then (with `follow`) every target its references
   * lead to, then the `done` visitors.
   */
  walkDocument(root: unknown, file = ""): void {
    const follow = this.#follow;
    if (follow === undefined) {
      this.walk(root, file, "root");
      this.finish();
      return;
    }
    const queue: {
      file: string;
      segments: readonly (string | number)[];
      value: unknown;
      kind: OasKind;
      via: WalkVia;
    }[] = [];
    const queued = new Set<string>();
    const targets = new Map<string, { target: WalkTarget; key: string; walked: boolean } | null>();
    const version = this.version;
    const perPath = this.#pathItemsPerPath;
    const follower: Visitors = {
      $ref(_holder, ref, expected, at) {
        // What a reference leads to is decided once per file and reference (a document repeats its references).
        const cacheKey = `${at.file}\0${ref}`;
        let found = targets.get(cacheKey);
        if (found === undefined) {
          const t = follow(ref, at.file, expected);
          found = t === undefined || !isObject(t.value) ? null : {
            target: t,
            key: `${t.file}\0${formatPointer(t.segments)}`,
            walked: t.file === file &&
              (t.segments.length === 0 || classify(t.segments, version) !== undefined),
          };
          targets.set(cacheKey, found);
        }
        if (found === null) return;
        const t = found.target;
        const enclosingPath = at.enclosingPath;
        const inWebhook = at.inWebhook;
        const inCallback = at.inCallback;
        // A Path Item under paths, webhooks or a callback is walked at each path referring to it.
        const apiPath = perPath && expected === "pathItem" && enclosingPath !== undefined &&
          (t.segments.length > 0 || t.file !== file);
        if (!apiPath && found.walked) return;
        let key = found.key;
        if (apiPath) key += `\0${enclosingPath}\0${inWebhook ? "w" : inCallback ? "c" : "p"}`;
        if (queued.has(key)) return;
        queued.add(key);
        const via: WalkVia = {
          file: at.file,
          path: [...at.path],
          enclosingPath,
          inWebhook,
          inCallback,
          method: at.method,
          status: at.status,
          expected,
          target: t.segments,
        };
        queue.push({ file: t.file, segments: t.segments, value: t.value, kind: expected, via });
      },
    };
    this.#refVisitors.push(follower.$ref!);
    try {
      this.#via = undefined;
      this.walk(root, file, "root");
      for (let i = 0; i < queue.length && !this.#stopped; i++) {
        const next = queue[i];
        this.#via = next.via;
        this.walk(next.value, next.file, next.kind, next.segments);
      }
    } finally {
      this.#refVisitors.pop();
      this.#via = undefined;
    }
    this.finish();
  }

  /**
   * Walks `root` (an object of `kind` at `prefix` inside the file `file`), depth first in document order,
   * without recursion.
   */
  walk(root: unknown, file: string, kind: OasKind, prefix: readonly (string | number)[] = []): void {
    if (!isObject(root) || this.#stopped) return;
    const table = this.#table;
    const lenient = this.#lenient;
    const enter = this.#enter.length > 0 ? this.#enter : undefined;
    const nodeS: Record<string, unknown>[] = [root];
    const kindS: OasKind[] = [kind];
    const keyS: (string | number)[] = [""];
    const fieldS: (string | undefined)[] = [undefined];
    const depthS: number[] = [prefix.length];
    const parentS: (Record<string, unknown> | undefined)[] = [undefined];
    const parentKindS: (OasKind | undefined)[] = [undefined];
    const path = this.path;
    const nodes = this.#nodes;
    const kinds = this.#kinds;
    path.length = 0;
    for (const s of prefix) path.push(s);
    const base = prefix.length;
    this.#base = base;
    this.file = file;
    const push = (
      node: unknown,
      k: OasKind,
      key: string | number,
      field: string | undefined,
      depth: number,
      parent: Record<string, unknown>,
      parentKind: OasKind,
    ) => {
      if (node === null || typeof node !== "object" || Array.isArray(node)) return;
      nodeS.push(node as Record<string, unknown>);
      kindS.push(k);
      keyS.push(key);
      fieldS.push(field);
      depthS.push(depth);
      parentS.push(parent);
      parentKindS.push(parentKind);
    };
    while (nodeS.length > 0) {
      const node = nodeS.pop()!;
      const k = kindS.pop()!;
      const key = keyS.pop()!;
      const field = fieldS.pop();
      const depth = depthS.pop()!;
      this.parent = parentS.pop();
      this.parentKind = parentKindS.pop();
      path.length = depth;
      if (depth > base) {
        path[depth - 1] = key;
        if (field !== undefined) {
          path[depth - 2] = field;
          kinds[depth - 1] = undefined;
          nodes[depth - 1] = undefined;
        }
      }
      nodes[depth] = node;
      kinds[depth] = k;
      this.#depth = depth;
      this.kind = k;
      const spec = table[k];
      // `skip()` can only have been called when a visitor ran: the flag is reset and read only then.
      let skip = false;
      if (enter !== undefined) {
        this.#skip = false;
        for (let i = 0; i < enter.length; i++) enter[i](node, this);
        if (this.#stopped) return;
        skip = this.#skip;
      }
      const ref = node.$ref;
      if (typeof ref === "string") {
        const refVisitors = this.#refVisitors;
        for (let i = 0; i < refVisitors.length; i++) refVisitors[i](node, ref, k, this);
        if (this.#stopped) return;
        if (!spec.refWithSiblings && !lenient) continue;
      }
      const visitors = this.#visitors.get(k);
      if (visitors !== undefined) {
        this.#skip = false;
        for (let i = 0; i < visitors.length; i++) visitors[i](node, this);
        if (this.#stopped) return;
        skip ||= this.#skip;
        // A visitor may not move the position; restore it for the children.
        path.length = depth;
        if (depth > base) {
          path[depth - 1] = key;
          if (field !== undefined) path[depth - 2] = field;
        }
      }
      if (skip) continue;
      // Children are pushed in document order, then that run of the stack is reversed, so they are visited in
      // document order without allocating a key list per node.
      const first = nodeS.length;
      for (const name in node) {
        const value = node[name];
        if (value === null || typeof value !== "object") continue;
        const f = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
        if (f === undefined) {
          if (name.startsWith("x-") || name === "$ref") continue;
          if (spec.additional !== undefined) {
            push(value, spec.additional, name, undefined, depth + 1, node, k);
          } else if (lenient && !DATA_KEYS.has(name) && !(k === "link" && name !== "server")) {
            if (Array.isArray(value)) {
              for (let j = 0; j < value.length; j++) push(value[j], "unknown", j, name, depth + 2, node, k);
            } else push(value, "unknown", name, undefined, depth + 1, node, k);
          }
          continue;
        }
        let shape = f.shape;
        if (shape === "one" && Array.isArray(value) && f.kind === "schema") shape = "list";
        if (shape === "one") {
          push(value, f.kind, name, undefined, depth + 1, node, k);
        } else if (shape === "list") {
          if (!Array.isArray(value)) continue;
          for (let j = 0; j < value.length; j++) push(value[j], f.kind, j, name, depth + 2, node, k);
        } else if (isObject(value)) {
          for (const entry in value) push(value[entry], f.kind, entry, name, depth + 2, node, k);
        }
      }
      for (let lo = first, hi = nodeS.length - 1; lo < hi; lo++, hi--) {
        swap(nodeS, lo, hi);
        swap(kindS, lo, hi);
        swap(keyS, lo, hi);
        swap(fieldS, lo, hi);
        swap(depthS, lo, hi);
        swap(parentS, lo, hi);
        swap(parentKindS, lo, hi);
      }
    }
  }
}

/**
 * Walks a document with visitors (a shorthand for `new Walker(version, visitors, options).walkDocument(doc)`).
 * Returns the walker, whose `stopped` says whether a visitor ended the walk early.
 */
export function walkDocument(
  doc: unknown,
  version: OASVersion,
  visitors: Visitors | readonly Visitors[],
  options: WalkerOptions & { file?: string } = {},
): Walker {
  const list: readonly Visitors[] = Array.isArray(visitors) ? visitors : [visitors as Visitors];
  const walker = new Walker(version, list, options);
  walker.walkDocument(doc, options.file ?? "");
  return walker;
}

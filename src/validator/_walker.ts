/**
 * The typed walk: one pass over an OpenAPI document that knows the kind of every object it meets (from the
 * kind table), so each semantic rule is a small visitor of the kinds it cares about. Only structural fields are
 * followed, so data (examples, defaults, enums, constants, extension values) is never visited.
 *
 * @module
 */
import type { OASVersion } from "../core/mod.ts";
import { isObject } from "../core/json.ts";
import { type KindSpec, kindTable, type OasKind } from "./_oas_types.ts";

/** Called for an object of a kind; `at` tells where it is. */
export type KindVisitor = (node: Record<string, unknown>, at: Walker) => void;

/** Called for every Reference Object (`$ref`) with the kind its place expects. */
export type RefVisitor = (
  holder: Record<string, unknown>,
  ref: string,
  expected: OasKind,
  at: Walker,
) => void;

/** The visitors of one rule. */
export type Visitors = { [K in OasKind]?: KindVisitor } & {
  /** Every `$ref` in a structural place. */
  $ref?: RefVisitor;
  /** After the whole walk (for rules that compare across the document). */
  done?: () => void;
};

function swap<T>(list: T[], i: number, j: number): void {
  const t = list[i];
  list[i] = list[j];
  list[j] = t;
}

/** Walks documents, calling the visitors of every kind; exposes the current position while a visitor runs. */
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
  readonly #table: Readonly<Record<OasKind, KindSpec>>;
  readonly #visitors: Map<OasKind, KindVisitor[]>;
  readonly #refVisitors: RefVisitor[];

  constructor(version: OASVersion, visitors: readonly Visitors[]) {
    this.#table = kindTable(version);
    this.#visitors = new Map();
    this.#refVisitors = [];
    for (const v of visitors) {
      for (const [key, fn] of Object.entries(v)) {
        if (key === "done" || fn === undefined) continue;
        if (key === "$ref") {
          this.#refVisitors.push(fn as RefVisitor);
          continue;
        }
        const list = this.#visitors.get(key as OasKind) ?? [];
        list.push(fn as KindVisitor);
        this.#visitors.set(key as OasKind, list);
      }
    }
  }

  /**
   * Walks `root` (an object of `kind` at `prefix` inside the file `file`), depth first in document order,
   * without recursion.
   */
  walk(root: unknown, file: string, kind: OasKind, prefix: readonly (string | number)[] = []): void {
    if (!isObject(root)) return;
    const table = this.#table;
    const nodeS: Record<string, unknown>[] = [root];
    const kindS: OasKind[] = [kind];
    const keyS: (string | number)[] = [""];
    const fieldS: (string | undefined)[] = [undefined];
    const depthS: number[] = [prefix.length];
    const parentS: (Record<string, unknown> | undefined)[] = [undefined];
    const parentKindS: (OasKind | undefined)[] = [undefined];
    const path = this.path;
    path.length = 0;
    for (const s of prefix) path.push(s);
    const base = prefix.length;
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
      if (!isObject(node)) return;
      nodeS.push(node);
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
        if (field !== undefined) path[depth - 2] = field;
      }
      this.kind = k;
      const spec = table[k];
      const ref = node.$ref;
      if (typeof ref === "string") {
        const refVisitors = this.#refVisitors;
        for (let i = 0; i < refVisitors.length; i++) refVisitors[i](node, ref, k, this);
        if (!spec.refWithSiblings) continue;
      }
      const visitors = this.#visitors.get(k);
      if (visitors !== undefined) {
        for (let i = 0; i < visitors.length; i++) visitors[i](node, this);
        // A visitor may not move the position; restore it for the children.
        path.length = depth;
        if (depth > base) {
          path[depth - 1] = key;
          if (field !== undefined) path[depth - 2] = field;
        }
      }
      // Children are pushed in document order, then that run of the stack is reversed, so they are visited in
      // document order without allocating a key list per node.
      const first = nodeS.length;
      for (const name in node) {
        const value = node[name];
        if (value === null || typeof value !== "object") continue;
        const f = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
        if (f === undefined) {
          if (spec.additional !== undefined && !name.startsWith("x-") && name !== "$ref") {
            push(value, spec.additional, name, undefined, depth + 1, node, k);
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

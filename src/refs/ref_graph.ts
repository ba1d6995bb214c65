/**
 * The reference graph's shapes, computed from the edges of a {@link import("./ref_index.ts").RefIndex}: the
 * cycles of places that refer into one another, and the pure loops of Reference Objects. Also the key of a place
 * that the index and these use.
 *
 * @module
 */
import { minOf } from "../core/bounded_text.ts";
import { isObject } from "../core/json.ts";
import { stronglyConnected } from "../core/graph.ts";
import type { RefEdge, RefPlace } from "./ref_types.ts";

/** The key of a place: its file, then its segments as a JSON pointer (escaped, so keys never collide). */
export function placeKey(file: string, segments: readonly (string | number)[]): string {
  let out = file + "\0";
  for (const s of segments) out += "/" + String(s).replaceAll("~", "~0").replaceAll("/", "~1");
  return out;
}

/**
 * The cycles of the reference graph: strongly connected components (of more than one place, or one place that
 * refers into itself) of the graph whose nodes are the places references lead to, with an edge from a place
 * to each target of a reference written inside it. Each cycle lists its places.
 */
export function referenceCycles(edges: readonly RefEdge[]): RefPlace[][] {
  const nodes: RefPlace[] = [];
  // The target places in a trie of segments per file, so the nearest enclosing place of a reference is found
  // in time proportional to its path's length.
  interface Trie {
    index: number;
    children: Map<string, Trie>;
  }
  const tries = new Map<string, Trie>();
  const trieAt = (file: string, segments: readonly (string | number)[], create: boolean): Trie[] => {
    let t = tries.get(file);
    if (t === undefined) {
      if (!create) return [];
      tries.set(file, t = { index: -1, children: new Map() });
    }
    const chain = [t];
    for (const seg of segments) {
      let next: Trie | undefined = t.children.get(String(seg));
      if (next === undefined) {
        if (!create) break;
        t.children.set(String(seg), next = { index: -1, children: new Map() });
      }
      t = next;
      chain.push(t);
    }
    return chain;
  };
  for (const e of edges) {
    if (!e.target.ok) continue;
    const leaf = trieAt(e.target.file, e.target.segments, true).at(-1)!;
    if (leaf.index === -1) {
      leaf.index = nodes.length;
      nodes.push({ file: e.target.file, segments: e.target.segments });
    }
  }
  const adjacency: number[][] = nodes.map(() => []);
  for (const e of edges) {
    if (!e.target.ok) continue;
    const to = trieAt(e.target.file, e.target.segments, false).at(-1)!.index;
    const chain = trieAt(e.from.file, e.from.segments, false);
    for (let i = chain.length - 1; i >= 0; i--) {
      if (chain[i].index >= 0) {
        adjacency[chain[i].index].push(to);
        break;
      }
    }
  }
  const out: RefPlace[][] = [];
  for (const component of stronglyConnected(adjacency)) {
    if (component.length > 1 || adjacency[component[0]].includes(component[0])) {
      out.push(component.reverse().map((i) => nodes[i]));
    }
  }
  return out;
}

/**
 * The pure reference loops of the set (`A → B → A` with nothing else): the strongly connected components of
 * the graph of Reference Objects whose targets are Reference Objects (each has one edge, so its components
 * are its cycles), each once, in chain order.
 */
export function referenceLoops(edges: readonly RefEdge[]): RefPlace[][] {
  // Nodes: Reference Objects; an edge to the Reference Object a reference leads to, if its target is one.
  const nodes: RefPlace[] = [];
  const index = new Map<string, number>();
  const id = (file: string, segments: readonly (string | number)[]): number => {
    const key = placeKey(file, segments);
    let i = index.get(key);
    if (i === undefined) {
      i = nodes.length;
      index.set(key, i);
      nodes.push({ file, segments });
    }
    return i;
  };
  const next: number[][] = [];
  for (const e of edges) {
    const from = id(e.from.file, e.from.segments);
    next[from] ??= [];
    const t = e.target;
    if (t.ok && isObject(t.value) && typeof t.value.$ref === "string") {
      next[from].push(id(t.file, t.segments));
    }
  }
  for (let i = 0; i < nodes.length; i++) next[i] ??= [];
  const out: RefPlace[][] = [];
  for (const component of stronglyConnected(next)) {
    if (component.length === 1 && !next[component[0]].includes(component[0])) continue;
    // Chain order, from the member that comes first in the walk.
    const members = new Set(component);
    let start = minOf(component);
    const loop: RefPlace[] = [];
    for (let i = 0; i < component.length; i++) {
      loop.push(nodes[start]);
      start = next[start].find((n) => members.has(n)) ?? start;
    }
    out.push(loop);
  }
  return out;
}

/**
 * `graph(input, options)`: the reference graph of a document as data — component schemas (and with
 * `operations` the operations and the schemas they use), edges labelled by kind, cycles, unused schemas — whole
 * when it is small, or the neighbourhood of a focus; what `oatool graph` draws and the tool server's `graph`
 * tool returns.
 *
 * @module
 */
import { closest } from "../core/closest.ts";
import { stronglyConnected } from "../core/graph.ts";
import { OatoolError } from "../core/errors.ts";
import type { InputSource, ParseResult } from "../core/mod.ts";
import { type DocumentSet, loadDocumentSet } from "../io/document_set.ts";
import { buildGraph, type WholeGraph } from "./_build.ts";
import type { GraphEdge, GraphNode, GraphOptions, GraphResult } from "./types.ts";

/** What {@link graph} reads: where to load a document from, a loaded document, or its document set. */
export type GraphInput = InputSource | ParseResult | DocumentSet;

/** Nodes drawn at most, by default. */
export const DEFAULT_MAX_NODES = 300;
/** Steps from the focus, by default. */
export const DEFAULT_DEPTH = 2;
/** The largest `maxNodes` and `depth` accepted. */
const MAX_NODES_LIMIT = 100_000;
const MAX_DEPTH = 1_000;

/**
 * The graph cannot be drawn as asked: a focus names nothing in the document (`GRAPH_UNKNOWN_FOCUS`), it has more
 * nodes than `maxNodes` (`GRAPH_TOO_LARGE`), or an option is out of range (`GRAPH_OPTION`).
 */
export class GraphError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong and what to do.
   * @param code `GRAPH_UNKNOWN_FOCUS`, `GRAPH_TOO_LARGE` or `GRAPH_OPTION`.
   */
  constructor(message: string, code: "GRAPH_UNKNOWN_FOCUS" | "GRAPH_TOO_LARGE" | "GRAPH_OPTION") {
    super(message, code);
    this.name = "GraphError";
  }
}

/** The value of each node of each result, for renderers that show it (the HTML page's YAML). */
const valuesOf = new WeakMap<GraphResult, Map<string, unknown>>();

/** The value (schema or operation) of a node of a result of {@link graph}, or undefined. */
export function graphNodeValue(result: GraphResult, id: string): unknown {
  return valuesOf.get(result)?.get(id);
}

function whole(
  name: string,
  value: number | undefined,
  fallback: number,
  least: number,
  most: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < least || value > most) {
    throw new GraphError(
      `${name} must be a whole number from ${least} to ${most}, not ${value}.`,
      "GRAPH_OPTION",
    );
  }
  return value;
}

/**
 * The reference graph of a document: its component schemas and, with `operations`, its operations, edges
 * labelled by kind (see {@link import("./types.ts").GraphEdgeKind}), cycles (strongly connected components) and
 * unused schemas. With `focus`, only the nodes within `depth` steps of the named ones (`direction` in, out or
 * both); a graph of more than `maxNodes` nodes is refused with a hint.
 *
 * @example
 * ```ts
 * import { graph } from "./model.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const g = await graph({ content: JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" },
 *   components: { schemas: { A: { properties: { b: { $ref: "#/components/schemas/B" } } }, B: {} } } }) });
 * assertEquals(g.edges.map((e) => `${e.from} -${e.kind}-> ${e.to}`),
 *   ["#/components/schemas/A -property-> #/components/schemas/B"]);
 * ```
 * @throws {GraphError} for an unknown focus or a graph larger than `maxNodes`.
 */
export async function graph(input: GraphInput, options: GraphOptions = {}): Promise<GraphResult> {
  const maxNodes = whole("maxNodes", options.maxNodes, DEFAULT_MAX_NODES, 1, MAX_NODES_LIMIT);
  const depth = whole("depth", options.depth, DEFAULT_DEPTH, 0, MAX_DEPTH);
  const direction = options.direction ?? "both";
  const focus = options.focus ?? [];
  const set = await loadDocumentSet(input, { reader: options.reader, lenient: false });
  // Operations are nodes when asked, when grouped by tag, or when a focus is not a schema's name or id (listing
  // them walks the document once more, so a graph of schemas does without).
  const drawOperations = options.operations === true || options.groupBy === "tag";
  let all = await buildGraph(set, drawOperations);
  if (!drawOperations && focus.some((f) => findSchema(all.nodes, f) === -1)) {
    all = await buildGraph(set, true);
  }
  const wanted = focus.map((f) => findNode(all.nodes, f));
  const g = drawOperations || wanted.some((i) => all.nodes[i].kind === "operation") ? all : schemasOnly(all);

  let keep: number[];
  if (focus.length === 0) {
    keep = g.nodes.map((_, i) => i);
  } else {
    keep = neighbourhood(g, wanted, depth, direction);
  }
  if (keep.length > maxNodes) {
    throw new GraphError(
      focus.length === 0
        ? `the graph of ${set.root.source} has ${keep.length} nodes, more than the ${maxNodes} drawn at most: ` +
          `draw a part with --focus NAME (a schema, an operationId or "METHOD /path") and --depth 1, ` +
          `or raise --max-nodes.`
        : `the neighbourhood drawn has ${keep.length} nodes, more than the ${maxNodes} drawn at most: ` +
          `lower --depth (now ${depth}), give --direction in or out, or raise --max-nodes.`,
      "GRAPH_TOO_LARGE",
    );
  }
  if (options.groupBy === "tag") groupByTag(g);

  const kept = new Set(keep);
  const nodes: GraphNode[] = keep.map((i) => ({ ...g.nodes[i] }));
  const edgeList = g.edges.filter((e) => kept.has(e.from) && kept.has(e.to));
  const cycles = cyclesOf(keep, edgeList);
  const component = new Map<number, number>();
  cycles.forEach((c, n) => c.forEach((i) => component.set(i, n)));
  const position = new Map(keep.map((i, n) => [i, n]));
  for (const i of component.keys()) nodes[position.get(i)!].cycle = true;
  const edges: GraphEdge[] = edgeList.map((e) => ({
    from: g.nodes[e.from].id,
    to: g.nodes[e.to].id,
    kind: e.kind,
    cycle: component.has(e.from) && component.get(e.from) === component.get(e.to),
  }));
  const result: GraphResult = {
    nodes,
    edges,
    cycles: cycles.map((c) => c.map((i) => g.nodes[i].id)),
    total: { nodes: g.nodes.length, edges: g.edges.length },
    ...(focus.length === 0 ? {} : { focus: wanted.map((i) => all.nodes[i].id) }),
    source: set.root.source,
  };
  valuesOf.set(result, new Map(keep.map((i) => [g.nodes[i].id, g.values[i]])));
  return result;
}

/** The whole graph without its operations (they come after the schemas). */
function schemasOnly(all: WholeGraph): WholeGraph {
  const n = all.nodes.findIndex((node) => node.kind === "operation");
  if (n === -1) return all;
  return {
    nodes: all.nodes.slice(0, n),
    values: all.values.slice(0, n),
    edges: all.edges.filter((e) => e.from < n && e.to < n),
  };
}

/** The schema node a focus names exactly (its id or its name), or -1. */
function findSchema(nodes: readonly GraphNode[], focus: string): number {
  return nodes.findIndex((n) => n.kind === "schema" && (n.id === focus || n.name === focus));
}

/**
 * The node a focus names: a node id, a schema name, an operationId or `METHOD /path` (the method in any case).
 *
 * @throws {GraphError} naming the closest name when there is none.
 */
function findNode(nodes: readonly GraphNode[], focus: string): number {
  const method = /^([A-Za-z]+)\s+(\S.*)$/.exec(focus.trim());
  const asked = method === null ? undefined : `${method[1].toUpperCase()} ${method[2]}`;
  const tests: ((n: GraphNode) => boolean)[] = [
    (n) => n.id === focus,
    (n) => n.kind === "schema" && n.name === focus,
    (n) => n.operationId === focus,
    (n) => n.kind === "operation" && n.name === asked,
    (n) => n.kind === "schema" && n.name.toLowerCase() === focus.toLowerCase(),
  ];
  for (const test of tests) {
    const i = nodes.findIndex(test);
    if (i >= 0) return i;
  }
  const names = nodes.flatMap((n) => n.operationId === undefined ? [n.name] : [n.name, n.operationId]);
  const near = closest(focus, names, true);
  throw new GraphError(
    `--focus "${focus}" names no schema, operationId or "METHOD /path" of the document` +
      (near === undefined ? "." : `; did you mean "${near}"?`),
    "GRAPH_UNKNOWN_FOCUS",
  );
}

/** The nodes within `depth` steps of the focus, following edges out, in, or both ways (in node order). */
function neighbourhood(g: WholeGraph, start: readonly number[], depth: number, direction: string): number[] {
  const next: number[][] = g.nodes.map(() => []);
  for (const e of g.edges) {
    if (direction !== "in") next[e.from].push(e.to);
    if (direction !== "out") next[e.to].push(e.from);
  }
  const seen = new Uint8Array(g.nodes.length);
  let frontier = [...new Set(start)];
  for (const i of frontier) seen[i] = 1;
  for (let step = 0; step < depth && frontier.length > 0; step++) {
    const following: number[] = [];
    for (const i of frontier) {
      for (const j of next[i]) {
        if (!seen[j]) {
          seen[j] = 1;
          following.push(j);
        }
      }
    }
    frontier = following;
  }
  const out: number[] = [];
  for (let i = 0; i < seen.length; i++) if (seen[i]) out.push(i);
  return out;
}

/**
 * Groups by tag: each operation in its first tag's group (`(untagged)` without one), each schema in the group of
 * the one tag whose operations reach it, when only one does.
 */
function groupByTag(g: WholeGraph): void {
  const next: number[][] = g.nodes.map(() => []);
  for (const e of g.edges) next[e.from].push(e.to);
  const tagOf: (string | null | undefined)[] = g.nodes.map(() => undefined);
  const byTag = new Map<string, number[]>();
  g.nodes.forEach((n, i) => {
    if (n.kind !== "operation") return;
    const tag = n.tags?.[0] ?? "(untagged)";
    n.group = tag;
    let list = byTag.get(tag);
    if (list === undefined) byTag.set(tag, list = []);
    list.push(i);
  });
  for (const [tag, ops] of byTag) {
    const seen = new Set(ops);
    const stack = [...ops];
    while (stack.length > 0) {
      for (const j of next[stack.pop()!]) {
        if (seen.has(j)) continue;
        seen.add(j);
        stack.push(j);
        // null: more than one tag reaches it.
        tagOf[j] = tagOf[j] === undefined || tagOf[j] === tag ? tag : null;
      }
    }
  }
  g.nodes.forEach((n, i) => {
    const tag = tagOf[i];
    if (n.kind === "schema" && typeof tag === "string") n.group = tag;
  });
}

/** The cycles among the kept nodes: strongly connected components of more than one node, or a self-loop. */
function cyclesOf(keep: readonly number[], edges: WholeGraph["edges"]): number[][] {
  const position = new Map(keep.map((i, n) => [i, n]));
  const next: number[][] = keep.map(() => []);
  for (const e of edges) next[position.get(e.from)!].push(position.get(e.to)!);
  const out: number[][] = [];
  for (const c of stronglyConnected(next)) {
    if (c.length > 1 || next[c[0]].includes(c[0])) out.push(c.sort((a, b) => a - b).map((n) => keep[n]));
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/**
 * The whole reference graph of a document set, built from its reference index (every structural `$ref`, each
 * once) and the walk queries' operation list: nodes for the component schemas (and the schemas of other files
 * that references reach) and for operations, edges labelled by kind, and which schemas nothing outside the
 * components reaches. Private to the graph folder.
 *
 * @module
 */
import { formatPointer, getAt, parsePointer } from "../core/pointer.ts";
import { isObject } from "../core/json.ts";
import type { DocumentSet } from "../io/document_set.ts";
import { placeKey } from "../refs/ref_graph.ts";
import type { RefEdge } from "../refs/ref_index.ts";
import { walkOperations } from "../queries/mod.ts";
import { operationEdgeKind, schemaEdgeKind } from "./_edges.ts";
import type { GraphNode } from "./types.ts";

/** A place references start from or lead into: a node, a Path Item (its operations), or another component. */
interface Container {
  type: "schema" | "operation" | "pathItem" | "component";
  file: string;
  segments: readonly (string | number)[];
  /** The node of a schema or an operation. */
  node?: number;
  /** The operation nodes of a Path Item. */
  ops?: number[];
}

/** The whole graph: every node, edges as indices, and the schema-to-schema adjacency. */
export interface WholeGraph {
  nodes: GraphNode[];
  edges: { from: number; to: number; kind: string }[];
  /** The value of each node (for its YAML). */
  values: unknown[];
}

/** Operations listed at most (GitHub's description has about 1,100). */
const MAX_OPERATIONS = 1_000_000;

/** The whole graph of a document set. */
export async function buildGraph(set: DocumentSet, withOperations: boolean): Promise<WholeGraph> {
  const index = set.index;
  const rootKey = index.rootKey;
  const doc = set.root.document as unknown;
  const nodes: GraphNode[] = [];
  const values: unknown[] = [];
  const containers: Container[] = [];
  const byPlace = new Map<string, number>();
  /** The lengths of the registered places of each file, longest first: the only prefixes worth a look. */
  const lengthsOf = new Map<string, number[]>();
  const sourceOf = (file: string) => index.document(file)?.source ?? file;
  const register = (c: Container): number => {
    const key = placeKey(c.file, c.segments);
    const known = byPlace.get(key);
    if (known !== undefined) return known;
    byPlace.set(key, containers.length);
    let lengths = lengthsOf.get(c.file);
    if (lengths === undefined) lengthsOf.set(c.file, lengths = []);
    if (!lengths.includes(c.segments.length)) {
      lengths.push(c.segments.length);
      lengths.sort((a, b) => b - a);
    }
    containers.push(c);
    return containers.length - 1;
  };
  const addNode = (node: Omit<GraphNode, "unused" | "cycle">, value: unknown): number => {
    nodes.push({ ...node, unused: false, cycle: false });
    values.push(value);
    return nodes.length - 1;
  };
  const idOf = (file: string, segments: readonly (string | number)[]) =>
    (file === rootKey ? "" : sourceOf(file)) + "#" + formatPointer(segments);

  for (const c of index.components()) {
    if (c.kind === "schema") {
      const node = addNode({
        id: idOf(rootKey, c.segments),
        kind: "schema",
        name: c.name,
        pointer: formatPointer(c.segments),
      }, c.value);
      register({ type: "schema", file: rootKey, segments: c.segments, node });
    } else {
      register({ type: "component", file: rootKey, segments: c.segments });
    }
  }
  const edges = index.edges();
  // Schemas of other files that references reach: the nearest to their file's root first, so a place inside one
  // belongs to it.
  const outside = edges.filter((e) => e.target.ok && e.target.file !== rootKey)
    .map((e) => ({ e, t: e.target as { file: string; segments: string[]; value: unknown } }))
    .sort((a, b) => a.t.segments.length - b.t.segments.length);
  for (const { e, t } of outside) {
    if (enclosing(t.file, t.segments) !== undefined) continue;
    if (e.expected !== "schema") {
      register({ type: "component", file: t.file, segments: t.segments });
      continue;
    }
    const last = t.segments.at(-1) ?? sourceOf(t.file).split(/[\\/]/).pop()!.replace(/\.(ya?ml|json)$/i, "");
    const node = addNode({
      id: idOf(t.file, t.segments),
      kind: "schema",
      name: String(last),
      file: sourceOf(t.file),
      pointer: formatPointer(t.segments),
    }, t.value);
    register({ type: "schema", file: t.file, segments: t.segments, node });
  }
  const schemaCount = nodes.length;

  // Operations (under paths and webhooks; callbacks count as their operation's), and their Path Items.
  // Without them, a reference under `paths` or `webhooks` is the document's own (it reaches what it refers to).
  const operations = withOperations ? (await walkOperations(set, { limit: MAX_OPERATIONS })).items : [];
  const sources: number[] = [];
  for (const op of operations) {
    if (op.section === "callbacks") continue;
    const segments = parsePointer(op.pointer);
    if (segments === undefined || segments.length < 2) continue;
    const name = op.method + " " + op.path;
    const node = addNode({
      id: idOf(rootKey, segments),
      kind: "operation",
      name,
      pointer: op.pointer,
      method: op.method,
      path: op.path,
      ...(op.operationId === undefined ? {} : { operationId: op.operationId }),
      tags: op.tags,
    }, getAt(doc, segments));
    sources.push(register({ type: "operation", file: rootKey, segments, node }));
    const itemSegments = segments[segments.length - 2] === "additionalOperations"
      ? segments.slice(0, -2)
      : segments.slice(0, -1);
    const itemAt = register({ type: "pathItem", file: rootKey, segments: itemSegments, ops: [] });
    if (containers[itemAt].type === "pathItem") {
      containers[itemAt].ops!.push(node);
      sources.push(itemAt);
    }
  }

  /** The container a place is in: the nearest registered place enclosing it. */
  function enclosing(file: string, segments: readonly (string | number)[]): number | undefined {
    for (const n of lengthsOf.get(file) ?? []) {
      if (n > segments.length) continue;
      const c = byPlace.get(placeKey(file, segments.slice(0, n)));
      if (c !== undefined) return c;
    }
    return undefined;
  }

  // The container graph: every reference from the container it is written in to the one it leads into.
  const ROOT = -1;
  const out = new Map<number, { edge: RefEdge; to: number }[]>();
  for (const e of edges) {
    if (!e.target.ok) continue;
    const to = enclosing(e.target.file, e.target.segments);
    if (to === undefined) continue;
    const from = enclosing(e.from.file, e.from.segments) ?? (e.from.file === rootKey ? ROOT : undefined);
    if (from === undefined) continue;
    let list = out.get(from);
    if (list === undefined) out.set(from, list = []);
    list.push({ edge: e, to });
  }

  // What the document reaches from outside its components: every other schema is unused.
  const reached = new Uint8Array(containers.length);
  const queue = [ROOT, ...sources];
  for (const s of sources) reached[s] = 1;
  while (queue.length > 0) {
    for (const { to } of out.get(queue.pop()!) ?? []) {
      if (!reached[to]) {
        reached[to] = 1;
        queue.push(to);
      }
    }
  }
  for (let c = 0; c < containers.length; c++) {
    const node = containers[c].node;
    if (containers[c].type === "schema" && !reached[c]) nodes[node!].unused = true;
  }

  // Edges between nodes: schema to schema, and operation to schema through any other component.
  const graphEdges: WholeGraph["edges"] = [];
  const seen = new Set<string>();
  const add = (from: number, to: number, kind: string) => {
    const key = `${from} ${to} ${kind}`;
    if (seen.has(key)) return;
    seen.add(key);
    graphEdges.push({ from, to, kind });
  };
  /** The schema containers a component leads to, through other components (each once). */
  const schemasBehind = (start: number): number[] => {
    const found: number[] = [];
    const visited = new Set([start]);
    const stack = [start];
    while (stack.length > 0) {
      for (const { to } of out.get(stack.pop()!) ?? []) {
        if (visited.has(to)) continue;
        visited.add(to);
        if (containers[to].type === "schema") found.push(to);
        else if (containers[to].type === "component") stack.push(to);
      }
    }
    return found;
  };
  for (let c = 0; c < containers.length; c++) {
    const from = containers[c];
    if (from.type === "component" || (from.type !== "schema" && !withOperations)) continue;
    for (const { edge, to } of out.get(c) ?? []) {
      const rel = edge.from.segments.slice(from.segments.length);
      if (from.type === "schema") {
        // A reference inside a schema to a place inside itself (its `$defs`) is no edge; to itself, a loop.
        const inside = to === c &&
          (edge.target as { segments: string[] }).segments.length > from.segments.length;
        if (containers[to].type === "schema" && !inside) {
          add(from.node!, containers[to].node!, schemaEdgeKind(rel));
        }
        continue;
      }
      const kind = operationEdgeKind(
        rel,
        (i) => isBody(index, from.file, [...from.segments, "parameters", i]),
      );
      if (kind === undefined) continue;
      const targets = containers[to].type === "schema"
        ? [to]
        : containers[to].type === "component"
        ? schemasBehind(to)
        : [];
      for (const t of targets) {
        for (const op of from.type === "pathItem" ? from.ops! : [from.node!]) {
          add(op, containers[t].node!, kind);
        }
      }
    }
  }
  if (!withOperations) {
    return { nodes: nodes.slice(0, schemaCount), edges: graphEdges, values: values.slice(0, schemaCount) };
  }
  return { nodes, edges: graphEdges, values };
}

/** Whether the parameter at a place is a 2.0 body parameter (a Reference Object followed). */
function isBody(index: DocumentSet["index"], file: string, segments: (string | number)[]): boolean {
  let p = getAt(index.document(file)?.data, segments);
  if (isObject(p) && typeof p.$ref === "string") {
    const r = index.follow(p.$ref, file);
    p = r.ok ? r.value : undefined;
  }
  return isObject(p) && p.in === "body";
}

/**
 * The schema graph: `graph(input, options)` → `{ nodes, edges, cycles }` (component schemas, with `operations`
 * the operations and the schemas they use; edges labelled by kind; cycles; unused schemas), and its renderers:
 * Mermaid, Graphviz DOT, JSON, and SVG laid out by Graphviz compiled to WebAssembly (loaded only when asked).
 *
 * @example What does `Pet` pull in?
 * ```ts
 * import { graph, renderGraphMermaid } from "@oatool/cli/graph";
 * import { ok } from "node:assert/strict";
 * const g = await graph({ content: JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" },
 *   components: { schemas: { Pet: { properties: { tag: { $ref: "#/components/schemas/Tag" } } }, Tag: {} } } }) },
 *   { focus: ["Pet"], depth: 1, direction: "out" });
 * ok(renderGraphMermaid(g).includes(`-->|"property"|`));
 * ```
 *
 * @module
 */
export { DEFAULT_DEPTH, DEFAULT_MAX_NODES, graph, GraphError, graphNodeValue } from "./model.ts";
export type { GraphInput } from "./model.ts";
export type {
  GraphEdge,
  GraphEdgeKind,
  GraphNode,
  GraphNodeKind,
  GraphOptions,
  GraphResult,
} from "./types.ts";
export { renderGraphMermaid } from "./mermaid.ts";
export { renderGraphDot } from "./dot.ts";
export { renderGraphJson } from "./json.ts";
export { renderGraphSvg } from "./svg.ts";

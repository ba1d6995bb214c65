/**
 * The shapes of the schema graph: its nodes (component schemas, operations), its edges (labelled by how one
 * refers to the other), its cycles, and the options of {@link import("./model.ts").graph}.
 *
 * @module
 */
import type { DocumentReader } from "../io/reader.ts";

/** What a node stands for: a component schema or an operation. */
export type GraphNodeKind = "schema" | "operation";

/**
 * How a node refers to another. Schema to schema: the keyword of the subschema that holds the `$ref` nearest
 * to it (`property` for `properties`, `items` for `items` and 2.0/3.0 tuple items, the keyword's own name for
 * every other: `allOf`, `oneOf`, `anyOf`, `additionalProperties`, `prefixItems`, `not`, `if`, `then`, `else`,
 * `patternProperties`, `dependentSchemas`, `contains`, `propertyNames`, `unevaluatedProperties`, `$defs`, …),
 * `ref` for a component that is itself a `$ref`. Operation to schema: `request` (request body, 2.0 `in: body`
 * parameter), `response`, `parameter`, or `callback`, through any component (a response, a parameter, …)
 * between them.
 */
export type GraphEdgeKind = string;

/** One node. */
export interface GraphNode {
  /** Its identity: the JSON pointer of its place (`#/components/schemas/Pet`), after the file for other files. */
  id: string;
  /** A component schema or an operation. */
  kind: GraphNodeKind;
  /** The component's name, or `METHOD /path` for an operation (`METHOD name` for a webhook). */
  name: string;
  /** The file it is in, when it is not the root document. */
  file?: string;
  /** The JSON pointer of its place in that file. */
  pointer: string;
  /** A component schema nothing outside the components reaches (through any chain of references). */
  unused: boolean;
  /** Whether it is part of a cycle of references. */
  cycle: boolean;
  /** With `groupBy: "tag"`: the operation's first tag, or the one tag of every operation using the schema. */
  group?: string;
  /** An operation's method, upper case. */
  method?: string;
  /** An operation's path template or webhook name. */
  path?: string;
  /** An operation's `operationId`. */
  operationId?: string;
  /** An operation's tags. */
  tags?: string[];
}

/** One edge: `from` refers to `to`. */
export interface GraphEdge {
  /** The referring node's id. */
  from: string;
  /** The referred node's id. */
  to: string;
  /** How (see {@link GraphEdgeKind}). */
  kind: GraphEdgeKind;
  /** Whether both ends are in the same cycle. */
  cycle: boolean;
}

/** The graph drawn: the nodes and edges kept, the cycles among them, and what the whole graph holds. */
export interface GraphResult {
  /** The nodes, in document order (schemas, then operations). */
  nodes: GraphNode[];
  /** The edges between them, in document order. */
  edges: GraphEdge[];
  /** The cycles of the drawn nodes (strongly connected components), each as node ids in document order. */
  cycles: string[][];
  /** Nodes and edges of the whole graph, before `focus`. */
  total: { nodes: number; edges: number };
  /** The nodes the focus named, when given. */
  focus?: string[];
  /** The name of the document, for titles. */
  source: string;
}

/** Options of {@link import("./model.ts").graph}. */
export interface GraphOptions {
  /** Draw operations and the schemas they use too. @default false (true when a focus or `groupBy` needs it) */
  operations?: boolean;
  /** Draw only the neighbourhood of these: schema names, `operationId`s, `METHOD /path`, or node ids. */
  focus?: readonly string[];
  /** Steps from the focus. @default 2 */
  depth?: number;
  /** Follow references out of the focus, into it, or both. @default "both" */
  direction?: "in" | "out" | "both";
  /** Cluster operations by their first tag, with the schemas only that tag's operations use. */
  groupBy?: "tag";
  /** The most nodes drawn: a larger graph is refused with a hint. @default 300 */
  maxNodes?: number;
  /** Where files, URLs and standard input are read from. */
  reader?: DocumentReader;
}

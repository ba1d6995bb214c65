/**
 * What Mermaid and DOT draw alike: short node ids (`n0`, `n1`, …, never document text), each node's label and
 * classes, the groups of `groupBy: "tag"` in order, and the colours. Private to the graph folder.
 *
 * @module
 */
import { shorten } from "../core/bounded_text.ts";
import { escapeText } from "../core/escape.ts";
import type { GraphNode, GraphResult } from "./types.ts";

/** Characters of a label at most (a longer name is shortened with an ellipsis). */
export const MAX_LABEL_CHARS = 80;

/** The colours of the drawing. */
export const COLOURS = {
  cycle: "#cf222e",
  unusedFill: "#f6f8fa",
  unusedText: "#8c959f",
  operationFill: "#ddf4ff",
  operationLine: "#0969da",
  edge: "#57606a",
} as const;

/** A node as drawn. */
export interface DrawnNode {
  /** `n0`, `n1`, …: the node's place in the result. */
  key: string;
  node: GraphNode;
  /** The label: the name, control characters shown as escapes, shortened. */
  label: string;
  /** `schema` or `operation`, then `unused`, `cycle` and `focus` when they apply. */
  classes: string[];
}

/** The drawing plan of a result: its nodes, their groups (in first-appearance order), the key of each id. */
export interface DrawPlan {
  nodes: DrawnNode[];
  /** Groups by name, each with its nodes; nodes without a group are in none. */
  groups: { name: string; label: string; key: string; nodes: DrawnNode[] }[];
  keyOf: Map<string, string>;
}

/** Document text as a label: one line of printable text, at most {@link MAX_LABEL_CHARS} characters. */
export function textLabel(text: string): string {
  return shorten(escapeText(text), MAX_LABEL_CHARS);
}

/** The drawing plan of a result. */
export function drawPlan(result: GraphResult): DrawPlan {
  const focus = new Set(result.focus ?? []);
  const nodes = result.nodes.map((node, i): DrawnNode => ({
    key: `n${i}`,
    node,
    label: textLabel(node.name),
    classes: [
      node.kind,
      ...(node.unused ? ["unused"] : []),
      ...(node.cycle ? ["cycle"] : []),
      ...(focus.has(node.id) ? ["focus"] : []),
    ],
  }));
  const groups = new Map<string, DrawPlan["groups"][number]>();
  for (const n of nodes) {
    if (n.node.group === undefined) continue;
    let g = groups.get(n.node.group);
    if (g === undefined) {
      g = { name: n.node.group, label: textLabel(n.node.group), key: `g${groups.size}`, nodes: [] };
      groups.set(n.node.group, g);
    }
    g.nodes.push(n);
  }
  return { nodes, groups: [...groups.values()], keyOf: new Map(nodes.map((n) => [n.node.id, n.key])) };
}

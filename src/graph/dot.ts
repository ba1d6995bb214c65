/**
 * The graph in Graphviz's DOT language, for `dot -Tsvg` or the SVG renderer. Node ids are `n0`, `n1`, …; every
 * text from the document is in a quoted string with `\` and `"` escaped and control characters shown as escapes,
 * so no name can end a string or use Graphviz's own `\N`, `\l` escapes. Nodes carry an `id` and a `class`
 * (`schema`/`operation`, `unused`, `cycle`, `focus`) that the SVG keeps; edges the id `e0`, `e1`, … in order.
 *
 * @module
 */
import { COLOURS, type DrawnNode, drawPlan, textLabel } from "./_layout.ts";
import type { GraphResult } from "./types.ts";

/** A DOT quoted string (with its quotes): `\` and `"` escaped; the text holds no control character. */
export function dotString(text: string): string {
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function nodeLine(n: DrawnNode, indent: string): string {
  const attrs = [
    `id=${dotString(n.key)}`,
    `class=${dotString(n.classes.join(" "))}`,
    `label=${dotString(n.label)}`,
  ];
  if (n.node.kind === "operation") {
    attrs.push(`fillcolor="${COLOURS.operationFill}"`, `color="${COLOURS.operationLine}"`);
  }
  if (n.node.unused) {
    attrs.push(`fillcolor="${COLOURS.unusedFill}"`, `fontcolor="${COLOURS.unusedText}"`);
    attrs.push(`color="${COLOURS.unusedText}"`, `style="rounded,filled,dashed"`);
  }
  if (n.node.cycle) attrs.push(`color="${COLOURS.cycle}"`, "penwidth=2");
  if (n.classes.includes("focus")) attrs.push("penwidth=3");
  return `${indent}${n.key} [${attrs.join(", ")}];`;
}

/**
 * The graph as a DOT `digraph`, left to right: a box per node, an edge per reference labelled by kind, a
 * `cluster_` subgraph per group; unused schemas grey and dashed, cycles red, the focus thick.
 */
export function renderGraphDot(result: GraphResult): string {
  const plan = drawPlan(result);
  const lines = [
    "digraph oatool {",
    "  rankdir=LR;",
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=11];',
    `  edge [fontname="Helvetica", fontsize=9, color="${COLOURS.edge}", fontcolor="${COLOURS.edge}"];`,
  ];
  const grouped = new Set<string>();
  plan.groups.forEach((g, i) => {
    lines.push(`  subgraph cluster_${i} {`, `    label=${dotString(g.label)};`);
    for (const n of g.nodes) {
      lines.push(nodeLine(n, "    "));
      grouped.add(n.key);
    }
    lines.push("  }");
  });
  for (const n of plan.nodes) if (!grouped.has(n.key)) lines.push(nodeLine(n, "  "));
  result.edges.forEach((e, i) => {
    const attrs = [`id="e${i}"`, `label=${dotString(textLabel(e.kind))}`];
    if (e.cycle) attrs.push(`class="cycle"`, `color="${COLOURS.cycle}"`);
    lines.push(`  ${plan.keyOf.get(e.from)} -> ${plan.keyOf.get(e.to)} [${attrs.join(", ")}];`);
  });
  lines.push("}");
  return lines.join("\n") + "\n";
}

/**
 * The graph as a Mermaid flowchart, which GitHub draws in a pull request, an issue or a README. Node ids are
 * `n0`, `n1`, …; every text from the document is in a quoted label with each character outside a small safe
 * set written as a Mermaid entity (`#34;`), so no name can end a label, a node or a line.
 *
 * @module
 */
import { COLOURS, drawPlan, textLabel } from "./_layout.ts";
import type { GraphResult } from "./types.ts";

const SAFE = /^[A-Za-z0-9 _.,:/{}()+*=@$-]$/;

/**
 * Text for a quoted Mermaid label: characters outside `A-Z a-z 0-9 space _ . , : / { } ( ) + * = @ $ -` as
 * numeric entities (`"` is `#34;`, `<` is `#60;`, `#` itself `#35;`).
 */
export function mermaidText(text: string): string {
  let out = "";
  for (const c of text) out += SAFE.test(c) ? c : `#${c.codePointAt(0)};`;
  return out;
}

/**
 * The graph as a Mermaid `flowchart LR`: one quoted label per node, `-->|"kind"|` edges, a `subgraph` per
 * group, and classes for operations, unused schemas (grey, dashed), cycles (red) and the focus (thick).
 */
export function renderGraphMermaid(result: GraphResult): string {
  const plan = drawPlan(result);
  const lines = ["flowchart LR"];
  const declare = (n: (typeof plan.nodes)[number], indent: string) =>
    lines.push(`${indent}${n.key}["${mermaidText(n.label)}"]`);
  const grouped = new Set<string>();
  for (const g of plan.groups) {
    lines.push(`  subgraph ${g.key}["${mermaidText(g.label)}"]`);
    for (const n of g.nodes) {
      declare(n, "    ");
      grouped.add(n.key);
    }
    lines.push("  end");
  }
  for (const n of plan.nodes) if (!grouped.has(n.key)) declare(n, "  ");
  const cycleLinks: number[] = [];
  result.edges.forEach((e, i) => {
    lines.push(
      `  ${plan.keyOf.get(e.from)} -->|"${mermaidText(textLabel(e.kind))}"| ${plan.keyOf.get(e.to)}`,
    );
    if (e.cycle) cycleLinks.push(i);
  });
  lines.push(
    `  classDef operation fill:${COLOURS.operationFill},stroke:${COLOURS.operationLine}`,
    `  classDef unused fill:${COLOURS.unusedFill},stroke:${COLOURS.unusedText},color:${COLOURS.unusedText},` +
      `stroke-dasharray:4 3`,
    `  classDef cycle stroke:${COLOURS.cycle},stroke-width:2px`,
    `  classDef focus stroke-width:3px`,
  );
  for (const cls of ["operation", "unused", "cycle", "focus"]) {
    const keys = plan.nodes.filter((n) => n.classes.includes(cls)).map((n) => n.key);
    if (keys.length > 0) lines.push(`  class ${keys.join(",")} ${cls}`);
  }
  if (cycleLinks.length > 0) lines.push(`  linkStyle ${cycleLinks.join(",")} stroke:${COLOURS.cycle}`);
  return lines.join("\n") + "\n";
}

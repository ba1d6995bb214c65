/**
 * The graph as SVG, laid out by Graphviz compiled to WebAssembly (`@viz-js/viz`: the module carries the
 * WebAssembly, so nothing is fetched and no native Graphviz is needed). The module is imported the first time an
 * SVG is asked for, never by the other renderers or commands.
 *
 * @module
 */
import { renderGraphDot } from "./dot.ts";
import type { GraphResult } from "./types.ts";

/** The one Graphviz instance of the process, made on first use. */
let graphviz: Promise<{ renderString(dot: string, options: { format: string }): string }> | undefined;

/** The Graphviz instance (its module imported, its WebAssembly compiled, on first use). */
function instance() {
  graphviz ??= import("@viz-js/viz").then((viz) => viz.instance());
  return graphviz;
}

/**
 * The graph as a standalone SVG document (`<svg …>` with no XML prolog): its DOT ({@link renderGraphDot}) laid
 * out by Graphviz. Node groups carry `id="n0"` … and the classes `node schema|operation [unused] [cycle]
 * [focus]`; Graphviz escapes the labels.
 */
export async function renderGraphSvg(result: GraphResult): Promise<string> {
  const svg = (await instance()).renderString(renderGraphDot(result), { format: "svg" });
  const start = svg.indexOf("<svg");
  return (start > 0 ? svg.slice(start) : svg).trimEnd() + "\n";
}

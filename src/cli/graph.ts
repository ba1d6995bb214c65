import { writeFileAtomic } from "../io/write.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import {
  DEFAULT_DEPTH,
  DEFAULT_MAX_NODES,
  graph,
  type GraphOptions,
  type GraphResult,
  renderGraphDot,
  renderGraphJson,
  renderGraphMermaid,
  renderGraphSvg,
} from "../graph/mod.ts";
import { inputArgument, maxInputSizeFlag, outputFlag, outputTarget, wholeNumber } from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

const FORMATS = ["mermaid", "dot", "svg", "html", "json"] as const;

async function render(result: GraphResult, format: (typeof FORMATS)[number]): Promise<string> {
  switch (format) {
    case "mermaid":
      return renderGraphMermaid(result);
    case "dot":
      return renderGraphDot(result);
    case "json":
      return renderGraphJson(result);
    case "svg":
      return await renderGraphSvg(result);
    case "html": {
      // The page (and Graphviz) only when asked for.
      const { renderGraphHtml } = await import("../render/graph_html.ts");
      return await renderGraphHtml(result);
    }
  }
}

/** `oatool graph`: the reference graph of a document, drawn. */
export const graphCommand: Command = defineCommand({
  name: "graph",
  summary: "Draw the schema graph: what a schema pulls in, cycles, unused schemas",
  usage: "graph [flags] <file|url|->",
  description:
    `Draws the reference graph of an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document: its component schemas, and with
--operations its operations and the schemas they use. Edges are labelled by kind (property, items, allOf,
oneOf, anyOf, additionalProperties, request, response, parameter, or the schema keyword holding the $ref);
cycles are red, unused schemas grey. --focus draws the neighbourhood of a schema or operation; without it the
whole graph is drawn when it has at most --max-nodes nodes, else it is refused with a hint. Formats: mermaid
(GitHub renders it), dot, svg and html (laid out by Graphviz compiled to WebAssembly: no native tool, no
network), json. See docs/guides/graph.md.`,
  exitCodes: {
    0: "the graph was drawn",
    1: "the document cannot be read, a focus names nothing, the graph is larger than --max-nodes, or a usage error",
  },
  flags: {
    format: {
      type: "string",
      placeholder: "format",
      choices: FORMATS,
      default: "mermaid",
      description: "Output: mermaid, dot, svg, html (one self-contained page) or json",
    },
    operations: { type: "boolean", description: "Draw operations and the schemas they use, too" },
    focus: {
      type: "list",
      placeholder: "name",
      description: 'Draw around a schema name, an operationId or "METHOD /path"',
    },
    depth: {
      type: "string",
      placeholder: "n",
      description: `Steps from the focus (default ${DEFAULT_DEPTH})`,
    },
    direction: {
      type: "string",
      placeholder: "dir",
      choices: ["in", "out", "both"],
      default: "both",
      description: "From the focus follow references out (what it uses), in (what uses it), or both",
    },
    "group-by": {
      type: "string",
      placeholder: "key",
      choices: ["tag"],
      description: "Cluster operations by tag, with the schemas only that tag's operations use",
    },
    "max-nodes": {
      type: "string",
      placeholder: "n",
      description: `Most nodes drawn; a larger graph is refused with a hint (default ${DEFAULT_MAX_NODES})`,
    },
    output: outputFlag,
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const f = ctx.flags;
    const options: GraphOptions = {
      operations: f.operations,
      focus: f.focus,
      direction: f.direction as GraphOptions["direction"],
      reader: ctx.reader,
    };
    if (f.depth !== undefined) options.depth = wholeNumber("depth", f.depth, 0);
    if (f["max-nodes"] !== undefined) options.maxNodes = wholeNumber("max-nodes", f["max-nodes"], 1);
    if (f["group-by"] === "tag") options.groupBy = "tag";
    const set = await loadDocumentSet(inputArgument(ctx.args[0], "the input"), {
      reader: ctx.reader,
      lenient: false,
    });
    const text = await render(await graph(set, options), f.format);
    const target = outputTarget(f.output);
    if (target === undefined) ctx.io.stdout(text);
    else await writeFileAtomic(target, text, { readSet: [set.readSet] });
    return 0;
  },
});

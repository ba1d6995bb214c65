/**
 * The `graph` tool: the schema graph of a document as Mermaid text an assistant can show, bounded by
 * `max_nodes` like `oatool graph`.
 *
 * @module
 */
import { z } from "zod";
import { DEFAULT_DEPTH, DEFAULT_MAX_NODES, graph, renderGraphMermaid } from "../../graph/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpecSet, specInput } from "../spec_input.ts";

/** `graph`. */
export const graphTool: Tool = defineTool({
  name: "graph",
  description:
    "Draw a document's schema graph as Mermaid (cycles, unused schemas, edges labelled by kind). Give focus (schema names, operationIds or 'METHOD /path') to draw a neighbourhood of a large document.",
  input: {
    spec: specInput,
    focus: z.array(z.string()).max(20).optional().describe("Schema names, operationIds or 'METHOD /path'"),
    depth: z.number().int().min(0).max(20).optional().describe(
      `Steps from the focus (default ${DEFAULT_DEPTH})`,
    ),
    direction: z.enum(["in", "out", "both"]).optional().describe("References followed (default both)"),
    operations: z.boolean().optional().describe("Draw operations too"),
    group_by: z.enum(["tag"]).optional(),
    max_nodes: z.number().int().min(1).max(DEFAULT_MAX_NODES).optional()
      .describe(`Most nodes; larger is refused (default ${DEFAULT_MAX_NODES})`),
  },
  output: {
    mermaid: z.string(),
    nodes: z.number().int(),
    edges: z.number().int(),
    cycles: z.number().int(),
    unused: z.number().int(),
  },
  readOnly: true,
  async run(args, ctx) {
    const set = await loadSpecSet(ctx, args.spec, { cached: true });
    const g = await graph(set, {
      focus: args.focus,
      depth: args.depth,
      direction: args.direction,
      operations: args.operations,
      groupBy: args.group_by,
      maxNodes: args.max_nodes ?? DEFAULT_MAX_NODES,
      reader: ctx.reader,
    });
    return {
      mermaid: renderGraphMermaid(g),
      nodes: g.nodes.length,
      edges: g.edges.length,
      cycles: g.cycles.length,
      unused: g.nodes.filter((n) => n.unused).length,
    };
  },
});

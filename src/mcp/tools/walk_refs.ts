/**
 * The `walk_refs` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkRefs } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_refs`. */
export const walkRefsTool: Tool = defineTool({
  name: "walk_refs",
  description:
    "List a document's $ref targets with their use counts (detail=true: each occurrence), filtered or counted with group_by: what uses a component.",
  input: {
    ...walkCommonInput,
    target: z.string().optional().describe("Such as #/components/schemas/*"),
    node_type: z.string().optional().describe(
      "schema, parameter, response, requestBody, header, pathItem, ...",
    ),
    group_by: z.enum(["node_type"]).optional(),
  },
  output: walkOutput(itemSchema({
    ref: z.string().describe("The reference as written"),
    node_type: z.string().describe("The kind the reference stands for"),
    count: z.number().int().describe("Occurrences (1 for one occurrence with detail)"),
    file: z.string().optional(),
    resolved: z.boolean(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkRefs, {
      target: args.target,
      nodeType: args.node_type,
    }, (r) => ({
      ref: r.ref,
      node_type: r.nodeType,
      count: r.count,
      file: r.file,
      resolved: r.resolved,
      ...where(r),
    }));
  },
});

/**
 * The `walk_operations` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkOperations } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_operations`. */
export const walkOperationsTool: Tool = defineTool({
  name: "walk_operations",
  description:
    "List a document's operations (method, path, operation_id, summary, tags, deprecated), filtered or counted with group_by.",
  input: {
    ...walkCommonInput,
    method: z.string().optional(),
    path: z.string().optional(),
    tag: z.string().optional(),
    operation_id: z.string().optional(),
    deprecated: z.boolean().optional(),
    group_by: z.enum(["tag", "method"]).optional(),
  },
  output: walkOutput(itemSchema({
    method: z.string().describe("HTTP method, upper case"),
    path: z.string().describe("Path template, webhook name or callback expression"),
    section: z.string().describe("paths, webhooks or callbacks"),
    operation_id: z.string().optional(),
    summary: z.string().optional(),
    tags: z.array(z.string()),
    deprecated: z.boolean(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkOperations, {
      method: args.method,
      path: args.path,
      tag: args.tag,
      operationId: args.operation_id,
      deprecated: args.deprecated,
    }, (o) => ({
      method: o.method,
      path: o.path,
      section: o.section,
      operation_id: o.operationId,
      summary: o.summary,
      tags: o.tags,
      deprecated: o.deprecated,
      ...where(o),
    }));
  },
});

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
    "List the operations of an OpenAPI document (method, path, operationId, summary, tags, deprecated), filtered by method, path glob (* one segment, ** any), tag, operation_id glob or deprecated, or counted per tag or method with group_by. Use it to find the operation to read or change without loading the whole document; results are paged (limit, offset; total, matched and returned say how many), and detail=true gives full operation objects (25 per page).",
  input: {
    ...walkCommonInput,
    method: z.string().optional().describe("HTTP method, any case"),
    path: z.string().optional().describe("Path glob: * one segment (or part of one), ** any number"),
    tag: z.string().optional().describe("Tag, exact"),
    operation_id: z.string().optional().describe("operationId glob (* any characters)"),
    deprecated: z.boolean().optional().describe("true: only deprecated operations; false: only the others"),
    group_by: z.enum(["tag", "method"]).optional().describe(
      "Count operations per tag or per method instead of listing them",
    ),
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

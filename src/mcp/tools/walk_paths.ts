/**
 * The `walk_paths` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkPaths } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_paths`. */
export const walkPathsTool: Tool = defineTool({
  name: "walk_paths",
  description:
    "List the path items of an OpenAPI document (path, methods, webhook), filtered by a path glob (* one segment or part of one, ** any number), or counted per first segment with group_by=segment. Use it for an overview of an API's URL space; results are paged (limit, offset).",
  input: {
    ...walkCommonInput,
    path: z.string().optional().describe("Path glob with *"),
    group_by: z.enum(["segment"]).optional().describe("Count path items per first segment"),
  },
  output: walkOutput(itemSchema({
    path: z.string(),
    webhook: z.boolean(),
    methods: z.array(z.string()).describe("Methods of its operations, upper case"),
    ref: z.string().optional(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkPaths, {
      path: args.path,
    }, (p) => ({ path: p.path, webhook: p.webhook, methods: p.methods, ref: p.ref, ...where(p) }));
  },
});

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
    "List a document's path items (path, methods, webhook), filtered by path or counted per first segment with group_by.",
  input: {
    ...walkCommonInput,
    path: z.string().optional(),
    group_by: z.enum(["segment"]).optional(),
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

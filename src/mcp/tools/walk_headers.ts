/**
 * The `walk_headers` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkHeaders } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_headers`. */
export const walkHeadersTool: Tool = defineTool({
  name: "walk_headers",
  description:
    "List a document's response and component headers (name, status, path, method), filtered or counted with group_by.",
  input: {
    ...walkCommonInput,
    name: z.string().optional(),
    path: z.string().optional(),
    method: z.string().optional(),
    status: z.string().optional().describe("200, 4xx or default"),
    component: z.boolean().optional(),
    group_by: z.enum(["name", "status_code"]).optional(),
  },
  output: walkOutput(itemSchema({
    name: z.string(),
    status: z.string().optional(),
    path: z.string().optional(),
    method: z.string().optional(),
    component: z.boolean(),
    ref: z.string().optional(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkHeaders, {
      name: args.name,
      path: args.path,
      method: args.method,
      status: args.status,
      component: args.component,
    }, (h) => ({
      name: h.name,
      status: h.status,
      path: h.path,
      method: h.method,
      component: h.component,
      ref: h.ref,
      ...where(h),
    }));
  },
});

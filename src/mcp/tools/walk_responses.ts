/**
 * The `walk_responses` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkResponses } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_responses`. */
export const walkResponsesTool: Tool = defineTool({
  name: "walk_responses",
  description:
    "List a document's responses (status, path, method, description, media types), filtered or counted with group_by.",
  input: {
    ...walkCommonInput,
    status: z.string().optional().describe("200, 4xx or default"),
    path: z.string().optional(),
    method: z.string().optional(),
    group_by: z.enum(["status_code", "method"]).optional(),
  },
  output: walkOutput(itemSchema({
    status: z.string().optional(),
    name: z.string().optional().describe("The component name, for a component response"),
    path: z.string().optional(),
    method: z.string().optional(),
    description: z.string().optional(),
    content: z.array(z.string()).describe("Media types of the body"),
    component: z.boolean(),
    ref: z.string().optional(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkResponses, {
      status: args.status,
      path: args.path,
      method: args.method,
    }, (r) => ({
      status: r.status,
      name: r.name,
      path: r.path,
      method: r.method,
      description: r.description,
      content: r.content,
      component: r.component,
      ref: r.ref,
      ...where(r),
    }));
  },
});

/**
 * The `walk_parameters` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkParameters } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_parameters`. */
export const walkParametersTool: Tool = defineTool({
  name: "walk_parameters",
  description:
    "List a document's parameters (name, in, path, method, component, ref), filtered or counted with group_by.",
  input: {
    ...walkCommonInput,
    name: z.string().optional(),
    in: z.string().optional().describe("query, header, path, cookie (2.0: body, formData)"),
    path: z.string().optional(),
    method: z.string().optional(),
    group_by: z.enum(["location", "name"]).optional(),
  },
  output: walkOutput(itemSchema({
    name: z.string().optional(),
    in: z.string().optional(),
    path: z.string().optional(),
    method: z.string().optional(),
    component: z.boolean(),
    ref: z.string().optional().describe("The \$ref as written, for a Reference Object"),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkParameters, {
      name: args.name,
      in: args.in,
      path: args.path,
      method: args.method,
    }, (p) => ({
      name: p.name,
      in: p.in,
      path: p.path,
      method: p.method,
      component: p.component,
      ref: p.ref,
      ...where(p),
    }));
  },
});

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
    "List the parameters of an OpenAPI document (name, in, path, method, component, $ref), filtered by name glob, in (query, header, path, cookie; $ref parameters are resolved for these two filters), path glob or method, or counted per location or name with group_by ((ref) for unresolved references). Use it to see how an API is queried or which operations take a parameter; results are paged (limit, offset).",
  input: {
    ...walkCommonInput,
    name: z.string().optional().describe("Name glob, any case (resolves $ref parameters)"),
    in: z.string().optional().describe(
      "query, header, path, cookie (2.0: body, formData); resolves $ref parameters",
    ),
    path: z.string().optional().describe("Path glob"),
    method: z.string().optional().describe("HTTP method, any case"),
    group_by: z.enum(["location", "name"]).optional().describe("Count parameters per location or per name"),
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

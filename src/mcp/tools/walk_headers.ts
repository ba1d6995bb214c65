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
    "List the headers of an OpenAPI document's responses and components (name, status, path, method), filtered by name glob, path glob, method, status or component, or counted per name or status_code with group_by. Use it to find rate-limit, pagination or caching headers; results are paged (limit, offset).",
  input: {
    ...walkCommonInput,
    name: z.string().optional().describe("Name glob, any case"),
    path: z.string().optional().describe("Path glob"),
    method: z.string().optional().describe("HTTP method, any case"),
    status: z.string().optional().describe("200, 4xx or default"),
    component: z.boolean().optional().describe("true: only component headers; false: the others"),
    group_by: z.enum(["name", "status_code"]).optional().describe(
      "Count headers per name or per status code",
    ),
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

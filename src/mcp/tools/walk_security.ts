/**
 * The `walk_security` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkSecurity } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_security`. */
export const walkSecurityTool: Tool = defineTool({
  name: "walk_security",
  description:
    "List the security schemes of an OpenAPI document (name, type, scheme or flows, description), filtered by name glob or type. Use it to learn how an API authenticates; results are paged (limit, offset). Security schemes cannot be grouped.",
  input: {
    ...walkCommonInput,
    name: z.string().optional().describe("Name glob"),
    type: z.string().optional().describe(
      "apiKey, http, oauth2, openIdConnect, mutualTLS (2.0: basic), any case",
    ),
    group_by: z.string().optional().describe("Not supported for security schemes"),
  },
  output: walkOutput(itemSchema({
    name: z.string(),
    type: z.string().optional(),
    details: z.string().optional().describe("scheme (http), in (apiKey) or the flows (oauth2)"),
    description: z.string().optional(),
    ref: z.string().optional(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkSecurity, {
      name: args.name,
      type: args.type,
    }, (s) => ({
      name: s.name,
      type: s.type,
      details: s.details,
      description: s.description,
      ref: s.ref,
      ...where(s),
    }));
  },
});

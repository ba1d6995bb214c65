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
    "List a document's security schemes (name, type, scheme or flows, description), filtered by name or type; no group_by.",
  input: {
    ...walkCommonInput,
    name: z.string().optional(),
    type: z.string().optional().describe("apiKey, http, oauth2, openIdConnect, mutualTLS (2.0: basic)"),
    group_by: z.string().optional().describe("Not supported"),
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

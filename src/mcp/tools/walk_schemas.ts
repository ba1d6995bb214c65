/**
 * The `walk_schemas` tool.
 *
 * @module
 */
import { z } from "zod";
import { walkSchemas } from "../../queries/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { itemSchema, runWalk, walkCommonInput, walkOutput, where } from "./_walk.ts";

/** `walk_schemas`. */
export const walkSchemasTool: Tool = defineTool({
  name: "walk_schemas",
  description:
    "List a document's schemas, components and nested ones (name, type, component), filtered or counted with group_by.",
  input: {
    ...walkCommonInput,
    name: z.string().optional().describe("Component or property name"),
    type: z.string().optional().describe("Exact: string, or string|null"),
    component: z.boolean().optional(),
    inline: z.boolean().optional(),
    group_by: z.enum(["type", "location"]).optional(),
  },
  output: walkOutput(itemSchema({
    name: z.string().describe('Component name, or the property name of a nested schema ("" otherwise)'),
    type: z.union([z.string(), z.array(z.string())]).optional().describe("type as written"),
    component: z.boolean(),
  })),
  readOnly: true,
  run(args, ctx) {
    return runWalk(ctx, args, walkSchemas, {
      name: args.name,
      type: args.type,
      component: args.component,
      inline: args.inline,
    }, (s) => ({ name: s.name, type: s.type, component: s.component, ...where(s) }));
  },
});

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
    "List the schemas of an OpenAPI document, components and nested ones (name, type, component), filtered by name glob (component and property names), exact type (string, or a list written string|null), component=true or inline=true, or counted per type ((untyped) for none) or location with group_by. Use it to find a schema by name or shape before reading it with detail=true; results are paged (limit, offset).",
  input: {
    ...walkCommonInput,
    name: z.string().optional().describe("Name glob: component schema names and nested property names"),
    type: z.string().optional().describe("Exact type; a multi-type schema does not match a single type"),
    component: z.boolean().optional().describe("Only component schemas"),
    inline: z.boolean().optional().describe("Only nested (inline) schemas"),
    group_by: z.enum(["type", "location"]).optional().describe("Count schemas per type or per location"),
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

/**
 * The `generate` tool.
 *
 * @module
 */
import { z } from "zod";
import { generate, writeGeneratedFiles } from "../../generator/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, outputPath, specInput } from "../spec_input.ts";
import { boundedItems, findingItem, findingOf, omittedField, omittedFields } from "./_fields.ts";

/** `generate`: writes Go code for a document. */
export const generateTool: Tool = defineTool({
  name: "generate",
  description:
    "Generate Go code from an OpenAPI document into output_dir: types, an HTTP client (client=true), a chi server interface (server=true). The result lists the files written and the issues, not the code.",
  input: {
    spec: specInput,
    output_dir: z.string().describe("Created when missing"),
    package_name: z.string().optional().describe("Default api"),
    client: z.boolean().optional(),
    server: z.boolean().optional(),
    types: z.boolean().optional().describe("Default true"),
    include_tags: z.array(z.string()).optional().describe("Tags or globs: only their operations"),
    exclude_tags: z.array(z.string()).optional(),
    include_operations: z.array(z.string()).optional().describe('operationIds, "GET /path" or globs'),
    exclude_operations: z.array(z.string()).optional(),
    all_schemas: z.boolean().optional().describe("Keep schemas no selected operation reaches"),
    types_only_from: z.array(z.string()).optional().describe("Only types reachable from these schemas"),
    no_clean: z.boolean().optional().describe("Keep stale generated files"),
  },
  output: {
    output_dir: z.string().describe("The folder written, as given"),
    package_name: z.string(),
    version: z.string().describe("The OpenAPI version of the document"),
    type_count: z.number().int().describe("Go types declared from schemas"),
    operation_count: z.number().int(),
    files: z.array(z.string()).describe("The files written, relative to output_dir"),
    removed: z.array(z.string()).describe("Stale generated files removed"),
    issue_count: z.number().int(),
    issues: z.array(findingItem),
    issues_omitted: omittedField("issues"),
  },
  readOnly: false,
  async run(args, ctx) {
    const dir = await outputPath(ctx, args.output_dir, "output_dir");
    const parsed = await loadSpec(ctx, args.spec, { cached: true });
    const result = await generate(parsed, {
      reader: ctx.reader,
      packageName: args.package_name,
      client: args.client,
      server: args.server,
      types: args.types,
      includeTags: args.include_tags,
      excludeTags: args.exclude_tags,
      includeOperations: args.include_operations,
      excludeOperations: args.exclude_operations,
      allSchemas: args.all_schemas,
      typesOnlyFrom: args.types_only_from,
      sourceMap: true,
    });
    const write = await writeGeneratedFiles(dir, result.files, {
      readSet: parsed.readSet,
      noSymlinksBelow: await ctx.workspace.rootOf(dir),
      clean: args.no_clean !== true,
    });
    const issues = boundedItems(result.issues, findingOf);
    return {
      output_dir: args.output_dir,
      package_name: result.packageName,
      version: result.version,
      type_count: result.types,
      operation_count: result.operations,
      files: result.files.map((f) => f.name),
      removed: write.removed,
      issue_count: result.issues.length,
      issues: issues.items,
      ...omittedFields({ issues_omitted: issues.omitted }),
    };
  },
});

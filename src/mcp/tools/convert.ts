/**
 * The `convert` tool.
 *
 * @module
 */
import { z } from "zod";
import { convert } from "../../converter/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { bundledSpec, loadSpec, outputPlan, placeOutput, specInput, writeOutput } from "../spec_input.ts";
import {
  boundedItems,
  documentField,
  findingItem,
  findingOf,
  keepRefsField,
  omittedField,
  omittedFields,
  outputField,
} from "./_fields.ts";

/** `convert`: converts a document to another OpenAPI version. */
export const convertTool: Tool = defineTool({
  name: "convert",
  description:
    "Convert an OpenAPI document to 2.0 (Swagger), 3.0 or 3.1 (target). Each issue says what was not carried over exactly; success is false when one is critical.",
  input: {
    spec: specInput,
    target: z.enum(["2.0", "3.0", "3.1"]),
    output: outputField,
    keep_refs: keepRefsField,
  },
  output: {
    source_version: z.string(),
    target_version: z.string(),
    success: z.boolean().describe("False when an issue is critical"),
    issue_count: z.number().int(),
    issues: z.array(findingItem).describe(
      "The issues: severity info, warning or critical, rule, path, pointer, location",
    ),
    issues_omitted: omittedField("issues"),
    written_to: z.string().optional().describe("The output file, when one was written"),
    document: documentField,
  },
  readOnly: false,
  async run(args, ctx) {
    const parsed = await loadSpec(ctx, args.spec, { cached: false });
    const plan = args.output === undefined
      ? undefined
      : await outputPlan(ctx, args.output, [parsed], args.keep_refs === true);
    // The converter converts the root document alone: a document bundled for another folder is converted whole.
    const source = plan?.handling === "bundle" ? await bundledSpec(ctx, parsed) : parsed;
    const result = await convert(source, {
      target: args.target,
      reader: ctx.reader,
      inPlace: source !== parsed,
      sourceMap: true,
    });
    const issues = boundedItems(result.issues, findingOf);
    const out = {
      source_version: result.sourceVersion,
      target_version: result.targetVersion,
      success: result.success,
      issue_count: result.issues.length,
      issues: issues.items,
      ...omittedFields({ issues_omitted: issues.omitted }),
    };
    if (args.output !== undefined && plan !== undefined) {
      const document = plan.handling === "rebase"
        ? await placeOutput(ctx, plan, parsed, result.document)
        : result.document;
      const written = await writeOutput(ctx, args.output, document, result.format, [parsed.readSet], plan);
      return { ...out, written_to: written };
    }
    return { ...out, document: result.document };
  },
});

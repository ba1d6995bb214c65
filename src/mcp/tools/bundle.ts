/**
 * The `bundle` tool.
 *
 * @module
 */
import { z } from "zod";
import { bundle } from "../../bundler/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, specInput, writeOutput } from "../spec_input.ts";
import {
  boundedItems,
  documentField,
  findingItem,
  findingOf,
  omittedField,
  omittedFields,
  outputField,
} from "./_fields.ts";

/** `bundle`: one document from a multi-file specification, with only local references. */
export const bundleTool: Tool = defineTool({
  name: "bundle",
  description:
    "Bundle a document split over several files into one with only local $refs: referenced files become components (schemas/pet.yaml: Pet), Path Item files are inlined.",
  input: {
    spec: specInput,
    dereference: z.boolean().optional().describe("Inline every $ref (circular ones stay)"),
    keep_path_refs: z.boolean().optional().describe("Refer to Path Items in components.pathItems (3.1+)"),
    output: outputField,
  },
  output: {
    version: z.string().describe("The OpenAPI version of the document"),
    success: z.boolean().describe(
      "False when a reference cannot be resolved (nothing is written or returned)",
    ),
    file_count: z.number().int().describe("Files in the set, the root included"),
    component_count: z.number().int().describe("Components of the bundled document"),
    added_component_count: z.number().int().describe("Components made from parts of other files"),
    warning_count: z.number().int(),
    warnings: z.array(findingItem).describe(
      "Unresolved references (error), renamed components (info), circular references kept as $ref (warning)",
    ),
    warnings_omitted: omittedField("warnings"),
    written_to: z.string().optional().describe("The output file, when one was written"),
    document: documentField,
  },
  readOnly: false,
  async run(args, ctx) {
    const parsed = await loadSpec(ctx, args.spec, { cached: false });
    const result = await bundle(parsed, {
      reader: ctx.reader,
      dereference: args.dereference === true,
      keepPathRefs: args.keep_path_refs === true,
    });
    const warnings = boundedItems(result.warnings, findingOf);
    const success = !result.warnings.some((w) => w.severity === "error" || w.severity === "critical");
    const out = {
      version: result.version,
      success,
      file_count: result.fileCount,
      component_count: result.componentCount,
      added_component_count: result.addedComponents,
      warning_count: result.warnings.length,
      warnings: warnings.items,
      ...omittedFields({ warnings_omitted: warnings.omitted }),
    };
    if (!success) return out;
    if (args.output !== undefined) {
      const written = await writeOutput(ctx, args.output, result.document, result.format, [result.readSet]);
      return { ...out, written_to: written };
    }
    return { ...out, document: result.document as unknown as Record<string, unknown> };
  },
});

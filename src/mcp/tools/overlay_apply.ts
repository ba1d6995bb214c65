/**
 * The `overlay_apply` tool.
 *
 * @module
 */
import { z } from "zod";
import { applyOverlay } from "../../overlay/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import {
  loadOverlaySpec,
  loadSpec,
  outputPlan,
  placeOutput,
  specInput,
  specInputSchema,
  writeOutput,
} from "../spec_input.ts";
import { withDocument } from "../../io/rebase_refs.ts";
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

/** `overlay_apply`: applies an Overlay document to an OpenAPI document. */
export const overlayApplyTool: Tool = defineTool({
  name: "overlay_apply",
  description:
    "Apply an Overlay (1.0 or 1.1: update, remove and copy actions on JSONPath targets) to an OpenAPI document. dry_run=true reports what each action selects and changes nothing.",
  input: {
    spec: specInput,
    overlay: specInputSchema(),
    dry_run: z.boolean().optional(),
    strict: z.boolean().optional().describe("Fail when a target selects nothing"),
    output: outputField,
    keep_refs: keepRefsField,
  },
  output: {
    applied_count: z.number().int().describe("Actions whose target selected at least one node"),
    skipped_count: z.number().int().describe("Actions whose target selected nothing"),
    dry_run: z.boolean(),
    actions: z.array(z.object({
      index: z.number().int(),
      kind: z.string().describe("update, remove, copy or none"),
      target: z.string(),
      match_count: z.number().int(),
    })),
    warnings: z.array(findingItem),
    warnings_omitted: omittedField("warnings"),
    written_to: z.string().optional().describe("The output file, when one was written"),
    document: documentField,
  },
  readOnly: false,
  async run(args, ctx) {
    const parsed = await loadSpec(ctx, args.spec, { cached: true });
    const overlay = await loadOverlaySpec(ctx, args.overlay, "overlay");
    // Not in place: the parsed document may be the session cache's.
    const result = applyOverlay(parsed.document, overlay.data, {
      dryRun: args.dry_run === true,
      strict: args.strict === true,
      source: overlay.source,
    });
    const warnings = boundedItems(result.warnings, findingOf);
    const out = {
      applied_count: result.appliedCount,
      skipped_count: result.skippedCount,
      dry_run: result.dryRun,
      actions: result.actions.map((a) => ({
        index: a.index,
        kind: a.kind,
        target: a.target,
        match_count: a.matchCount,
      })),
      warnings: warnings.items,
      ...omittedFields({ warnings_omitted: warnings.omitted }),
    };
    if (result.dryRun) return out;
    if (args.output !== undefined) {
      const placed = withDocument(parsed, result.document);
      const plan = await outputPlan(ctx, args.output, [placed], args.keep_refs === true);
      const document = await placeOutput(ctx, plan, placed, result.document);
      const written = await writeOutput(ctx, args.output, document, parsed.format, [
        parsed.readSet,
        overlay.readSet,
      ], plan);
      return { ...out, written_to: written };
    }
    return { ...out, document: result.document as Record<string, unknown> };
  },
});

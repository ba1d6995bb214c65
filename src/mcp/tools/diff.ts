/**
 * The `diff` tool.
 *
 * @module
 */
import { z } from "zod";
import { diff } from "../../differ/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, specInput } from "../spec_input.ts";
import { boundedItems, omittedField, omittedFields } from "./_fields.ts";

/** `diff`: compares two versions of a document. */
export const diffTool: Tool = defineTool({
  name: "diff",
  description:
    "Compare two versions of an OpenAPI document (base and revision, each file, url or content) and list the changes with their severity: CRITICAL and ERROR break consumers (removed operations, type changes, new required parameters), WARNING deserves attention, INFO is harmless. Use it to review an API change before merging or releasing it; breaking_only=true lists only CRITICAL and ERROR changes, no_info=true leaves INFO out.",
  input: {
    base: specInput.describe("The earlier document: exactly one of file, url or content."),
    revision: specInput.describe("The later document: exactly one of file, url or content."),
    breaking_only: z.boolean().optional().describe("Only breaking changes (CRITICAL and ERROR)"),
    no_info: z.boolean().optional().describe("Leave INFO changes out"),
  },
  output: {
    total_changes: z.number().int(),
    breaking_count: z.number().int().describe("CRITICAL and ERROR changes"),
    warning_count: z.number().int(),
    info_count: z.number().int(),
    changes: z.array(z.object({
      severity: z.string().describe("CRITICAL, ERROR, WARNING or INFO"),
      type: z.string().describe("added, removed or modified"),
      path: z.string(),
      message: z.string(),
    })),
    changes_omitted: omittedField("changes"),
    summary: z.string().describe("One line: the counts"),
  },
  readOnly: true,
  async run(args, ctx) {
    const base = await loadSpec(ctx, args.base, { field: "base", cached: true });
    const revision = await loadSpec(ctx, args.revision, { field: "revision", cached: true });
    const result = await diff(base, revision, {
      reader: ctx.reader,
      noInfo: args.no_info === true,
      breakingOnly: args.breaking_only === true,
    });
    const changes = result.changes;
    const warnings = result.warningCount;
    const infos = result.infoCount;
    const shown = boundedItems(
      changes,
      (c) => ({ severity: c.severity, type: c.type, path: c.path, message: c.message }),
    );
    return {
      total_changes: changes.length,
      breaking_count: result.breakingCount,
      warning_count: warnings,
      info_count: infos,
      changes: shown.items,
      ...omittedFields({ changes_omitted: shown.omitted }),
      summary:
        `${changes.length} changes: ${result.breakingCount} breaking, ${warnings} warnings, ${infos} info.`,
    };
  },
});

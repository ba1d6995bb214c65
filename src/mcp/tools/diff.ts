/**
 * The `diff` tool.
 *
 * @module
 */
import { z } from "zod";
import {
  diff,
  DIFF_PRESETS,
  DIFF_SEVERITIES,
  type DiffOptions,
  type DiffSeverity,
  fromDiffSeverity,
  toDiffSeverity,
} from "../../differ/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, specInputSchema } from "../spec_input.ts";
import {
  locationItem,
  locationOf,
  omittedField,
  omittedFields,
  pagedLists,
  pageFields,
  pageInput,
  pageOutput,
} from "./_fields.ts";

/** `diff`: compares two versions of a document. */
export const diffTool: Tool = defineTool({
  name: "diff",
  description:
    "Compare two versions of a document. Severity: CRITICAL and ERROR break clients, WARNING deserves a look, INFO is harmless; failed: a change at or above fail_on (default ERROR).",
  input: {
    base: specInputSchema(),
    revision: specInputSchema(),
    breaking_only: z.boolean().optional(),
    no_info: z.boolean().optional(),
    preset: z.enum(DIFF_PRESETS).optional(),
    fail_on: z.enum(DIFF_SEVERITIES as [DiffSeverity, ...DiffSeverity[]]).optional(),
    ignore: z.array(z.string().max(1000)).max(1000).optional().describe(
      "Check ids, paths, pointers or endpoints (GET /pets/*) to silence; * is any text",
    ),
    ...pageInput(),
  },
  output: {
    total_changes: z.number().int(),
    breaking_count: z.number().int().describe("CRITICAL and ERROR changes"),
    warning_count: z.number().int(),
    info_count: z.number().int(),
    failed: z.boolean().describe("Whether a change is at or above fail_on (default: a breaking change)"),
    changes: z.array(z.object({
      id: z.string().describe("The check id (see oatool diff --list-checks)"),
      rule: z.string().describe("The same check id, as every finding names its rule"),
      severity: z.string().describe("CRITICAL, ERROR, WARNING or INFO"),
      type: z.string().describe("added, removed or modified"),
      path: z.string(),
      pointer: z.string().describe("The same place as an RFC 6901 JSON pointer"),
      message: z.string(),
      location: locationItem.describe(
        "Where: the revision for additions, the base for removals and modifications",
      ),
    })),
    ...pageOutput,
    changes_omitted: omittedField("changes", true),
    summary: z.string().describe("One line: the counts"),
  },
  readOnly: true,
  async run(args, ctx) {
    const base = await loadSpec(ctx, args.base, { field: "base", cached: true });
    const revision = await loadSpec(ctx, args.revision, { field: "revision", cached: true });
    const options: DiffOptions = {
      reader: ctx.reader,
      breaking: true,
      noInfo: args.no_info === true,
      breakingOnly: args.breaking_only === true,
      ignore: args.ignore,
      failOn: args.fail_on === undefined ? undefined : fromDiffSeverity(args.fail_on),
      sourceMap: true,
    };
    if (args.preset !== undefined) options.preset = args.preset;
    const result = await diff(base, revision, options);
    const changes = result.changes;
    const warnings = result.warningCount;
    const infos = result.infoCount;
    const page = pagedLists(
      [changes],
      (c) => ({
        id: c.id,
        rule: c.rule,
        severity: toDiffSeverity(c.severity),
        type: c.type,
        path: c.path,
        pointer: c.pointer,
        message: c.message,
        ...(c.location === undefined ? {} : { location: locationOf(c.location) }),
      }),
      args,
    );
    const shown = page.lists[0];
    return {
      total_changes: changes.length,
      breaking_count: result.breakingCount,
      warning_count: warnings,
      info_count: infos,
      failed: result.failed,
      changes: shown.items,
      ...pageFields(page),
      ...omittedFields({ changes_omitted: shown.omitted }),
      summary:
        `${changes.length} changes: ${result.breakingCount} breaking, ${warnings} warnings, ${infos} info.`,
    };
  },
});

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
    "Compare two versions of an OpenAPI document and list the changes: CRITICAL and ERROR break consumers, WARNING deserves attention, INFO is harmless. breaking_only, no_info, preset (strict, default, lenient), ignore (check ids, paths, globs), fail_on. Each change has its check id, pointer and file:line:column; changes come a page at a time (limit, offset), the counts cover all.",
  input: {
    base: specInputSchema("The earlier document"),
    revision: specInputSchema("The later document"),
    breaking_only: z.boolean().optional().describe("Only breaking changes (CRITICAL and ERROR)"),
    no_info: z.boolean().optional().describe("Leave INFO changes out"),
    preset: z.enum(DIFF_PRESETS).optional().describe(
      "Severity rules: strict raises what breaks strict clients to ERROR, lenient lowers response widenings (default: default)",
    ),
    fail_on: z.enum(DIFF_SEVERITIES as [DiffSeverity, ...DiffSeverity[]]).optional().describe(
      "failed is true when a change is at or above this severity (default: any CRITICAL or ERROR change)",
    ),
    ignore: z.array(z.string().max(1000)).max(1000).optional().describe(
      "Changes to silence: check ids (request-property-became-required), paths or pointers, endpoints (GET /pets/*); * matches any run of characters",
    ),
    ...pageInput("changes"),
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

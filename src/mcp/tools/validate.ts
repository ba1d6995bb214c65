/**
 * The `validate` tool.
 *
 * @module
 */
import { z } from "zod";
import { join } from "node:path";
import { CONFIG_NAMES, loadConfig, type PolicyConfig } from "../../config/mod.ts";
import { validate } from "../../validator/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, specInput, type ToolContext } from "../spec_input.ts";
import {
  findingItem,
  findingOf,
  omittedField,
  omittedFields,
  pagedLists,
  pageFields,
  pageInput,
  pageOutput,
} from "./_fields.ts";

/** `validate`: checks a document against the OpenAPI version it declares. */
export const validateTool: Tool = defineTool({
  name: "validate",
  description:
    "Validate an OpenAPI 2.0-3.2 document against its version's JSON Schema and semantic rules. Policy: config, else oatool.yaml at the workspace root.",
  input: {
    spec: specInput,
    strict: z.boolean().optional().describe("Warnings count as errors"),
    no_warnings: z.boolean().optional(),
    config: z.string().optional(),
    ...pageInput(),
  },
  output: {
    valid: z.boolean(),
    version: z.string().describe("The OpenAPI version the document declares"),
    error_count: z.number().int(),
    warning_count: z.number().int(),
    errors: z.array(findingItem),
    warnings: z.array(findingItem),
    ...pageOutput,
    errors_omitted: omittedField("errors", true),
    warnings_omitted: omittedField("warnings", true),
    ignored_count: z.number().int().describe("Findings the policy file's ignore: or its baseline accepted"),
    stale_baseline: z.array(z.object({ rule: z.string(), pointer: z.string(), file: z.string().optional() }))
      .describe("Baseline entries that no finding matches any more"),
  },
  readOnly: true,
  async run(args, ctx) {
    const parsed = await loadSpec(ctx, args.spec, { cached: true });
    const confine = (path: string) => ctx.workspace.resolveInput(path, "config");
    const result = await validate(parsed, {
      reader: ctx.reader,
      strict: args.strict,
      noWarnings: args.no_warnings,
      // Each finding's file:line:column; the source map is built only for the files that have findings.
      sourceMap: true,
      config: await workspaceConfig(ctx, args.config, confine),
      confine,
    });
    const page = pagedLists([result.errors, result.warnings], findingOf, args);
    const [errors, warnings] = page.lists;
    return {
      valid: result.valid,
      version: result.version,
      error_count: result.errorCount,
      warning_count: result.warningCount,
      errors: errors.items,
      warnings: warnings.items,
      ...pageFields(page),
      ...omittedFields({ errors_omitted: errors.omitted, warnings_omitted: warnings.omitted }),
      ignored_count: result.ignoredCount ?? 0,
      stale_baseline: (result.staleBaseline ?? []).map((e) => ({
        rule: e.rule,
        pointer: e.pointer,
        ...(e.file === undefined ? {} : { file: e.file }),
      })),
    };
  },
});

/** The policy file `config` names (inside the workspace), else the workspace root's, else none. */
async function workspaceConfig(
  ctx: ToolContext,
  named: string | undefined,
  confine: (path: string) => Promise<string>,
): Promise<PolicyConfig | undefined> {
  let path = named === undefined ? undefined : await confine(named);
  for (const name of named === undefined ? CONFIG_NAMES : []) {
    const candidate = join(ctx.cwd, name);
    if (await ctx.reader.realPath(candidate).then(() => true, () => false)) {
      path = await confine(candidate);
      break;
    }
  }
  return path === undefined ? undefined : await loadConfig(path, { reader: ctx.reader, confine });
}

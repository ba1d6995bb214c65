/**
 * The `fix` tool.
 *
 * @module
 */
import { z } from "zod";
import { fix } from "../../fixer/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, outputPlan, placeOutput, specInput, writeOutput } from "../spec_input.ts";
import {
  boundedItems,
  documentField,
  type FindingItem,
  keepRefsField,
  locationItem,
  locationOf,
  omittedField,
  omittedFields,
  outputField,
} from "./_fields.ts";

/** `fix`: corrects the structural problems a fixer can. */
export const fixTool: Tool = defineTool({
  name: "fix",
  description:
    "Fix structural problems: missing path parameters; on request duplicate operationIds, invalid schema names, unused parts (prune), missing $ref targets (stubs). Validate afterwards.",
  input: {
    spec: specInput,
    dry_run: z.boolean().optional(),
    include_document: z.boolean().optional().describe("Return the fixed document"),
    output: outputField,
    keep_refs: keepRefsField,
    fix_duplicate_operationids: z.boolean().optional(),
    fix_schema_names: z.boolean().optional(),
    prune: z.boolean().optional().describe("Remove unused schemas and empty path items"),
    stub_missing_refs: z.boolean().optional(),
  },
  output: {
    version: z.string().describe("The OpenAPI version of the document"),
    fix_count: z.number().int(),
    fixes: z.array(z.object({
      type: z.string().describe("The kind of fix, such as missing-path-parameter"),
      rule: z.string().describe("The rule of the fix: its kind, as every finding names its rule"),
      path: z.string().describe("Where, in the fixed document"),
      pointer: z.string().describe("The same place as an RFC 6901 JSON pointer"),
      description: z.string(),
      location: locationItem,
    })),
    fixes_omitted: omittedField("fixes"),
    written_to: z.string().optional().describe("The output file, when one was written"),
    document: documentField,
  },
  readOnly: false,
  async run(args, ctx) {
    const parsed = await loadSpec(ctx, args.spec, { cached: false });
    const dryRun = args.dry_run === true;
    const result = await fix(parsed, {
      reader: ctx.reader,
      dryRun,
      inPlace: true, // a fresh load, not the cache's
      fixDuplicateOperationIds: args.fix_duplicate_operationids === true,
      fixSchemaNames: args.fix_schema_names === true,
      pruneSchemas: args.prune === true,
      prunePaths: args.prune === true,
      stubMissingRefs: args.stub_missing_refs === true,
      sourceMap: true,
      validate: false,
    });
    const fixes = boundedItems(
      result.fixes,
      (f) => ({
        type: f.type,
        rule: f.rule ?? f.type,
        path: f.path,
        pointer: f.pointer,
        description: f.description,
        ...(f.location === undefined ? {} : { location: locationOf(f.location) }),
      }),
    );
    const out: {
      version: string;
      fix_count: number;
      fixes: {
        type: string;
        rule: string;
        path: string;
        pointer: string;
        description: string;
        location?: FindingItem["location"];
      }[];
      fixes_omitted?: number;
      written_to?: string;
      document?: Record<string, unknown>;
    } = {
      version: result.version,
      fix_count: result.fixes.length,
      fixes: fixes.items,
      ...omittedFields({ fixes_omitted: fixes.omitted }),
    };
    if (args.output !== undefined && !dryRun) {
      const plan = await outputPlan(ctx, args.output, [parsed], args.keep_refs === true);
      const document = await placeOutput(ctx, plan, parsed, result.document);
      out.written_to = await writeOutput(ctx, args.output, document, result.format, [parsed.readSet], plan);
    }
    if (args.include_document === true) out.document = result.document as unknown as Record<string, unknown>;
    return out;
  },
});

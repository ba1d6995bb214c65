/**
 * The `join` tool.
 *
 * @module
 */
import { z } from "zod";
import { COLLISION_STRATEGIES, type CollisionStrategy, join } from "../../joiner/mod.ts";
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

const STRATEGIES = ["accept-left", "accept-right", "fail"] as const;

/** The joiner's strategy for a tool strategy name (`rename` renames the incoming, right-hand schema). */
function strategy(name: string | undefined): CollisionStrategy | undefined {
  return name === "rename" ? "rename-right" : name as CollisionStrategy | undefined;
}

/** `join`: merges two or more documents. */
export const joinTool: Tool = defineTool({
  name: "join",
  description:
    "Merge documents of one major version; the first gives info and servers. Collisions (path, component, operationId) fail, all named, unless a strategy resolves them; identical components merge.",
  input: {
    specs: z.array(specInput).min(2),
    path_strategy: z.enum(STRATEGIES).optional(),
    schema_strategy: z.enum([...STRATEGIES, "rename", "dedup-or-rename"]).optional().describe(
      "rename: the right one; dedup-or-rename: merge equal ones, rename the others",
    ),
    default_strategy: z.enum(COLLISION_STRATEGIES as [CollisionStrategy, ...CollisionStrategy[]]).optional()
      .describe("For collisions without their own strategy"),
    semantic_dedup: z.boolean().optional().describe("Merge structurally identical schemas"),
    output: outputField,
  },
  output: {
    version: z.string().describe("OpenAPI version of the merged document"),
    path_count: z.number().int(),
    operation_count: z.number().int(),
    schema_count: z.number().int(),
    collision_count: z.number().int(),
    identical_count: z.number().int().describe(
      "Same-named identical components merged into one (not collisions)",
    ),
    warnings: z.array(findingItem).describe("Collisions resolved, deduplications and other notes"),
    warnings_omitted: omittedField("warnings"),
    written_to: z.string().optional().describe("The output file, when one was written"),
    document: documentField,
  },
  readOnly: false,
  async run(args, ctx) {
    const parsed = [];
    for (let i = 0; i < args.specs.length; i++) {
      parsed.push(await loadSpec(ctx, args.specs[i], { field: `specs[${i}]`, cached: true }));
    }
    const result = await join(parsed, {
      pathStrategy: strategy(args.path_strategy),
      schemaStrategy: strategy(args.schema_strategy),
      ...(args.default_strategy === undefined ? {} : { defaultStrategy: args.default_strategy }),
      ...(args.semantic_dedup === undefined ? {} : { semanticDeduplication: args.semantic_dedup }),
    });
    const warnings = boundedItems(result.structuredWarnings, findingOf);
    const out = {
      version: result.version,
      path_count: result.stats.pathCount,
      operation_count: result.stats.operationCount,
      schema_count: result.stats.schemaCount,
      collision_count: result.collisionCount,
      identical_count: result.identicalCount,
      warnings: warnings.items,
      ...omittedFields({ warnings_omitted: warnings.omitted }),
    };
    if (args.output !== undefined) {
      const written = await writeOutput(ctx, args.output, result.document, result.sourceFormat, [
        result.readSet,
        ...parsed.map((p) => p.readSet),
      ]);
      return { ...out, written_to: written };
    }
    return { ...out, document: result.document as unknown as Record<string, unknown> };
  },
});

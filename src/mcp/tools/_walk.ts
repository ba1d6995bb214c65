/**
 * What the walk tools share: the common input fields, the result fields, and running a query on the (cached)
 * document with the server's page sizes.
 *
 * @module
 */
import { z } from "zod";
import type { WalkCommonOptions, WalkLocated, WalkResult } from "../../queries/mod.ts";
import type { LoadedDocument } from "../../queries/mod.ts";
import { loadSpec, specInput, type ToolContext, ToolError } from "../spec_input.ts";

/** The input fields of every walk tool (what they mean is said once, in the server's instructions). */
export const walkCommonInput = {
  spec: specInput,
  detail: z.boolean().optional(),
  resolve_refs: z.boolean().optional(),
  limit: z.number().int().min(0).optional(),
  offset: z.number().int().min(0).optional(),
  extension: z.string().optional(),
};

/** The location fields of every item. */
const located = {
  location: z.string().describe("Readable path"),
  pointer: z.string(),
  node: z.unknown().optional().describe("With detail"),
};

/** The item schema of a walk tool: its own fields plus where the item is. */
export function itemSchema<S extends z.ZodRawShape>(fields: S): z.ZodObject<S & typeof located> {
  return z.object({ ...fields, ...located });
}

/** The output fields of a walk tool whose items have the given schema. */
// deno-lint-ignore explicit-module-boundary-types
export function walkOutput<T extends z.ZodTypeAny>(item: T) {
  return {
    total: z.number().int().describe("Before filters"),
    matched: z.number().int().describe("After filters"),
    returned: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    items: z.array(item).describe("Empty with group_by"),
    groups: z.array(z.object({ key: z.string(), count: z.number().int() })).optional().describe(
      "With group_by, most first",
    ),
    group_count: z.number().int().optional().describe("Groups before paging"),
  };
}

/** The common input as the tools receive it. */
export interface WalkCommonArgs {
  spec: z.infer<typeof specInput>;
  detail?: boolean;
  resolve_refs?: boolean;
  limit?: number;
  offset?: number;
  group_by?: string;
  extension?: string;
}

/** The location fields of an item (and its node, with detail). */
export function where(item: WalkLocated): { location: string; pointer: string; node?: unknown } {
  return item.node === undefined
    ? { location: item.location, pointer: item.pointer }
    : { location: item.location, pointer: item.pointer, node: item.node };
}

/** The item without its undefined fields (as its JSON text has them). */
function withoutUndefined<R>(item: R): R {
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(item as Record<string, unknown>)) if (v !== undefined) out[k] = v;
  return out as R;
}

/** The result fields of a walk tool, with items of type `R`. */
export interface WalkToolResult<R> {
  total: number;
  matched: number;
  returned: number;
  offset: number;
  limit: number;
  items: R[];
  groups?: { key: string; count: number }[];
  group_count?: number;
}

/**
 * Runs a walk query on the document of `args.spec` (through the session cache) with the common options and the
 * server's default page sizes, and returns the result with snake_case field names (`item` gives each item's).
 */
export async function runWalk<O extends WalkCommonOptions, T extends WalkLocated, R>(
  ctx: ToolContext,
  args: WalkCommonArgs,
  query: (input: LoadedDocument, options: O) => Promise<WalkResult<T>>,
  filters: Omit<O, keyof WalkCommonOptions>,
  item: (t: T) => R,
): Promise<WalkToolResult<R>> {
  if (args.detail === true && args.group_by !== undefined && args.group_by !== "") {
    throw new ToolError("group_by and detail exclude each other; give one of them.");
  }
  const parsed = await loadSpec(ctx, args.spec, { cached: true });
  const detail = args.detail === true;
  const result = await query(parsed, {
    ...filters,
    detail,
    resolveRefs: args.resolve_refs === true,
    groupBy: args.group_by,
    extension: args.extension,
    limit: args.limit ?? (detail ? ctx.walkDetailLimit : ctx.walkLimit),
    offset: args.offset ?? 0,
    reader: ctx.reader,
  } as O);
  const out: WalkToolResult<R> = {
    total: result.total,
    matched: result.matched,
    returned: result.returned,
    offset: result.offset,
    limit: result.limit,
    items: result.items.map((t) => withoutUndefined(item(t))),
  };
  if (result.groups !== undefined) out.groups = result.groups;
  if (result.groupCount !== undefined) out.group_count = result.groupCount;
  return out;
}

/**
 * The `parse` tool.
 *
 * @module
 */
import { z } from "zod";
import { resolveRefs } from "../../core/mod.ts";
import { documentSetStats } from "../../bundler/set_stats.ts";
import { overview } from "../../bundler/overview.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpecSet, specInput } from "../spec_input.ts";
import { documentField } from "./_fields.ts";

/** Descriptions in summary mode are cut to this many characters (behaviour rule 1). */
export const SUMMARY_DESCRIPTION_LENGTH = 200;

/** Cuts a description to {@link SUMMARY_DESCRIPTION_LENGTH} characters (the last one an ellipsis). */
function cut(text: string | undefined, full: boolean): string | undefined {
  if (text === undefined || full || text.length <= SUMMARY_DESCRIPTION_LENGTH) return text;
  return text.slice(0, SUMMARY_DESCRIPTION_LENGTH - 1) + "…";
}

function withDescription<T extends { description?: string }>(entry: T, full: boolean): T {
  const description = cut(entry.description, full);
  return description === undefined ? { ...entry } : { ...entry, description };
}

/** `parse`: what a document is (version, title, counts, servers, tags), and the document itself on request. */
export const parseTool: Tool = defineTool({
  name: "parse",
  description:
    "Summarise an OpenAPI document (version, title, counts of paths, operations and schemas, servers, tags); start here. full=true adds whole descriptions and the document.",
  input: {
    spec: specInput,
    full: z.boolean().optional(),
    resolve_refs: z.boolean().optional().describe("With full: inline $refs"),
  },
  output: {
    summary: z.object({
      version: z.string(),
      title: z.string(),
      description: z.string(),
      path_count: z.number().int(),
      operation_count: z.number().int(),
      schema_count: z.number().int(),
      servers: z.array(z.object({ url: z.string(), description: z.string().optional() })),
      tags: z.array(z.object({ name: z.string(), description: z.string().optional() })),
    }),
    document: documentField,
  },
  readOnly: true,
  async run(args, ctx) {
    const set = await loadSpecSet(ctx, args.spec, { cached: true });
    const parsed = set.root;
    const full = args.full === true;
    const info = (parsed.document as { info?: Record<string, unknown> }).info ?? {};
    const { servers, tags } = overview(parsed);
    // What the whole document set defines: the counts of its bundled document.
    const stats = await documentSetStats(parsed, { reader: ctx.reader });
    const summary = {
      version: parsed.version,
      title: typeof info.title === "string" ? info.title : "",
      description: cut(typeof info.description === "string" ? info.description : "", full) ?? "",
      path_count: stats.pathCount,
      operation_count: stats.operationCount,
      schema_count: stats.schemaCount,
      servers: servers.map((s) => withDescription(s, full)),
      tags: tags.map((t) => withDescription(t, full)),
    };
    if (!full) return { summary };
    const document = args.resolve_refs === true
      ? (await resolveRefs(parsed, { reader: ctx.reader, index: set.index })).document
      : parsed.document;
    return { summary, document: document as Record<string, unknown> };
  },
});

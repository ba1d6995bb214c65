/**
 * The server's `tools/list` answer, in place of the SDK's: what an assistant pays for on every turn, so it is
 * built once and kept lean (issue 32: at most 25 KB for all tools).
 *
 * - Input schemas are zod's JSON Schema as the SDK writes it, without `$schema` (MCP's default dialect is JSON
 *   Schema 2020-12, whose meaning of every keyword used here is draft-07's) and never with a `$ref`. Only the
 *   arguments object says `additionalProperties: false`: the document objects (`{file, url, content}`, one or
 *   two a tool) name their fields, and the server refuses an unknown one itself in one line naming those it knows
 *   (tool_call.ts).
 * - Output schemas are compact: the top level in full (every field with its type, and the required ones), each
 *   object below it by its type and required keys. No prose: the shared shapes (a finding, a walk item) are said
 *   once in the server's instructions. No `additionalProperties: false`, so a field added later does not fail
 *   a client that validates against a schema it listed earlier. MCP asks a server to conform to the output
 *   schema it gives and a client to validate against it; a compact schema is as binding where it speaks.
 * - No `execution` member: its default, `taskSupport: "forbidden"`, is what these tools are.
 *
 * @module
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** A tool as `tools/list` gives it. */
export interface ListedTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean };
}

/** What a tool's listing is made from. */
export interface ToolListing {
  name: string;
  description: string;
  input: z.ZodObject<z.ZodRawShape>;
  output: z.ZodObject<z.ZodRawShape>;
  readOnly: boolean;
}

/** The listing of one tool: its input schema as zod writes it (less `$schema`), its output schema compact. */
export function listedTool(tool: ToolListing): ListedTool {
  const { $schema: _input, ...inputSchema } = toJsonSchemaCompat(tool.input, {
    strictUnions: true,
    pipeStrategy: "input",
  });
  const output = toJsonSchemaCompat(tool.output, { strictUnions: true, pipeStrategy: "output" });
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: {
      ...inputSchema,
      properties: openFields(inputSchema.properties as Record<string, JsonSchema>),
    },
    outputSchema: compactSchema(output, 0),
    annotations: { readOnlyHint: tool.readOnly },
  };
}

/**
 * `schema` without prose, `$schema` or `additionalProperties` (closed or open); objects deeper than the top
 * level (`depth` 0) keep their type and required keys, not their properties.
 */
export function compactSchema(schema: JsonSchema, depth: number): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" || key === "description" || key === "additionalProperties") continue;
    if (key === "properties") {
      if (depth > 0) continue;
      const properties: Record<string, JsonSchema> = {};
      for (const [name, field] of Object.entries(value as Record<string, JsonSchema>)) {
        properties[name] = compactSchema(field, depth + 1);
      }
      out.properties = properties;
    } else if (key === "items" && value !== null && typeof value === "object" && !Array.isArray(value)) {
      out.items = compactSchema(value as JsonSchema, depth);
    } else if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
      out[key] = value.map((v) => compactSchema(v as JsonSchema, depth));
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The argument fields of an input schema without `additionalProperties: false` in the objects among them. */
function openFields(fields: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const open = (schema: JsonSchema): JsonSchema => {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === "additionalProperties" && value === false) continue;
      if (key === "properties") out[key] = openFields(value as Record<string, JsonSchema>);
      else if (key === "items" && value !== null && typeof value === "object" && !Array.isArray(value)) {
        out[key] = open(value as JsonSchema);
      } else out[key] = value;
    }
    return out;
  };
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, open(field)]));
}

/** Replaces the `tools/list` handler of `server` by one answering `tools`' listings, built once. */
export function handleToolList(server: McpServer, tools: readonly ToolListing[]): void {
  let listed: ListedTool[] | undefined;
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    listed ??= tools.map(listedTool);
    return { tools: listed };
  });
}

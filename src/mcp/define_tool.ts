/**
 * `defineTool()`: a tool of the server declared once (name, description, input and output schemas, handler);
 * registering it wraps the handler so every result is structured content plus the same JSON as text, and every
 * failure is an `isError` result with one sentence.
 *
 * @module
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { errorMessage, type ToolContext } from "./spec_input.ts";

/** The declaration of a tool. */
export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  /** The tool's name (snake_case). */
  name: string;
  /** What the tool does and when an agent should use it. */
  description: string;
  /** The input fields. */
  input: I;
  /** The fields of the structured result. */
  output: O;
  /** True when the tool writes nothing and changes nothing (only files named by an output field are written). */
  readOnly: boolean;
  /** Computes the structured result; throws to fail the call. */
  run(args: z.infer<z.ZodObject<I>>, ctx: ToolContext): Promise<z.infer<z.ZodObject<O>>>;
}

/** A declared tool, ready to be registered on a server. */
export interface Tool {
  /** The tool's name. */
  readonly name: string;
  /** Registers the tool on `server`, its handler running with `ctx`. */
  register(server: McpServer, ctx: ToolContext): void;
}

/** Declares a tool. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  definition: ToolDefinition<I, O>,
): Tool {
  return {
    name: definition.name,
    register(server: McpServer, ctx: ToolContext): void {
      const handler = async (args: Record<string, unknown>): Promise<CallToolResult> => {
        try {
          const result = await definition.run(args as z.infer<z.ZodObject<I>>, ctx) as Record<
            string,
            unknown
          >;
          return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
        } catch (error) {
          return { isError: true, content: [{ type: "text", text: errorMessage(error, ctx.cwd) }] };
        }
      };
      // The SDK's generic signature cannot follow the shapes through this helper; the schemas are checked by it
      // at run time (input before the handler runs, output on the client).
      (server.registerTool as (name: string, config: unknown, cb: typeof handler) => unknown)(
        definition.name,
        {
          description: definition.description,
          inputSchema: definition.input,
          outputSchema: definition.output,
          annotations: { readOnlyHint: definition.readOnly },
        },
        handler,
      );
    },
  };
}

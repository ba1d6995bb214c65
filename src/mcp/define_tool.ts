/**
 * `defineTool()`: a tool of the server declared once (name, description, input and output schemas, handler);
 * registering it wraps the handler so every result is structured content plus the same JSON as text, and every
 * failure is an `isError` result with one sentence. The input object is strict: an unknown argument is refused
 * (see tool_call.ts, which answers malformed arguments with a JSON-RPC error before the tool runs).
 *
 * @module
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { errorMessage, inWorkspace, type ToolContext } from "./spec_input.ts";
import type { ToolListing } from "./tool_list.ts";

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

/**
 * How registered tools run their calls (arguments already checked against the input schema): in this thread,
 * or elsewhere (the worker pool of `serveStdio`). `signal` aborts when the client cancels the call.
 */
export type ToolDispatch = (
  tool: Tool,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<CallToolResult>;

/** A declared tool, ready to be registered on a server. */
export interface Tool {
  /** The tool's name. */
  readonly name: string;
  /** The arguments object, strict: an unknown field is refused (tool_call.ts checks a call against it). */
  readonly input: z.ZodObject<z.ZodRawShape, "strict">;
  /** What `tools/list` says of it (tool_list.ts writes it). */
  readonly listing: ToolListing;
  /** Runs the tool with `ctx`: its structured result plus the same JSON as text, or an `isError` sentence. */
  call(args: Record<string, unknown>, ctx: ToolContext): Promise<CallToolResult>;
  /** Registers the tool on `server`; its calls go through `dispatch`, by default {@link runInContext}. */
  register(server: McpServer, ctx: ToolContext, dispatch?: ToolDispatch): void;
}

/** The context of one call: `ctx` with its workspace made current when the session keeps the roots. */
export async function callContext(ctx: ToolContext): Promise<ToolContext> {
  if (ctx.workspaceRoots === undefined) return ctx;
  return { ...ctx, workspace: await ctx.workspaceRoots.currentWorkspace() };
}

/** The dispatch that runs each call in this thread with `ctx` (made current for the call). */
export function runInContext(ctx: ToolContext): ToolDispatch {
  return async (tool, args) => tool.call(args, await callContext(ctx));
}

/** Declares a tool. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  definition: ToolDefinition<I, O>,
): Tool {
  const input = z.object(definition.input).strict();
  const tool: Tool = {
    name: definition.name,
    input,
    listing: {
      name: definition.name,
      description: definition.description,
      input,
      output: z.object(definition.output),
      readOnly: definition.readOnly,
    },
    async call(args: Record<string, unknown>, given: ToolContext): Promise<CallToolResult> {
      const ctx = inWorkspace(given);
      try {
        const result = await definition.run(args as z.infer<z.ZodObject<I>>, ctx) as Record<string, unknown>;
        return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
      } catch (error) {
        return { isError: true, content: [{ type: "text", text: errorMessage(error, ctx.cwd) }] };
      }
    },
    register(server: McpServer, ctx: ToolContext, dispatch: ToolDispatch = runInContext(ctx)): void {
      const handler = (
        args: Record<string, unknown>,
        extra: { signal: AbortSignal },
      ): Promise<CallToolResult> => dispatch(tool, args, extra.signal);
      // The SDK's generic signature cannot follow the shapes through this helper; the schemas are checked by it
      // at run time (input before the handler runs, output on the client).
      (server.registerTool as (name: string, config: unknown, cb: typeof handler) => unknown)(
        definition.name,
        {
          description: definition.description,
          inputSchema: tool.input,
          outputSchema: definition.output,
          annotations: { readOnlyHint: definition.readOnly },
        },
        handler,
      );
    },
  };
  return tool;
}

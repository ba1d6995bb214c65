/**
 * The server's `tools/call` handler, in place of the SDK's: malformed calls (params that are not an object, an
 * unknown tool, arguments that are not an object or do not match the tool's strict input schema) get a
 * JSON-RPC error -32602 with one line naming the field, never a schema dump; a tool's own failure (a bad file,
 * a parse error) stays an `isError` result, as the protocol says.
 *
 * @module
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { type CallToolResult, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Tool, ToolDispatch } from "./define_tool.ts";

/** Longest client-supplied name or value quoted in a message. */
const QUOTE_MAX = 40;
/** Unknown argument names listed at most in one message. */
const NAMES_MAX = 5;

/** A client-supplied string for a message: JSON-quoted, at most {@link QUOTE_MAX} characters of it. */
function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text);
}

/** A place in the arguments as a readable path: `spec.file`, `specs[1].url`. */
function fieldPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out;
}

/** What kind of JSON value the client sent, for messages. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The value at `path` in `args`, or undefined. */
function valueAt(args: unknown, path: readonly (string | number)[]): unknown {
  let at = args;
  for (const part of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[part];
  }
  return at;
}

/**
 * One sentence for the first problem of a failed check of a tool's arguments against its input `schema` (and
 * how many more there were): the field, what it must be, and at most 40 characters of what was sent.
 */
export function argumentsMessage(
  tool: string,
  schema: z.ZodTypeAny,
  error: z.ZodError,
  args: unknown,
): string {
  const issue = error.issues[0];
  const field = fieldPath(issue.path);
  const where = field === "" ? "the arguments" : field;
  let sentence: string;
  switch (issue.code) {
    case "unrecognized_keys": {
      const one = issue.keys.length === 1;
      const names = issue.keys.slice(0, NAMES_MAX).map(quote).join(", ") +
        (issue.keys.length > NAMES_MAX ? ` and ${issue.keys.length - NAMES_MAX} more` : "");
      const known = Object.keys(shapeAt(schema, issue.path) ?? {}).join(", ");
      sentence = field === ""
        ? `unknown argument${one ? "" : "s"} ${names}; the arguments are ${known}`
        : `unknown field${one ? "" : "s"} ${names} in ${field}; its fields are ${known}`;
      break;
    }
    case "invalid_type": {
      const a = (type: string) => /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
      const expected = issue.expected.includes("|")
        ? `one of ${issue.expected.replaceAll("'", '"').replaceAll(" | ", ", ")}`
        : a(issue.expected);
      sentence = issue.received === "undefined"
        ? `${where} is required but missing; give ${expected}`
        : `${where} must be ${a(issue.expected)}, not ${kindOf(valueAt(args, issue.path))}`;
      break;
    }
    case "invalid_enum_value":
      sentence = `${where} must be one of ${issue.options.map((o) => JSON.stringify(o)).join(", ")}, not ${
        quote(String(valueAt(args, issue.path)))
      }`;
      break;
    case "too_small":
      sentence = issue.type === "array"
        ? `${where} needs at least ${issue.minimum} items`
        : `${where} must be at least ${issue.minimum}`;
      break;
    case "too_big":
      sentence = `${where} must be at most ${issue.maximum}`;
      break;
    default:
      sentence = `${where} is not valid (${issue.message.slice(0, 80)})`;
  }
  const more = error.issues.length - 1;
  return `Invalid arguments for tool ${tool}: ${sentence}${
    more > 0 ? ` (and ${more} more problem${more === 1 ? "" : "s"})` : ""
  }.`;
}

/** The fields of the object schema at `path` of `schema`, or undefined. */
function shapeAt(schema: z.ZodTypeAny, path: readonly (string | number)[]): z.ZodRawShape | undefined {
  let at: z.ZodTypeAny | undefined = schema;
  const unwrap = () => {
    while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap();
  };
  for (const part of path) {
    unwrap();
    if (at instanceof z.ZodObject) at = (at.shape as z.ZodRawShape)[String(part)];
    else if (at instanceof z.ZodArray) at = at.element;
    else return undefined;
  }
  unwrap();
  return at instanceof z.ZodObject ? at.shape as z.ZodRawShape : undefined;
}

/** The request as this handler takes it: any params (it checks them itself, to answer -32602). */
const CallRequest = z.object({ method: z.literal("tools/call"), params: z.unknown() }).passthrough();

/**
 * Replaces the `tools/call` handler of `server` (whose tools are registered for `tools/list`) by one that
 * checks the call itself and runs one of `tools` through `dispatch`.
 */
export function handleToolCalls(server: McpServer, tools: readonly Tool[], dispatch: ToolDispatch): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  // The error reply carries the code and the message as they are (McpError would prefix "MCP error -32602: ").
  const invalid = (message: string) => Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
  const handler = async (
    request: z.infer<typeof CallRequest>,
    extra: { signal: AbortSignal },
  ): Promise<CallToolResult> => {
    const params = request.params;
    if (params === null || typeof params !== "object" || Array.isArray(params)) {
      throw invalid(
        `The params of tools/call are ${kindOf(params)}; send an object with name and arguments.`,
      );
    }
    const { name, arguments: args } = params as Record<string, unknown>;
    if (typeof name !== "string") {
      throw invalid(
        `tools/call needs the tool's name as a string in params.name; tools/list names the tools.`,
      );
    }
    const tool = byName.get(name);
    if (tool === undefined) throw invalid(`There is no tool ${quote(name)}; tools/list names the tools.`);
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) {
      throw invalid(`The arguments of tool ${name} are ${kindOf(args)}; send an object.`);
    }
    const checked = tool.input.safeParse(args ?? {});
    if (!checked.success) throw invalid(argumentsMessage(name, tool.input, checked.error, args ?? {}));
    return await dispatch(tool, checked.data as Record<string, unknown>, extra.signal);
  };
  // Server.setRequestHandler would wrap the handler in the SDK's own check of the request (whose failure is a
  // schema dump); Protocol's installs it as it is, parsed only by CallRequest.
  Protocol.prototype.setRequestHandler.call(server.server, CallRequest as never, handler as never);
}

/**
 * `createServer()`: the MCP tool server with its tools, and `serveStdio()` to run it over standard input and
 * output.
 *
 * @module
 */
import process from "node:process";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { VERSION } from "../core/build_info.ts";
import { createDefaultReader, type DocumentReader } from "../core/mod.ts";
import { DEFAULT_CACHE_SIZE, SpecCache } from "./spec_cache.ts";
import type { ToolContext } from "./spec_input.ts";
import { TOOLS } from "./tools/mod.ts";
import { createUrlGuard, type HostResolver } from "./url_guard.ts";

/** Largest inline `content` accepted by default: 10 MiB. */
export const DEFAULT_MAX_CONTENT_SIZE: number = 10 * 1024 * 1024;
/** Walk tools: results per page by default. */
export const DEFAULT_WALK_LIMIT = 100;
/** Walk tools: results per page by default with `detail`. */
export const DEFAULT_WALK_DETAIL_LIMIT = 25;

/** Options of {@link createServer}. */
export interface McpServerOptions {
  /** Parsed documents kept in the session cache (least recently used evicted; 0 turns it off). @default 10 */
  cacheSize?: number;
  /** Walk tools: results per page when the call gives no `limit`. @default 100 */
  walkLimit?: number;
  /** Walk tools: results per page with `detail` when the call gives no `limit`. @default 25 */
  walkDetailLimit?: number;
  /** Largest inline `content` accepted, in bytes; larger documents must be given as `file`. @default 10 MiB */
  maxContentSize?: number;
  /** Largest file or URL document read, in bytes. @default 256 MiB */
  maxInputSize?: number;
  /** Fetch URLs on loopback, private, link-local and unique-local addresses too. @default false */
  allowPrivateUrls?: boolean;
  /** Milliseconds before a URL fetch is abandoned. @default 30000 */
  timeoutMs?: number;
  /** Where documents are read from, in place of the real file system and network (tests). */
  reader?: DocumentReader;
  /** How the URL guard resolves host names. @default DNS through `Deno.resolveDns` */
  resolveHost?: HostResolver;
  /** The session cache to use (to share one or to look into it); `cacheSize` is then ignored. */
  cache?: SpecCache;
}

/** The names of the tools the server lists, in order. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);

/**
 * Creates the oatool MCP server with its tools registered; connect it to a transport (`serveStdio` does so on
 * standard input and output). Each server has its own session cache.
 *
 * @example
 * ```ts
 * import { createServer } from "./server.ts";
 * const server = createServer({ cacheSize: 5 });
 * server.isConnected(); // false
 * ```
 */
export function createServer(options: McpServerOptions = {}): McpServer {
  const reader = options.reader ?? createDefaultReader({
    maxInputSize: options.maxInputSize,
    timeoutMs: options.timeoutMs,
    checkUrl: options.allowPrivateUrls ? undefined : createUrlGuard(options.resolveHost),
  });
  const ctx: ToolContext = {
    reader,
    cache: options.cache ?? new SpecCache(options.cacheSize ?? DEFAULT_CACHE_SIZE),
    cwd: reader.cwd(),
    maxContentSize: options.maxContentSize ?? DEFAULT_MAX_CONTENT_SIZE,
    walkLimit: options.walkLimit ?? DEFAULT_WALK_LIMIT,
    walkDetailLimit: options.walkDetailLimit ?? DEFAULT_WALK_DETAIL_LIMIT,
  };
  const server = new McpServer(
    { name: "oatool", version: VERSION },
    {
      instructions:
        "OpenAPI tools. Give documents as spec.file where possible (parsed once and cached for the session), spec.url, or spec.content for small ones. Start with parse for an overview; walk tools page their results (limit, offset).",
    },
  );
  for (const tool of TOOLS) tool.register(server, ctx);
  return server;
}

/**
 * Serves a server created with `options` over standard input and output until the input ends; requests read
 * before the end are still answered. Nothing but the protocol is written to standard output.
 */
export async function serveStdio(
  options: McpServerOptions & {
    /** Where diagnostics go (a line each, such as input that is not JSON-RPC). @default dropped */
    log?: (line: string) => void;
  } = {},
): Promise<void> {
  const server = createServer(options);
  const log = options.log;
  if (log !== undefined) {
    server.server.onerror = (error: Error) => log(`oatool mcp: ${error.message.split("\n")[0]}`);
  }
  const transport = new StdioServerTransport();
  let inputEnded = false;
  const open = new Set<string | number>();
  let finish = () => {};
  const finished = new Promise<void>((done) => finish = done);
  const settle = () => {
    if (inputEnded && open.size === 0) finish();
  };
  transport.onclose = () => finish();
  await server.connect(transport);
  // Count the requests read and the answers sent, so the end of the input waits for the answers.
  type Message = { id?: string | number; method?: string };
  const receive = transport.onmessage! as (message: Message, extra?: unknown) => void;
  transport.onmessage = (message: Message, extra?: unknown) => {
    if (message.method !== undefined && message.id !== undefined) open.add(message.id);
    receive(message, extra);
  };
  const send = transport.send.bind(transport) as (message: Message, options?: unknown) => Promise<void>;
  transport.send = async (message: Message, sendOptions?: unknown) => {
    await send(message, sendOptions);
    if (message.method === undefined && message.id !== undefined) {
      open.delete(message.id);
      settle();
    }
  };
  const ended = () => {
    inputEnded = true;
    settle();
  };
  process.stdin.once("end", ended);
  process.stdin.once("close", ended);
  await finished;
  await server.close();
}

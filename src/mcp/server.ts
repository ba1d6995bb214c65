/**
 * `createServer()`: the MCP tool server with its tools, and `serveStdio()` to run it over standard input and
 * output.
 *
 * @module
 */
import { resolve } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../core/build_info.ts";
import { formatSize } from "../core/confine.ts";
import { createDefaultReader, type DocumentReader, UsageError } from "../core/mod.ts";
import { DEFAULT_CACHE_MAX_BYTES, DEFAULT_CACHE_SIZE, SpecCache } from "./spec_cache.ts";
import { DEFAULT_MAX_MESSAGE_SIZE, StdioTransport } from "./stdio_transport.ts";
import { DEFAULT_MAX_CONCURRENT, limitCalls, WorkerPool } from "./worker_pool.ts";
import type { ToolContext } from "./spec_input.ts";
import { TOOLS } from "./tools/mod.ts";
import { createUrlGuard, type HostResolver } from "./url_guard.ts";
import { runInContext, type ToolDispatch } from "./define_tool.ts";
import { handleToolCalls } from "./tool_call.ts";
import { handleToolList } from "./tool_list.ts";
import { Workspace, WorkspaceRoots } from "./workspace.ts";

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
  /**
   * Estimated memory of the parsed documents kept in the session cache, in bytes (a document's estimate is its
   * source size times 5 for JSON, 7 for YAML; a document over the budget is used but not kept). @default 256 MiB
   */
  cacheMaxBytes?: number;
  /** Tool calls running at once; the others wait in arrival order. @default the number of processor cores */
  maxConcurrent?: number;
  /**
   * Run tool calls in Web Workers (up to `maxConcurrent`, each with its own part of the session cache), so that
   * a slow call never holds up the server's thread: ping, listing and the other calls are answered meanwhile.
   * Not with `reader`, `cache` or `resolveHost`, which cannot be passed to a worker. @default false
   * (`serveStdio`: true unless one of those is given)
   */
  workers?: boolean;
  /**
   * With `workers`: inline content of the calls waiting for a worker, at most; a call past it is refused at
   * once. @default 256 MiB (`serveStdio`: 4 × `maxMessageSize`)
   */
  maxQueuedBytes?: number;
  /** Where diagnostics go, a line each (with `workers`: that they cannot start). @default dropped */
  log?: (line: string) => void;
  /** With `workers`: also log one line per document load, with the cache's size. @default false */
  verbose?: boolean;
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
  /**
   * Folders added to the workspace (`--allow-dir`, relative to the working directory). Every `file` input and
   * every `output`/`output_dir` must lie inside the workspace: the client's roots (`roots/list`) when it
   * declares any, else the working directory, plus these. @default []
   */
  allowDirs?: readonly string[];
}

/**
 * The rules every tool shares, said once in the initialize result rather than in each tool's listing (which
 * an assistant pays for on every turn).
 */
export const SERVER_INSTRUCTIONS: string = [
  "OpenAPI 2.0-3.2 and Overlay tools. Start with parse for an overview, then the walk_ tools to find parts.",
  "Documents (spec, base, revision, overlay, specs[]): an object with exactly one of file (a path in the " +
  "workspace, relative to its first root; parsed once and cached for the session), url (http or https; " +
  "private addresses are refused unless the server allows them) or content (the text, JSON or YAML; small " +
  "documents only).",
  "Workspace: the client's roots, else the server's working directory, plus its --allow-dir folders. Every " +
  "file read and every output or output_dir lies inside it. output writes YAML or JSON by its extension, " +
  "never over a file read; a symbolic link there is replaced (output_dir may not be one; links in it are " +
  "replaced). Without output, the document is returned in " +
  "document. keep_refs (output in another folder): keep the referenced files and rewrite relative $refs " +
  "instead of bundling.",
  "Findings (errors, warnings, issues): severity, rule, path, pointer, message, location {file, line, " +
  "column}, spec_link, hint. Lists are bounded; a *_omitted count says how many were left out, and the " +
  "counts always cover all.",
  "Paging: validate and diff take limit (default 100, at most 1000) and offset; a reply says returned and " +
  "next_offset (absent on the last page).",
  "walk_ tools: each item has its fields plus location (a readable path), pointer and, with detail, node " +
  "(the full object). total counts before filters, matched after. limit defaults to 100 (25 with detail; " +
  "0 gives counts only), offset skips. group_by counts per key instead (groups, most first). resolve_refs " +
  "inlines $refs first. Globs: in path and target, * is one segment or part of one and ** any number; in " +
  "name and operation_id, * is any text. method is any case, tag exact. extension: x-foo, " +
  "!x-foo, x-foo=v, x-foo!=v; a,b is OR, a+b AND.",
].join("\n");

/** The names of the tools the server lists, in order. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);

/**
 * Creates the oatool MCP server with its tools registered; connect it to a transport (`serveStdio` does so on
 * standard input and output). Each server has its own session cache.
 *
 * @example
 * ```ts
 * import { createServer } from "@oatool/cli/mcp";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const server = createServer({ cacheSize: 5 });
 * assertEquals(server.isConnected(), false);
 * ```
 */
export function createServer(options: McpServerOptions = {}): McpServer {
  const reader = options.reader ?? createDefaultReader({
    maxInputSize: options.maxInputSize,
    timeoutMs: options.timeoutMs,
    checkUrl: options.allowPrivateUrls ? undefined : createUrlGuard(options.resolveHost),
  });
  const cwd = reader.cwd();
  const workspaceRoots = new WorkspaceRoots({ cwd, allowDirs: options.allowDirs });
  const ctx: ToolContext = {
    reader,
    cache: options.cache ??
      new SpecCache(options.cacheSize ?? DEFAULT_CACHE_SIZE, { maxBytes: options.cacheMaxBytes }),
    cwd,
    workspace: new Workspace([cwd, ...(options.allowDirs ?? []).map((dir) => resolve(cwd, dir))]),
    workspaceRoots,
    maxContentSize: options.maxContentSize ?? DEFAULT_MAX_CONTENT_SIZE,
    walkLimit: options.walkLimit ?? DEFAULT_WALK_LIMIT,
    walkDetailLimit: options.walkDetailLimit ?? DEFAULT_WALK_DETAIL_LIMIT,
  };
  const server = new McpServer({ name: "oatool", version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  workspaceRoots.attach(server.server);
  const dispatch = toolDispatch(server, ctx, options);
  for (const tool of TOOLS) tool.register(server, ctx, dispatch);
  handleToolCalls(server, TOOLS, dispatch);
  handleToolList(server, TOOLS.map((t) => t.listing));
  return server;
}

/**
 * How the server's tool calls run: in a {@link WorkerPool} with `workers`, else in this thread; either way at
 * most `maxConcurrent` at once. The pool stops when the server closes.
 */
function toolDispatch(server: McpServer, ctx: ToolContext, options: McpServerOptions): ToolDispatch {
  const max = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT;
  if (!Number.isInteger(max) || max < 1) {
    throw new UsageError(`maxConcurrent ${max} is not a positive whole number; give a count such as 4.`);
  }
  if (options.workers !== true) return limitCalls(runInContext(ctx), max);
  if (options.reader !== undefined || options.cache !== undefined || options.resolveHost !== undefined) {
    throw new UsageError(
      "workers cannot be combined with reader, cache or resolveHost (they cannot be passed to a worker); leave one out.",
    );
  }
  const pool = new WorkerPool({
    size: max,
    settings: {
      cwd: ctx.cwd,
      maxContentSize: ctx.maxContentSize,
      maxInputSize: options.maxInputSize,
      timeoutMs: options.timeoutMs,
      allowPrivateUrls: options.allowPrivateUrls,
      walkLimit: ctx.walkLimit,
      walkDetailLimit: ctx.walkDetailLimit,
      cacheSize: options.cacheSize ?? DEFAULT_CACHE_SIZE,
      cacheMaxBytes: options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
    },
    log: options.log,
    verbose: options.verbose,
    maxQueuedBytes: options.maxQueuedBytes,
    fallback: limitCalls(runInContext(ctx), max),
  });
  const closed = server.server.onclose;
  server.server.onclose = () => {
    pool.close();
    closed?.();
  };
  const roots = ctx.workspaceRoots;
  return pool.dispatch(() =>
    roots === undefined ? Promise.resolve([...ctx.workspace.roots]) : roots.currentRoots()
  );
}

/**
 * Checks that inline content fits in a message: `maxContentSize` must be below `maxMessageSize`. Returns the
 * message size limit.
 *
 * @throws {UsageError} when it is not (no inline content could ever arrive whole)
 */
export function checkMessageLimits(options: { maxContentSize?: number; maxMessageSize?: number }): number {
  const maxMessageSize = options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE;
  const maxContentSize = options.maxContentSize ?? DEFAULT_MAX_CONTENT_SIZE;
  if (maxContentSize >= maxMessageSize) {
    throw new UsageError(
      `The content limit (${formatSize(maxContentSize)}) must be below the message limit (${
        formatSize(maxMessageSize)
      }), since content arrives inside a message; lower --max-content-size or raise --max-message-size.`,
    );
  }
  return maxMessageSize;
}

/** Options of {@link serveStdio}: the server's, plus the transport's. */
export interface ServeStdioOptions extends McpServerOptions {
  /**
   * Largest JSON-RPC message read, in bytes; a longer one gets an error reply and is skipped. Must be larger
   * than `maxContentSize`. @default 64 MiB
   */
  maxMessageSize?: number;
}

/**
 * Serves a server created with `options` over standard input and output until the input ends; requests read
 * before the end are still answered. Nothing but the protocol is written to standard output. Tool calls run in
 * Web Workers (`workers`, true here unless `reader`, `cache` or `resolveHost` is given).
 *
 * @throws {UsageError} when `maxContentSize` is not below `maxMessageSize` (see {@link checkMessageLimits})
 */
export async function serveStdio(options: ServeStdioOptions = {}): Promise<void> {
  const maxMessageSize = checkMessageLimits(options);
  const log = options.log;
  const inProcess = options.reader !== undefined || options.cache !== undefined ||
    options.resolveHost !== undefined;
  const server = createServer({
    ...options,
    workers: options.workers ?? !inProcess,
    maxQueuedBytes: options.maxQueuedBytes ?? 4 * maxMessageSize,
  });
  if (log !== undefined) {
    server.server.onerror = (error: Error) => log(`oatool mcp: ${error.message.split("\n")[0]}`);
  }
  const transport = new StdioTransport({ maxMessageSize });
  const closed = new Promise<void>((done) => transport.onclose = done);
  await server.connect(transport);
  // The end of the input waits for the answers of the requests read before it (not for cancelled ones).
  await Promise.race([transport.drained(), closed]);
  await server.close();
}

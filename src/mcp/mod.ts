/**
 * The MCP tool server (`oatool mcp`): {@link createServer} with the tools, their shared specification input,
 * the session cache and the URL guard.
 *
 * @module
 */
export {
  checkMessageLimits,
  createServer,
  DEFAULT_MAX_CONTENT_SIZE,
  DEFAULT_WALK_DETAIL_LIMIT,
  DEFAULT_WALK_LIMIT,
  serveStdio,
  TOOL_NAMES,
} from "./server.ts";
export type { McpServerOptions, ServeStdioOptions } from "./server.ts";
export { DEFAULT_CACHE_MAX_BYTES, DEFAULT_CACHE_SIZE, SpecCache } from "./spec_cache.ts";
export type { CacheListener, SpecCacheOptions } from "./spec_cache.ts";
export { DEFAULT_MAX_MESSAGE_SIZE } from "./stdio_transport.ts";
export { DEFAULT_MAX_CONCURRENT } from "./worker_pool.ts";
export { createUrlGuard, dnsResolver, nonPublicAddress } from "./url_guard.ts";
export type { HostResolver } from "./url_guard.ts";

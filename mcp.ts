/**
 * The oatool MCP tool server. Import {@link createServer} to embed it, or run this module to serve over standard
 * input and output (what `oatool mcp` does):
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-net jsr:@oatool/cli/mcp
 * ```
 *
 * @module
 */
export { createServer, serveStdio, SpecCache } from "./src/mcp/mod.ts";
export type { HostResolver, McpServerOptions, ServeStdioOptions } from "./src/mcp/mod.ts";

if (import.meta.main) {
  const { serveStdio } = await import("./src/mcp/mod.ts");
  await serveStdio();
}

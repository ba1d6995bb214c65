/**
 * Runs `oatool mcp` as a child process with exactly the binary's permission flags and connects the SDK's own
 * stdio client to it. Every request has a time bound and the child is killed when the session closes.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { PERMISSIONS, ROOT } from "./_spawn.ts";
import { type CallOutcome, callTool } from "../src/mcp/_test_client.ts";

/** A session with a spawned server. */
export interface StdioSession {
  client: Client;
  /** Standard error of the server so far. */
  stderr(): string;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  close(): Promise<void>;
}

/** Bound of every request, in milliseconds (only stops a runaway child; nothing is timed). */
const REQUEST_BOUND_MS = 120_000;

/** Starts `oatool mcp [flags]` in `cwd` and connects a client. */
export async function startMcp(options: { cwd?: string; flags?: string[] } = {}): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}cli.ts`, "mcp", ...(options.flags ?? [])],
    cwd: options.cwd ?? ROOT,
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => err += new TextDecoder().decode(chunk));
  const client = new Client({ name: "oatool-stdio-test", version: "1" });
  await client.connect(transport, { timeout: REQUEST_BOUND_MS });
  return {
    client,
    stderr: () => err,
    call: (name, args) => callTool(client, name, args, REQUEST_BOUND_MS),
    async close() {
      await client.close();
    },
  };
}

/**
 * Runs `oatool mcp` as a child process with exactly the binary's permission flags and connects the SDK's own
 * stdio client to it. Every request has a time bound and the child is killed when the session closes.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";
import { PERMISSIONS, ROOT } from "./_spawn.ts";
import { type CallOutcome, callTool } from "../src/mcp/_test_client.ts";

/** A session with a spawned server. */
export interface StdioSession {
  client: Client;
  /** Standard error of the server so far. */
  stderr(): string;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  /** Changes the client's roots and sends `notifications/roots/list_changed` (with `roots` given at start). */
  setRoots(roots: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Bound of every request, in milliseconds (only stops a runaway child; nothing is timed). */
const REQUEST_BOUND_MS = 120_000;

/** Options of {@link startMcp}. */
export interface StartOptions {
  /** The server's working directory. @default ROOT */
  cwd?: string;
  /** Flags after `oatool mcp`. */
  flags?: string[];
  /** Folders the client declares as its roots (`roots/list`); without it, the client declares none. */
  roots?: string[];
}

/**
 * Starts `oatool mcp [flags]` in `cwd` and connects a client. With `roots`, the client declares the roots
 * capability and answers `roots/list` with them; `setRoots` changes them and notifies the server.
 */
export async function startMcp(options: StartOptions = {}): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}cli.ts`, "mcp", ...(options.flags ?? [])],
    cwd: options.cwd ?? ROOT,
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => err += new TextDecoder().decode(chunk));
  let roots = options.roots;
  const client = new Client(
    { name: "oatool-stdio-test", version: "1" },
    roots === undefined ? {} : { capabilities: { roots: { listChanged: true } } },
  );
  if (roots !== undefined) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: (roots ?? []).map((dir) => ({ uri: pathToFileURL(dir).href })),
    }));
  }
  await client.connect(transport, { timeout: REQUEST_BOUND_MS });
  return {
    client,
    stderr: () => err,
    call: (name, args) => callTool(client, name, args, REQUEST_BOUND_MS),
    async setRoots(next) {
      roots = next;
      await client.sendRootsListChanged();
    },
    async close() {
      await client.close();
    },
  };
}

/** A JSON-RPC request as one line, for tests that write raw lines to the server. */
export function rawRequest(id: number, method: string, params?: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
}

/** The lines that open a raw session: `initialize` (id 1) and `notifications/initialized`. */
export const RAW_OPENING: readonly string[] = [
  rawRequest(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "hostile", version: "1" },
  }),
  JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
];

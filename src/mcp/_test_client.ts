/**
 * Test helpers: a server connected in process to the SDK's own client, and a reader that counts file reads.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { createDefaultReader, type DocumentReader } from "../core/mod.ts";
import { createServer, type McpServerOptions } from "./server.ts";

/** What a tool call answered. */
export interface CallOutcome {
  isError: boolean;
  text: string;
  structured?: Record<string, unknown>;
  /** The JSON-RPC error the call was answered with (malformed arguments, unknown tool), if any. */
  error?: { code: number; message: string };
}

/** A client connected to a fresh server. */
export interface Connected {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  close(): Promise<void>;
}

/** Calls a tool through `client` (with a bound on the wait, in ms) and gives what it answered. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  timeoutMs = 120_000,
): Promise<CallOutcome> {
  let result;
  try {
    result = await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs });
  } catch (error) {
    if (!(error instanceof McpError)) throw error;
    // The SDK's message starts with "MCP error <code>: "; the server's own is the rest.
    const e = error as { code: number; message: string };
    const message = e.message.replace(/^MCP error -?\d+: /, "");
    return { isError: false, text: "", error: { code: e.code, message } };
  }
  const content = result.content as { type: string; text: string }[];
  return {
    isError: result.isError === true,
    text: content.map((c) => c.text).join(""),
    structured: result.structuredContent as Record<string, unknown> | undefined,
  };
}

/** Connects the SDK's client to a new server through the in-memory transport. */
export async function connect(options: McpServerOptions = {}): Promise<Connected> {
  const server = createServer(options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "oatool-test", version: "1" });
  await client.connect(clientSide);
  return {
    client,
    call: (name, args) => callTool(client, name, args),
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** The default reader with `cwd` in place of the process's, counting the files it reads. */
export function countingReader(cwd: string): DocumentReader & { reads: string[] } {
  const inner = createDefaultReader();
  const reads: string[] = [];
  return {
    reads,
    readFile(path, options) {
      reads.push(path);
      return inner.readFile(path, options);
    },
    realPath: (path) => inner.realPath(path),
    fetchText: (url, options) => inner.fetchText(url, options),
    readStdin: (options) => inner.readStdin(options),
    cwd: () => cwd,
  };
}

/** A tool as `tools/list` describes it (typed here: the SDK's types reach `deno check` as any). */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: { type: string; properties?: Record<string, unknown>; required?: string[] };
  outputSchema?: { type: string; properties?: Record<string, unknown>; required?: string[] };
}

/** Lists the server's tools. */
export async function listTools(client: Client): Promise<ListedTool[]> {
  return (await client.listTools()).tools as ListedTool[];
}

/** Fails unless `text` contains `part`. */
export function assertIncludes(text: string, part: string): void {
  if (!text.includes(part)) {
    throw new Error(`expected ${JSON.stringify(text)} to include ${JSON.stringify(part)}`);
  }
}

/** Fails unless `text` matches `pattern`. */
export function assertMatches(text: string, pattern: RegExp): void {
  if (!pattern.test(text)) throw new Error(`expected ${JSON.stringify(text)} to match ${pattern}`);
}

/** A small 3.0 document (the first version of a changing API). */
export const V1 = `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      parameters: [{name: limit, in: query, schema: {type: integer}}]
      responses: {"200": {description: ok}}
  /pets/{id}:
    get:
      operationId: getPet
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok}}
`;
/** A second version of {@link V1}: a parameter made required, a path removed, one added. */
export const V2 = `openapi: 3.0.3
info: {title: Pets, version: "2"}
paths:
  /pets:
    get:
      operationId: listPets
      parameters: [{name: limit, in: query, required: true, schema: {type: integer}}]
      responses: {"200": {description: ok}}
  /owners:
    get:
      operationId: listOwners
      responses: {"200": {description: ok}}
`;

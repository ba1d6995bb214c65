/**
 * A tool worker of the server's {@link WorkerPool}: runs one tool call at a time off the server's event loop,
 * with its own session cache, and tells the pool about the cache's loads, hits and removals (the pool keeps one
 * budget across workers and tells a worker what to evict).
 *
 * Messages in: `{type: "init", settings}`, `{type: "call", id, tool, args, roots}`, `{type: "evict", keys}`.
 * Messages out: `{type: "ready"}` once loaded, `{type: "result", id, result}`, `{type: "loaded", key, bytes, stored}`, `{type: "hit", key}`,
 * `{type: "removed", key}`.
 *
 * @module
 */
import { SpecCache } from "./spec_cache.ts";
import { toolContext, type ToolSettings } from "./tool_context.ts";
import { TOOLS } from "./tools/mod.ts";

/** A message to a worker. */
export type ToWorker =
  | { type: "init"; settings: ToolSettings }
  | { type: "call"; id: number; tool: string; args: Record<string, unknown>; roots: string[] }
  | { type: "evict"; keys: string[] };

/** A message from a worker. */
export type FromWorker =
  | { type: "ready" }
  | { type: "result"; id: number; result: unknown }
  | { type: "loaded"; key: string; bytes: number; stored: boolean }
  | { type: "hit"; key: string }
  | { type: "removed"; key: string };

interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const byName = new Map(TOOLS.map((t) => [t.name, t]));
let settings: ToolSettings | undefined;
let cache: SpecCache | undefined;

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === "init") {
    settings = message.settings;
    cache = new SpecCache(settings.cacheSize, {
      maxBytes: settings.cacheMaxBytes,
      listener: {
        loaded: (key, bytes, stored) => scope.postMessage({ type: "loaded", key, bytes, stored }),
        hit: (key) => scope.postMessage({ type: "hit", key }),
        removed: (key) => scope.postMessage({ type: "removed", key }),
      },
    });
  } else if (message.type === "evict") {
    for (const key of message.keys) cache?.delete(key);
  } else {
    const tool = byName.get(message.tool);
    const result = tool === undefined || settings === undefined || cache === undefined
      ? { isError: true, content: [{ type: "text", text: `internal error: no tool ${message.tool} here.` }] }
      : await tool.call(message.args, toolContext(settings, cache, message.roots));
    scope.postMessage({ type: "result", id: message.id, result });
  }
};

scope.postMessage({ type: "ready" });

/**
 * Test helper: a stand-in for the tool worker, speaking its messages. A call of `crash` throws outside any
 * handler (the worker dies), `hang` never answers, `load` reports a cache entry (`args.key`, `args.bytes`);
 * every answer names this worker and the keys the pool told it to evict so far.
 *
 * @module
 */
import type { FromWorker, ToWorker } from "./_tool_worker.ts";

const scope = globalThis as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const me = crypto.randomUUID();
const evicted: string[] = [];

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const m = event.data;
  if (m.type === "evict") evicted.push(...m.keys);
  if (m.type !== "call") return;
  if (m.tool === "crash") {
    setTimeout(() => {
      throw new Error("boom");
    });
    return;
  }
  if (m.tool === "hang") return;
  if (m.tool === "load") {
    const { key, bytes } = m.args as { key: string; bytes: number };
    scope.postMessage({ type: "loaded", key, bytes, stored: true });
  }
  const text = JSON.stringify({ worker: me, tool: m.tool, evicted });
  scope.postMessage({ type: "result", id: m.id, result: { content: [{ type: "text", text }] } });
};
scope.postMessage({ type: "ready" });

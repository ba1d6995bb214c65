/**
 * Where the server's tool calls run. {@link WorkerPool}: Web Workers, one call at a time each, so that a slow
 * call never stops the server's thread (ping, listing, the other calls); {@link limitCalls}: the server's own
 * thread, a bounded number of calls at once. Both bound the calls running at once to `--max-concurrent`.
 *
 * @module
 */
import { resolve } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Tool, ToolDispatch } from "./define_tool.ts";
import type { FromWorker, ToWorker } from "./_tool_worker.ts";
import type { ToolSettings } from "./tool_context.ts";

/** Calls running at once by default: the number of processor cores. */
export const DEFAULT_MAX_CONCURRENT: number = Math.max(1, navigator.hardwareConcurrency ?? 1);

/** Tools whose documents do not go through the session cache (behaviour rule 5): any worker may run them. */
const UNCACHED_TOOLS: ReadonlySet<string> = new Set(["fix", "convert", "overlay_validate"]);

/** Cache-key owners remembered for routing, at most. */
const MAX_OWNERS = 1000;
/** Calls waiting for a worker, at most; more are refused at once. */
const MAX_QUEUED_CALLS = 1000;
/** Inline content of the calls waiting for a worker by default, at most: 256 MiB. */
export const DEFAULT_MAX_QUEUED_BYTES: number = 256 * 1024 * 1024;

/** The length of the inline documents (`content`) a call carries, in UTF-16 units (about bytes). */
function inlineBytes(args: Record<string, unknown>): number {
  let total = 0;
  for (const value of Object.values(args)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const content = (item as { content?: unknown } | null)?.content;
      if (typeof content === "string") total += content.length;
    }
  }
  return total;
}

/** A failed call as the client sees it. */
function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/** The result of a call when no worker can start. */
const NO_WORKER: CallToolResult = failure(
  "The server's tool workers cannot start, so the call was not run; start oatool mcp from a complete installation.",
);

/** Bounds the calls of `dispatch` running at once to `max`; the others wait in arrival order. */
export function limitCalls(dispatch: ToolDispatch, max: number): ToolDispatch {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (tool, args, signal) => {
    if (running >= max) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await dispatch(tool, args, signal);
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * The routing key of a call: the first document it names, when the tool caches documents: `file:<absolute
 * path>` or `content:<length>:<sample hash>` (a cheap hash: a collision only sends a call to a worker that does
 * not hold its document).
 */
export function affinityOf(tool: string, args: Record<string, unknown>, cwd: string): string | undefined {
  if (UNCACHED_TOOLS.has(tool)) return undefined;
  const first = (args.spec ?? args.base ?? (Array.isArray(args.specs) ? args.specs[0] : undefined)) as
    | { file?: unknown; content?: unknown }
    | undefined;
  if (typeof first?.file === "string") return `file:${resolve(cwd, first.file)}`;
  if (typeof first?.content === "string") {
    const c = first.content;
    let h = 0x811c9dc5;
    const sample = c.length <= 8192 ? c : c.slice(0, 4096) + c.slice(-4096);
    for (let i = 0; i < sample.length; i++) h = Math.imul(h ^ sample.charCodeAt(i), 0x01000193);
    return `content:${c.length}:${(h >>> 0).toString(16)}`;
  }
  return undefined;
}

interface Job {
  id: number;
  tool: string;
  args: Record<string, unknown>;
  roots: string[];
  affinity?: string;
  /** Its inline content's length (see {@link inlineBytes}). */
  bytes: number;
  done(result: CallToolResult): void;
}

interface Slot {
  index: number;
  worker: Worker;
  /** Whether the worker has loaded (a worker that fails before cannot start at all). */
  ready: boolean;
  job?: Job;
}

interface CacheEntry {
  slot: Slot;
  key: string;
  bytes: number;
}

/** Options of {@link WorkerPool}. */
export interface WorkerPoolOptions {
  /** Workers at most, hence calls at once. */
  size: number;
  /** The tools' settings, sent to each worker. */
  settings: ToolSettings;
  /**
   * Inline content of the calls waiting for a worker, at most (one call is always let in); a call past it is
   * refused at once, so a flood of large messages cannot pile up in memory. At most 1,000 calls wait.
   * @default DEFAULT_MAX_QUEUED_BYTES
   */
  maxQueuedBytes?: number;
  /** Where diagnostics go: that workers cannot start, and with `verbose` each document load. */
  log?: (line: string) => void;
  /** Log one line per document load, with the cache's size (`--verbose`). @default false */
  verbose?: boolean;
  /**
   * Where calls run when no worker can start (a compiled binary built without the worker module, say): from
   * then on every call goes there. Without it such calls fail.
   */
  fallback?: ToolDispatch;
  /** The worker module, in place of the tool worker (tests). */
  workerUrl?: string;
}

/**
 * Runs tool calls in up to `size` Web Workers, started when needed and kept, one call each at a time; the rest
 * queue. Each worker has its own session cache; the pool keeps one budget (entries and estimated bytes) over
 * all of them and tells a worker which of its entries to evict. A call that names a document (with a tool
 * that caches) goes to the worker that last ran a call on it, waiting while that worker is busy: concurrent
 * calls on one document share one load and one copy in memory, and only calls on that document wait behind a
 * slow one. A cancelled call or one whose worker dies ends at once (the worker is stopped and replaced).
 */
export class WorkerPool {
  readonly #size: number;
  readonly #settings: ToolSettings;
  readonly #log?: (line: string) => void;
  readonly #verbose: boolean;
  readonly #fallback?: ToolDispatch;
  readonly #workerUrl?: string;
  #noWorkers = false;
  readonly #slots: (Slot | undefined)[];
  #queue: Job[] = [];
  #queuedBytes = 0;
  readonly #maxQueuedBytes: number;
  readonly #owners = new Map<string, Slot>();
  readonly #entries = new Map<string, CacheEntry>();
  #bytes = 0;
  #nextId = 1;
  #closed = false;

  /** Makes a pool; no worker starts before the first call. */
  constructor(options: WorkerPoolOptions) {
    this.#size = Math.max(1, options.size);
    this.#settings = options.settings;
    this.#log = options.log;
    this.#verbose = options.verbose ?? false;
    this.#fallback = options.fallback;
    this.#workerUrl = options.workerUrl;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.#slots = new Array(this.#size).fill(undefined);
  }

  /** A dispatch that runs every call in the pool, with the current roots from `roots()`. */
  dispatch(roots: () => Promise<string[]>): ToolDispatch {
    return async (tool: Tool, args: Record<string, unknown>, signal: AbortSignal) => {
      if (this.#noWorkers && this.#fallback !== undefined) return await this.#fallback(tool, args, signal);
      const result = await this.run(tool.name, args, await roots(), signal);
      // A call that found no worker able to start runs where the fallback runs it.
      if (result === NO_WORKER && this.#fallback !== undefined) {
        return await this.#fallback(tool, args, signal);
      }
      return result;
    };
  }

  /** Runs one call of `tool` for the workspace `roots`; the result, or an error result when it could not run. */
  run(
    tool: string,
    args: Record<string, unknown>,
    roots: string[],
    signal?: AbortSignal,
  ): Promise<CallToolResult> {
    if (this.#closed) return Promise.resolve(failure("The server is shutting down; the call was not run."));
    if (this.#noWorkers) return Promise.resolve(NO_WORKER);
    const bytes = inlineBytes(args);
    const waiting = this.#queue.length;
    if (waiting >= MAX_QUEUED_CALLS || (waiting > 0 && this.#queuedBytes + bytes > this.#maxQueuedBytes)) {
      return Promise.resolve(failure(
        `The server has ${waiting} calls waiting with ${
          mib(this.#queuedBytes)
        } of inline content; wait for their answers before sending more, or pass large documents as spec.file.`,
      ));
    }
    return new Promise((resolveCall) => {
      let settled = false;
      const done = (result: CallToolResult) => {
        if (settled) return;
        settled = true;
        resolveCall(result);
      };
      const job: Job = {
        id: this.#nextId++,
        tool,
        args,
        roots,
        affinity: affinityOf(tool, args, roots[0] ?? this.#settings.cwd),
        bytes,
        done,
      };
      signal?.addEventListener("abort", () => this.#cancel(job), { once: true });
      this.#queue.push(job);
      this.#queuedBytes += bytes;
      this.#pump();
    });
  }

  /** Stops every worker; calls not finished get an error result. */
  close(): void {
    this.#closed = true;
    for (const job of this.#queue) job.done(failure("The server is shutting down; the call was not run."));
    this.#queue = [];
    this.#queuedBytes = 0;
    for (const slot of this.#slots) {
      if (slot !== undefined) {
        this.#stop(slot, "", failure("The server is shutting down; the call was not finished."));
      }
    }
  }

  /** Estimated bytes and entries of the cached documents over all workers. */
  get cacheStats(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** Starts every queued call that can start now. */
  #pump(): void {
    const waiting: Job[] = [];
    for (const job of this.#queue) {
      const slot = this.#slotFor(job);
      if (slot === undefined) waiting.push(job);
      else {
        this.#queuedBytes -= job.bytes;
        this.#start(slot, job);
      }
    }
    this.#queue = waiting;
  }

  /** The worker to run `job` now, or undefined when it must wait. */
  #slotFor(job: Job): Slot | undefined {
    const owner = job.affinity === undefined ? undefined : this.#owners.get(job.affinity);
    // The worker that loaded (or is loading) the document: wait for it rather than load a second copy.
    if (owner !== undefined && this.#slots[owner.index] === owner) {
      return owner.job === undefined ? owner : undefined;
    }
    const idle = this.#slots.find((s) => s !== undefined && s.job === undefined);
    if (idle !== undefined) return idle;
    const free = this.#slots.indexOf(undefined);
    return free === -1 || this.#noWorkers ? undefined : this.#spawn(free);
  }

  #spawn(index: number): Slot | undefined {
    let worker: Worker;
    try {
      worker = this.#workerUrl === undefined
        ? new Worker(new URL("./_tool_worker.ts", import.meta.url).href, { type: "module" })
        : new Worker(this.#workerUrl, { type: "module" });
    } catch (error) {
      this.#cannotStart(error instanceof Error ? error.message : String(error));
      return undefined;
    }
    const slot: Slot = { index, worker, ready: false };
    this.#slots[index] = slot;
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#receive(slot, event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const why = String(event.message).split("\n")[0].slice(0, 200);
      if (slot.ready) this.#stop(slot, `its worker failed (${why}); try again.`);
      else {
        this.#stop(slot, why, NO_WORKER);
        this.#cannotStart(why);
      }
      this.#pump();
    };
    worker.onmessageerror = () => {
      this.#stop(slot, "its result could not be passed back; try again.");
      this.#pump();
    };
    this.#post(slot, { type: "init", settings: this.#settings });
    return slot;
  }

  #post(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }

  #start(slot: Slot, job: Job): void {
    slot.job = job;
    if (job.affinity !== undefined) {
      this.#owners.delete(job.affinity);
      this.#owners.set(job.affinity, slot);
      if (this.#owners.size > MAX_OWNERS) this.#owners.delete(this.#owners.keys().next().value as string);
    }
    this.#post(slot, { type: "call", id: job.id, tool: job.tool, args: job.args, roots: job.roots });
  }

  /** No worker can start: every call from now on ends with {@link NO_WORKER} (run by the fallback, if any). */
  #cannotStart(why: string): void {
    if (this.#noWorkers) return;
    this.#noWorkers = true;
    this.#log?.(
      `oatool mcp: tool workers cannot start (${why.slice(0, 200)}); ${
        this.#fallback === undefined ? "calls fail" : "calls run on the server's thread"
      }.`,
    );
    for (const job of this.#queue) job.done(NO_WORKER);
    this.#queue = [];
    this.#queuedBytes = 0;
  }

  #receive(slot: Slot, message: FromWorker): void {
    if (this.#slots[slot.index] !== slot) return; // stopped meanwhile
    if (message.type === "ready") slot.ready = true;
    else if (message.type === "result") {
      const job = slot.job;
      slot.job = undefined;
      if (job?.id === message.id) job.done(message.result as CallToolResult);
      this.#pump();
    } else if (message.type === "loaded") {
      if (message.stored) this.#remember(slot, message.key, message.bytes);
      if (this.#verbose) {
        this.#log?.(
          `oatool mcp: worker ${slot.index + 1} loaded ${message.key.split(":").slice(0, 2).join(":")} (~${
            mib(message.bytes)
          }${
            message.stored ? "" : ", over the cache budget: not kept"
          }); cache ${this.#entries.size} entries, ~${mib(this.#bytes)}`,
        );
      }
      this.#pump();
    } else if (message.type === "hit") {
      const id = `${slot.index}\0${message.key}`;
      const entry = this.#entries.get(id);
      if (entry !== undefined) {
        this.#entries.delete(id);
        this.#entries.set(id, entry);
      }
      this.#pump();
    } else {
      this.#forget(`${slot.index}\0${message.key}`);
    }
  }

  /** Records a new cache entry of `slot` and evicts the least recently used beyond the budget. */
  #remember(slot: Slot, key: string, bytes: number): void {
    this.#forget(`${slot.index}\0${key}`);
    this.#entries.set(`${slot.index}\0${key}`, { slot, key, bytes });
    this.#bytes += bytes;
    while (
      this.#entries.size > this.#settings.cacheSize || (this.#bytes > this.#settings.cacheMaxBytes &&
        this.#entries.size > 0)
    ) {
      const [id, oldest] = this.#entries.entries().next().value as [string, CacheEntry];
      this.#forget(id);
      this.#post(oldest.slot, { type: "evict", keys: [oldest.key] });
    }
  }

  #forget(id: string): void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
  }

  #cancel(job: Job): void {
    const queued = this.#queue.indexOf(job);
    if (queued !== -1) {
      this.#queue.splice(queued, 1);
      this.#queuedBytes -= job.bytes;
      job.done(failure("The call was cancelled by the client."));
      return;
    }
    const slot = this.#slots.find((s) => s?.job === job);
    if (slot !== undefined) {
      this.#stop(slot, "", failure("The call was cancelled by the client."));
      this.#pump();
    }
  }

  /** Stops a worker (its call, if any, gets `why`) and frees its place for a new one. */
  #stop(slot: Slot, why: string, result: CallToolResult = failure(`The call stopped: ${why}`)): void {
    if (this.#slots[slot.index] !== slot) return;
    this.#slots[slot.index] = undefined;
    slot.worker.terminate();
    slot.job?.done(result);
    slot.job = undefined;
    for (const [id, entry] of [...this.#entries]) if (entry.slot === slot) this.#forget(id);
    for (const [key, owner] of [...this.#owners]) if (owner === slot) this.#owners.delete(key);
  }
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

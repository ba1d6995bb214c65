/**
 * The tool server's stdio transport: newline-delimited JSON-RPC messages, read without ever buffering more than
 * the message size limit. A message over the limit, a line that is not JSON and a message that is not JSON-RPC
 * each get a JSON-RPC error reply, and the server keeps serving (the SDK's own stdio transport closes on the
 * first over-long line and drops the others silently).
 *
 * @module
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { formatSize } from "../core/confine.ts";

/** Largest JSON-RPC message read by default: 64 MiB. */
export const DEFAULT_MAX_MESSAGE_SIZE: number = 64 * 1024 * 1024;

/** JSON-RPC error codes used by the transport. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

/** Bytes kept from each end of an over-long line, to find its request id in. */
const EDGE = 512;
const ID = String.raw`(-?\d{1,15}|"[^"\\]{0,200}")`;
/** The id as the first member, or after `jsonrpc` and `method` (how most clients begin a request). */
const HEAD_ID = new RegExp(
  String.raw`^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]{0,200}"\s*,)*\s*"id"\s*:\s*${ID}`,
);
/** The id as the last member of the message (how the MCP SDK's client ends a request). */
const TAIL_ID = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/** Options of {@link StdioTransport}. */
export interface StdioTransportOptions {
  /** Largest message read, in bytes (the line without its newline). @default DEFAULT_MAX_MESSAGE_SIZE */
  maxMessageSize?: number;
  /** Where messages are read from. @default Deno.stdin.readable */
  input?: ReadableStream<Uint8Array>;
  /** Where messages are written to. @default Deno.stdout.writable */
  output?: WritableStream<Uint8Array>;
}

type Id = string | number;

/** The request id found at either end of an over-long line, or null. */
export function recoverId(head: string, tail: string): Id | null {
  const found = HEAD_ID.exec(head)?.[1] ?? TAIL_ID.exec(tail)?.[1];
  if (found === undefined) return null;
  return found.startsWith('"') ? found.slice(1, -1) : Number(found);
}

/**
 * An MCP {@link Transport} over a byte stream pair (standard input and output by default): one JSON-RPC message
 * per line. It counts the requests read and the answers sent, so that {@link drained} can tell when the input
 * has ended and every request read has been answered (or cancelled by the client).
 */
export class StdioTransport implements Transport {
  /** Called when the transport closes. */
  onclose?: () => void;
  /** Called with each problem (a refused line, a failed read); one line each. */
  onerror?: (error: Error) => void;
  /** Called with each message read. */
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #max: number;
  readonly #input: ReadableStream<Uint8Array>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #encoder = new TextEncoder();
  readonly #decoder = new TextDecoder();
  #reader?: ReadableStreamDefaultReader<Uint8Array>;
  /** The last write, so that closing waits for what was written before. */
  #written: Promise<void> = Promise.resolve();
  #closed = false;
  #ended = false;
  readonly #open = new Set<Id>();
  #drained?: () => void;
  // The line being read: its parts, or (over the limit) its first and last bytes and its length.
  #parts: Uint8Array[] = [];
  #length = 0;
  #discarding = false;
  #head = new Uint8Array(0);
  #tail = new Uint8Array(0);

  /** Makes a transport; {@link start} begins reading. */
  constructor(options: StdioTransportOptions = {}) {
    this.#max = options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE;
    this.#input = options.input ?? Deno.stdin.readable;
    this.#writer = (options.output ?? Deno.stdout.writable).getWriter();
  }

  /** Starts reading messages. */
  start(): Promise<void> {
    this.#reader = this.#input.getReader();
    this.#read();
    return Promise.resolve();
  }

  /** Resolves once the input has ended and every request read has been answered or cancelled. */
  drained(): Promise<void> {
    return new Promise((done) => {
      this.#drained = done;
      this.#settle();
    });
  }

  /** Writes a message as one line. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return;
    const m = message as { id?: Id; method?: string };
    try {
      await this.#write(JSON.stringify(message));
    } finally {
      // Answered, or never answerable (output closed): the end of input does not wait for it.
      if (m.method === undefined && m.id !== undefined && this.#open.delete(m.id)) this.#settle();
    }
  }

  /** Stops reading and closes the transport. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#reader?.cancel().catch(() => {});
    await this.#written.catch(() => {});
    this.#writer.releaseLock();
    this.onclose?.();
  }

  async #read(): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await this.#reader!.read();
        if (done || this.#closed) break;
        this.#chunk(value);
      }
      if (this.#discarding) this.#overLimit();
      else if (this.#length > 0) this.#line(this.#take(new Uint8Array(0)));
    } catch (error) {
      if (!this.#closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
    this.#ended = true;
    this.#settle();
  }

  /** Splits a chunk into lines, keeping at most the limit of an unfinished line. */
  #chunk(chunk: Uint8Array): void {
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (!this.#discarding && this.#length + piece.length > this.#max) this.#startDiscarding(piece);
      else if (this.#discarding) this.#keepTail(piece);
      else if (piece.length > 0) {
        this.#parts.push(nl === -1 ? piece.slice() : piece);
        this.#length += piece.length;
      }
      if (nl === -1) return;
      if (this.#discarding) this.#overLimit();
      else this.#line(this.#take(new Uint8Array(0)));
      start = nl + 1;
    }
  }

  /** The parts of the line read so far plus `last`, as one buffer; the line is reset. */
  #take(last: Uint8Array): Uint8Array {
    const all = new Uint8Array(this.#length + last.length);
    let at = 0;
    for (const p of this.#parts) {
      all.set(p, at);
      at += p.length;
    }
    all.set(last, at);
    this.#parts = [];
    this.#length = 0;
    return all;
  }

  #startDiscarding(piece: Uint8Array): void {
    const size = this.#length + piece.length;
    const first = this.#take(piece.subarray(0, Math.max(0, EDGE - this.#length)));
    this.#head = first.slice(0, EDGE);
    this.#tail = new Uint8Array(0);
    this.#discarding = true;
    this.#keepTail(piece);
    this.#length = size;
  }

  #keepTail(piece: Uint8Array): void {
    this.#length += piece.length;
    if (piece.length >= EDGE) this.#tail = piece.slice(piece.length - EDGE);
    else {
      const joined = new Uint8Array(Math.min(EDGE, this.#tail.length + piece.length));
      const keep = joined.length - piece.length;
      joined.set(this.#tail.subarray(this.#tail.length - keep), 0);
      joined.set(piece, keep);
      this.#tail = joined;
    }
  }

  /** Answers an over-long line (now fully skipped) with an error. */
  #overLimit(): void {
    const size = this.#length;
    const id = recoverId(this.#decoder.decode(this.#head), this.#decoder.decode(this.#tail));
    this.#discarding = false;
    this.#length = 0;
    this.#head = this.#tail = new Uint8Array(0);
    this.#refuse(
      id,
      INVALID_REQUEST,
      `The message is ${formatSize(size)}, more than the ${
        formatSize(this.#max)
      } this server reads (--max-message-size); pass large documents as spec.file instead of spec.content.`,
    );
  }

  /** Handles one complete line. */
  #line(bytes: Uint8Array): void {
    const text = this.#decoder.decode(bytes).replace(/\r$/, "");
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#refuse(
        null,
        PARSE_ERROR,
        `A line is not JSON (it starts ${
          JSON.stringify(text.slice(0, 40))
        }); send one JSON-RPC message per line.`,
      );
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.#invalid(value);
      return;
    }
    const message = parsed.data as JSONRPCMessage & { id?: Id; method?: string; params?: { requestId?: Id } };
    if (message.method !== undefined && message.id !== undefined) this.#open.add(message.id);
    if (message.method === "notifications/cancelled" && message.params?.requestId !== undefined) {
      // The SDK sends no answer to a cancelled request (as the protocol says): stop waiting for one.
      if (this.#open.delete(message.params.requestId)) queueMicrotask(() => this.#settle());
    }
    this.onmessage?.(message);
  }

  /** Answers a JSON value that is not a JSON-RPC message. */
  #invalid(value: unknown): void {
    const v = (value !== null && typeof value === "object" && !Array.isArray(value) ? value : {}) as Record<
      string,
      unknown
    >;
    const id = typeof v.id === "string" || (typeof v.id === "number" && Number.isFinite(v.id)) ? v.id : null;
    if (id !== null && typeof v.method === "string" && v.jsonrpc === "2.0" && "params" in v) {
      const kind = v.params === null ? "null" : Array.isArray(v.params) ? "an array" : `a ${typeof v.params}`;
      this.#refuse(
        id,
        INVALID_PARAMS,
        `The params of ${JSON.stringify(v.method.slice(0, 60))} are ${kind}; send an object.`,
      );
      return;
    }
    this.#refuse(
      id,
      INVALID_REQUEST,
      'The message is not a JSON-RPC 2.0 request, notification or response; send an object with "jsonrpc": "2.0" and a method or a result.',
    );
  }

  /** Sends an error reply and reports the problem. */
  #refuse(id: Id | null, code: number, message: string): void {
    this.onerror?.(new Error(message));
    if (this.#closed) return;
    const reply = { jsonrpc: "2.0", id, error: { code, message } };
    this.#write(JSON.stringify(reply)).catch((error) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
    );
  }

  /** Writes one line; lines go out in the order written. */
  #write(json: string): Promise<void> {
    const done = this.#writer.write(this.#encoder.encode(json + "\n"));
    this.#written = done;
    return done;
  }

  #settle(): void {
    if (this.#ended && this.#open.size === 0) this.#drained?.();
  }
}

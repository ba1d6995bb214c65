/**
 * The only place that touches files, the network and standard input. Everything else reads through a
 * {@link DocumentReader}, so tests can give documents from memory.
 *
 * @module
 */
import { resolve } from "node:path";
import { LoadError } from "../core/errors.ts";
import {
  DEFAULT_MAX_INPUT_SIZE,
  type DocumentReader,
  fileKind,
  type ReadFileIdentity,
  type ReadOptions,
  type ReadSet,
  redactUrl,
  redactUrlsIn,
  refuseKind,
  tooLargeMessage,
} from "../core/confine.ts";

export { redactUrl } from "../core/confine.ts";
export type { DocumentReader, ReadOptions } from "../core/confine.ts";

import { permissionMessage } from "./permission.ts";

/** Options of {@link createDefaultReader}. */
export interface DefaultReaderOptions {
  /** Milliseconds before a URL fetch is abandoned. @default 30000 */
  timeoutMs?: number;
  /**
   * Largest input accepted, in bytes, for every read: files, standard input, URLs (after decompression).
   * @default 268435456 (256 MiB)
   */
  maxInputSize?: number;
  /** The same as `maxInputSize` (the older name). */
  maxBytes?: number;
  /** The read set that every read through this reader records into. @default none */
  readSet?: ReadSet;
  /**
   * Called with every address before it is requested: the first one and each redirect target (redirects are
   * then followed one at a time, at most 20). Reject (with a {@link LoadError}) to refuse the address; the MCP
   * server refuses loopback and private addresses this way. @default none: every address is fetched
   */
  checkUrl?: (url: URL) => Promise<void>;
}

function fileError(path: string, error: unknown): LoadError {
  if (error instanceof LoadError) return error;
  const refused = permissionMessage(error, { read: path }); // Deno's flags refused it: name the flag
  if (refused !== undefined) return new LoadError(refused);
  if (error instanceof Deno.errors.NotFound) {
    return new LoadError(`file "${path}" does not exist; check the path.`);
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return new LoadError(`file "${path}" cannot be read: permission denied.`);
  }
  if (error instanceof Deno.errors.IsADirectory) {
    return new LoadError(`"${path}" is a directory, not a document file; name a file.`);
  }
  return new LoadError(
    `file "${path}" cannot be read: ${error instanceof Error ? error.message : String(error)}.`,
  );
}

/** The longest string V8 can make (2^29 - 24 characters); a longer text cannot be decoded at all. */
const MAX_STRING_BYTES = 2 ** 29 - 24;

/** Collects bytes into one growing buffer, refusing more than `maxBytes`. */
class CappedBytes {
  #buf: Uint8Array;
  #len = 0;
  constructor(readonly maxBytes: number, readonly what: string, sizeHint = 0) {
    this.#buf = new Uint8Array(Math.min(Math.max(sizeHint + 1, 64 * 1024), maxBytes + 1));
  }
  push(chunk: Uint8Array): void {
    const need = this.#len + chunk.byteLength;
    this.#reserve(need);
    this.#buf.set(chunk, this.#len);
    this.#len = need;
  }
  /**
   * Reads a file straight into the buffer until its end (no intermediate chunks: a regular file whose size was
   * the hint is read in one call, and a second one sees its end in the spare byte).
   */
  async readFrom(file: { read(p: Uint8Array): Promise<number | null> }): Promise<void> {
    for (;;) {
      if (this.#len === this.#buf.byteLength) this.#reserve(this.#len + 1);
      const n = await file.read(this.#buf.subarray(this.#len));
      if (n === null) return;
      this.#len += n;
      if (this.#len > this.maxBytes) throw new LoadError(tooLargeMessage(this.what, this.maxBytes));
    }
  }
  /** Makes room for `need` bytes, refusing more than `maxBytes`. */
  #reserve(need: number): void {
    if (need > this.maxBytes) throw new LoadError(tooLargeMessage(this.what, this.maxBytes));
    if (need > this.#buf.byteLength) {
      const next = new Uint8Array(Math.min(Math.max(need, this.#buf.byteLength * 2), this.maxBytes + 1));
      next.set(this.#buf.subarray(0, this.#len));
      this.#buf = next;
    }
  }
  /** Decodes the bytes as UTF-8 and frees them. */
  text(notUtf8: string): string {
    if (this.#len > MAX_STRING_BYTES) {
      // More than a JavaScript string can hold even as ASCII: say so rather than "not UTF-8".
      throw new LoadError(
        `${this.what} is ${this.#len} bytes, more than the ${MAX_STRING_BYTES} bytes a document can have here.`,
      );
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(this.#buf.subarray(0, this.#len));
    } catch (error) {
      if (error instanceof RangeError) {
        throw new LoadError(`${this.what} is too large to hold as text (${this.#len} bytes).`);
      }
      throw new LoadError(notUtf8);
    } finally {
      // Free the bytes now rather than at some later garbage collection: for a large document they are a
      // second copy of it, and they would count in the peak memory of the whole run.
      (this.#buf.buffer as ArrayBuffer & { transfer?: (n: number) => ArrayBuffer }).transfer?.(0);
    }
  }
}

/** Reads a whole stream into text, refusing more than `maxBytes`. */
async function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  what: string,
  notUtf8 = `${what} is not UTF-8 text.`,
  sizeHint = 0,
): Promise<string> {
  const bytes = new CappedBytes(maxBytes, what, sizeHint);
  for await (const chunk of stream) bytes.push(chunk);
  return bytes.text(notUtf8);
}

/** Redirects followed for a referenced document, at most. */
const MAX_REDIRECTS = 5;
/** Redirects followed for a document the user named when they are followed one at a time (as `fetch` does). */
const MAX_INPUT_REDIRECTS = 20;

/**
 * Fetches an address following redirects one at a time: each target is given to `check` first; with
 * `sameOrigin` (a referenced document) a redirect may not leave the origin asked for and at most
 * {@link MAX_REDIRECTS} are followed. Credentials are not sent to another origin.
 */
async function fetchFollowing(
  target: URL,
  headers: Headers,
  signal: AbortSignal,
  shown: string,
  options: { sameOrigin: boolean; check?: (url: URL) => Promise<void> },
): Promise<Response> {
  let at = target;
  const limit = options.sameOrigin ? MAX_REDIRECTS : MAX_INPUT_REDIRECTS;
  for (let hop = 0;; hop++) {
    await options.check?.(at);
    const response = await fetch(at, { headers, signal, redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || location === null) return response;
    await response.body?.cancel();
    const next = new URL(location, at);
    if (options.sameOrigin && next.origin !== target.origin) {
      throw new LoadError(
        `${shown} redirects to another origin (${
          redactUrl(next.href)
        }); a referenced document is only read from the origin of the document that refers to it.`,
      );
    }
    if (hop >= limit) throw new LoadError(`${shown} redirects more than ${limit} times.`);
    if (next.origin !== at.origin) headers.delete("Authorization");
    at = next;
  }
}

/** The reader oatool uses by default: the real file system, `fetch`, and the process's standard input. */
export function createDefaultReader(options: DefaultReaderOptions = {}): DocumentReader {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const defaultMax = options.maxInputSize ?? options.maxBytes ?? DEFAULT_MAX_INPUT_SIZE;
  const ownSet = options.readSet;
  return {
    readSet: ownSet,
    async readFile(path: string, read: ReadOptions = {}): Promise<string> {
      const maxBytes = read.maxBytes ?? defaultMax;
      const role = read.role ?? "input";
      const what = `file "${path}"`;
      const notUtf8 = `${what} is not UTF-8 text; save it as UTF-8.`;
      let file: Deno.FsFile | undefined;
      try {
        // Decide from stat before opening: opening a FIFO nobody writes to blocks forever.
        const info = await Deno.stat(path);
        const refusal = refuseKind(path, fileKind(info), role);
        const tooLarge = info.isFile && info.size > maxBytes;
        if (refusal !== undefined || tooLarge) {
          // Refused, but named by the run: still a file no output of the run may replace.
          for (const set of [read.readSet, ownSet]) {
            set?.add({ path, dev: info.dev, ino: info.ino ?? undefined, refused: true });
          }
          throw new LoadError(refusal ?? tooLargeMessage(what, maxBytes, info.size));
        }
        file = await Deno.open(path, { read: true });
        const opened = await file.stat();
        const again = refuseKind(path, fileKind(opened), role);
        if (again !== undefined) throw new LoadError(again);
        for (const set of [read.readSet, ownSet]) {
          set?.add({ path, dev: opened.dev, ino: opened.ino ?? undefined });
        }
        const bytes = new CappedBytes(maxBytes, what, opened.isFile ? opened.size : 0);
        await bytes.readFrom(file);
        return bytes.text(notUtf8);
      } catch (error) {
        throw fileError(path, error);
      } finally {
        file?.close();
      }
    },
    async realPath(path: string): Promise<string> {
      try {
        return await Deno.realPath(path);
      } catch (error) {
        // A pipe named by the user (`/dev/stdin`, `/dev/fd/63` from `<(cat a.yaml)`) exists but has no real
        // path: it is read as named.
        if (error instanceof Deno.errors.NotFound) {
          try {
            const info = await Deno.stat(path);
            if (info.isFifo || info.isSocket) return resolve(path);
          } catch { /* it really does not exist */ }
        }
        throw fileError(path, error);
      }
    },
    async fetchText(
      url: string,
      read: ReadOptions = {},
    ): Promise<{ text: string; contentType?: string; url?: string }> {
      const maxBytes = read.maxBytes ?? defaultMax;
      const shown = redactUrl(url);
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw new LoadError(`"${shown}" is not a valid URL.`);
      }
      const headers = new Headers();
      if (target.username !== "" || target.password !== "") {
        const user = decodeURIComponent(target.username);
        const pass = decodeURIComponent(target.password);
        headers.set(
          "Authorization",
          "Basic " +
            btoa(
              Array.from(new TextEncoder().encode(`${user}:${pass}`), (c) => String.fromCharCode(c)).join(""),
            ),
        );
        target.username = "";
        target.password = "";
      }
      let response: Response;
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        if (read.role === "referenced" || options.checkUrl !== undefined) {
          response = await fetchFollowing(target, headers, signal, shown, {
            sameOrigin: read.role === "referenced",
            check: options.checkUrl,
          });
        } else {
          response = await fetch(target, { headers, signal, redirect: "follow" });
        }
      } catch (error) {
        if (error instanceof LoadError) throw error;
        const refused = permissionMessage(error, { url: shown }); // Deno's flags refused it: name the flag
        if (refused !== undefined) throw new LoadError(refused);
        let message = error instanceof Error ? error.message : String(error);
        const cause = error instanceof Error ? error.cause : undefined;
        if (cause instanceof Error) message += ": " + cause.message;
        if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
          throw new LoadError(
            `fetching ${shown} timed out after ${timeoutMs / 1000} s; check the address or try again.`,
          );
        }
        if (/dns error|failed to lookup|name or service not known|no such host/i.test(message)) {
          throw new LoadError(`cannot resolve the host of ${shown}; check the address.`);
        }
        if (/refused/i.test(message)) {
          throw new LoadError(`connection to ${shown} was refused; is the server up?`);
        }
        const plain = redactUrlsIn(message.replaceAll(url, shown).replaceAll(target.toString(), shown));
        throw new LoadError(`fetching ${shown} failed: ${plain}.`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new LoadError(
          `fetching ${shown} failed with HTTP ${response.status}${
            response.statusText ? " " + response.statusText : ""
          }.`,
        );
      }
      const length = Number(response.headers.get("content-length") ?? "0");
      if (length > maxBytes) {
        await response.body?.cancel();
        throw new LoadError(tooLargeMessage(shown, maxBytes, length));
      }
      try {
        // The body arrives decompressed (gzip, deflate, br): the cap counts the decompressed bytes.
        const text = response.body ? await readCapped(response.body, maxBytes, shown) : "";
        return {
          text,
          contentType: response.headers.get("content-type") ?? undefined,
          url: response.url || undefined,
        };
      } catch (error) {
        if (error instanceof LoadError) throw error;
        if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
          throw new LoadError(
            `fetching ${shown} timed out after ${timeoutMs / 1000} s; check the address or try again.`,
          );
        }
        throw new LoadError(
          `reading ${shown} failed: ${redactUrlsIn(error instanceof Error ? error.message : String(error))}.`,
        );
      }
    },
    async readStdin(read: ReadOptions = {}): Promise<string> {
      // Standard input redirected from a file (`< api.yaml`) is a file the run read, like a named input.
      const file = await stdinFile();
      if (file !== undefined) {
        for (const set of [read.readSet, ownSet]) set?.add({ path: file.path, dev: file.dev, ino: file.ino });
      }
      return await readCapped(
        Deno.stdin.readable,
        read.maxBytes ?? defaultMax,
        "standard input",
        undefined,
        file?.size,
      );
    },
    cwd(): string {
      return Deno.cwd();
    },
  };
}

/**
 * The identity of the regular file standard input is redirected from (fstat of descriptor 0, which needs no
 * permission), or undefined for a pipe, a terminal, or a system without inodes. Its path is `<stdin>`. `node:fs`
 * is loaded here only: loading it costs every command tens of milliseconds at start.
 */
async function stdinFile(): Promise<(ReadFileIdentity & { size: number }) | undefined> {
  try {
    const { fstatSync } = await import("node:fs");
    const info = fstatSync(0);
    if (!info.isFile() || !info.ino) return undefined;
    return { path: "<stdin>", dev: info.dev, ino: info.ino, size: info.size };
  } catch {
    return undefined;
  }
}

/** The default reader (real files, network and standard input). */
export const defaultReader: DocumentReader = createDefaultReader();

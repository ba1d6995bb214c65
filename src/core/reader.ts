/**
 * The only place that touches files, the network and standard input. Everything else reads through a
 * {@link DocumentReader}, so tests can give documents from memory.
 *
 * @module
 */
import { LoadError } from "./errors.ts";
import { permissionMessage } from "./permission.ts";

/** Reads documents from files, URLs and standard input. */
export interface DocumentReader {
  /** Reads a UTF-8 file. Rejects with {@link LoadError} when it cannot. */
  readFile(path: string): Promise<string>;
  /** The real (symlink-free, absolute) path of a file. Rejects with {@link LoadError} when it does not exist. */
  realPath(path: string): Promise<string>;
  /** Fetches a URL as text. */
  fetchText(url: string): Promise<{ text: string; contentType?: string }>;
  /** Reads all of standard input. */
  readStdin(): Promise<string>;
  /** The current working directory. */
  cwd(): string;
}

/** Options of {@link createDefaultReader}. */
export interface DefaultReaderOptions {
  /** Milliseconds before a URL fetch is abandoned. @default 30000 */
  timeoutMs?: number;
  /** Largest document accepted from a URL or standard input, in bytes. @default 256 MiB */
  maxBytes?: number;
}

/** Removes user name and password from a URL for display. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username === "" && u.password === "") return url;
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return url;
  }
}

function fileError(path: string, error: unknown): LoadError {
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
  if (error instanceof TypeError && /invalid utf-8|stream did not contain valid UTF-8/i.test(error.message)) {
    return new LoadError(`file "${path}" is not UTF-8 text; save it as UTF-8.`);
  }
  return new LoadError(
    `file "${path}" cannot be read: ${error instanceof Error ? error.message : String(error)}.`,
  );
}

/** Reads a whole stream into text, refusing more than `maxBytes`. */
async function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  what: string,
): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new LoadError(`${what} is larger than ${maxBytes} bytes; refusing to read more.`);
    }
    chunks.push(chunk);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw new LoadError(`${what} is not UTF-8 text.`);
  }
}

/** The reader oatool uses by default: the real file system, `fetch`, and the process's standard input. */
export function createDefaultReader(options: DefaultReaderOptions = {}): DocumentReader {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  return {
    async readFile(path: string): Promise<string> {
      try {
        const info = await Deno.stat(path);
        if (info.isDirectory) throw new Deno.errors.IsADirectory(path);
        const bytes = await Deno.readFile(path);
        try {
          return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          throw new LoadError(`file "${path}" is not UTF-8 text; save it as UTF-8.`);
        } finally {
          // Free the bytes now rather than at some later garbage collection: for a large document they are a
          // second copy of it, and they would count in the peak memory of the whole run.
          (bytes.buffer as ArrayBuffer & { transfer?: (n: number) => ArrayBuffer }).transfer?.(0);
        }
      } catch (error) {
        if (error instanceof LoadError) throw error;
        throw fileError(path, error);
      }
    },
    async realPath(path: string): Promise<string> {
      try {
        return await Deno.realPath(path);
      } catch (error) {
        throw fileError(path, error);
      }
    },
    async fetchText(url: string): Promise<{ text: string; contentType?: string }> {
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
          "Basic " + btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${pass}`))),
        );
        target.username = "";
        target.password = "";
      }
      let response: Response;
      try {
        response = await fetch(target, {
          headers,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "follow",
        });
      } catch (error) {
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
        const plain = message.replaceAll(url, shown).replaceAll(target.toString(), shown);
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
        throw new LoadError(
          `${shown} is larger than ${maxBytes} bytes (${length}); refusing to download it.`,
        );
      }
      try {
        const text = response.body ? await readCapped(response.body, maxBytes, shown) : "";
        return { text, contentType: response.headers.get("content-type") ?? undefined };
      } catch (error) {
        if (error instanceof LoadError) throw error;
        if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
          throw new LoadError(
            `fetching ${shown} timed out after ${timeoutMs / 1000} s; check the address or try again.`,
          );
        }
        throw new LoadError(
          `reading ${shown} failed: ${error instanceof Error ? error.message : String(error)}.`,
        );
      }
    },
    readStdin(): Promise<string> {
      return readCapped(Deno.stdin.readable, maxBytes, "standard input");
    },
    cwd(): string {
      return Deno.cwd();
    },
  };
}

/** The default reader (real files, network and standard input). */
export const defaultReader: DocumentReader = createDefaultReader();

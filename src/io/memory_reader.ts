import { resolve } from "node:path";
import { LoadError } from "../core/errors.ts";
import type { DocumentReader, ReadOptions } from "./reader.ts";
import { type ReadSet, redactUrl, tooLargeMessage } from "../core/confine.ts";

/** A reader over an in-memory set of files, for tests and embedding. Paths are resolved against `cwd`. */
export function createMemoryReader(
  files: Record<string, string>,
  options: { cwd?: string; stdin?: string; urls?: Record<string, string>; readSet?: ReadSet } = {},
): DocumentReader {
  const cwd = options.cwd ?? "/";
  const table = new Map(Object.entries(files).map(([k, v]) => [resolve(cwd, k), v]));
  const capped = (text: string, what: string, read: ReadOptions): string => {
    if (read.maxBytes !== undefined && text.length > read.maxBytes) {
      throw new LoadError(tooLargeMessage(what, read.maxBytes));
    }
    return text;
  };
  return {
    readSet: options.readSet,
    readFile(path: string, read: ReadOptions = {}): Promise<string> {
      const full = resolve(cwd, path);
      const text = table.get(full);
      if (text === undefined) {
        return Promise.reject(new LoadError(`file "${path}" does not exist; check the path.`));
      }
      for (const set of [read.readSet, options.readSet]) set?.add({ path: full });
      try {
        return Promise.resolve(capped(text, `file "${path}"`, read));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    realPath(path: string): Promise<string> {
      const full = resolve(cwd, path);
      return table.has(full)
        ? Promise.resolve(full)
        : Promise.reject(new LoadError(`file "${path}" does not exist; check the path.`));
    },
    fetchText(url: string, read: ReadOptions = {}): Promise<{ text: string; contentType?: string }> {
      const text = options.urls?.[url];
      if (text === undefined) {
        return Promise.reject(new LoadError(`fetching ${redactUrl(url)} failed with HTTP 404 Not Found.`));
      }
      try {
        return Promise.resolve({ text: capped(text, redactUrl(url), read) });
      } catch (error) {
        return Promise.reject(error);
      }
    },
    readStdin(read: ReadOptions = {}): Promise<string> {
      try {
        return Promise.resolve(capped(options.stdin ?? "", "standard input", read));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    cwd(): string {
      return cwd;
    },
  };
}

import { resolve } from "node:path";
import { LoadError } from "./errors.ts";
import { type DocumentReader, redactUrl } from "./reader.ts";

/** A reader over an in-memory set of files, for tests and embedding. Paths are resolved against `cwd`. */
export function createMemoryReader(
  files: Record<string, string>,
  options: { cwd?: string; stdin?: string; urls?: Record<string, string> } = {},
): DocumentReader {
  const cwd = options.cwd ?? "/";
  const table = new Map(Object.entries(files).map(([k, v]) => [resolve(cwd, k), v]));
  return {
    readFile(path: string): Promise<string> {
      const text = table.get(resolve(cwd, path));
      return text === undefined
        ? Promise.reject(new LoadError(`file "${path}" does not exist; check the path.`))
        : Promise.resolve(text);
    },
    realPath(path: string): Promise<string> {
      const full = resolve(cwd, path);
      return table.has(full)
        ? Promise.resolve(full)
        : Promise.reject(new LoadError(`file "${path}" does not exist; check the path.`));
    },
    fetchText(url: string): Promise<{ text: string; contentType?: string }> {
      const text = options.urls?.[url];
      return text === undefined
        ? Promise.reject(new LoadError(`fetching ${redactUrl(url)} failed with HTTP 404 Not Found.`))
        : Promise.resolve({ text });
    },
    readStdin(): Promise<string> {
      return Promise.resolve(options.stdin ?? "");
    },
    cwd(): string {
      return cwd;
    },
  };
}

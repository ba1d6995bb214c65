/**
 * A {@link DocumentReader} that imports the real one (src/io/reader.ts, with `node:path` and the confinement
 * checks) at its first read, so that commands which read nothing (`version`, `help`, `completion`) start without
 * it. tests/module_graph_test.ts checks that main.ts reaches src/io only through here.
 *
 * @module
 */
import type { DocumentReader, ReadOptions } from "../core/confine.ts";

/** The reader of `createDefaultReader(options)`, created at its first read. */
export function lazyDefaultReader(options: { maxInputSize?: number } = {}): DocumentReader {
  let real: Promise<DocumentReader> | undefined;
  const reader = () => real ??= import("../io/reader.ts").then((m) => m.createDefaultReader(options));
  return {
    readFile: async (path: string, read?: ReadOptions) => (await reader()).readFile(path, read),
    realPath: async (path: string) => (await reader()).realPath(path),
    fetchText: async (url: string, read?: ReadOptions) => (await reader()).fetchText(url, read),
    readStdin: async (read?: ReadOptions) => (await reader()).readStdin(read),
    cwd: () => Deno.cwd(),
  };
}

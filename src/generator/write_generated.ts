/**
 * Writing generated files to disk, through core's writer: the directory is created, each file written
 * atomically, never over a file the run read.
 *
 * @module
 */
import { type ReadSet, writeFilesInto } from "../core/mod.ts";
import type { GeneratedFile } from "./split.ts";

/** Options of {@link writeGenerated}. */
export interface WriteGeneratedOptions {
  /** What the run read (`ParseResult.readSet`): never written over. */
  readSet?: ReadSet;
}

/**
 * Writes generated files into `dir` (created when missing), each atomically; a file that already holds the same
 * content is left untouched (its time stamp kept, so build tools see no change). Returns the paths of the files.
 *
 * @example
 * ```ts ignore
 * import { generate, writeGenerated } from "./mod.ts";
 * const result = await generate("openapi.yaml", { client: true, server: true });
 * await writeGenerated("./api", result.files);
 * ```
 * @throws {WriteError} when the directory cannot be created or a file cannot be written.
 */
export function writeGenerated(
  dir: string,
  files: readonly GeneratedFile[],
  options: WriteGeneratedOptions = {},
): Promise<string[]> {
  return writeFilesInto(dir, files, { readSet: options.readSet, keepUnchanged: true });
}

/**
 * Writing a join result to a file.
 *
 * @module
 */
import { serializeDocument, writeFileAtomic } from "../core/mod.ts";
import type { JoinResult } from "./join_result.ts";

/**
 * Writes the merged document to `path` in the first input's format (JSON with 2-space indentation, or YAML),
 * atomically (a temporary file renamed over the target) and with mode 0600. An existing file is overwritten;
 * an input of the join (or one of its overlays) never is.
 *
 * @throws {WriteError} when the folder does not exist, writing fails, or `path` is one of the inputs.
 */
export async function writeResult(result: JoinResult, path: string): Promise<void> {
  await writeFileAtomic(path, serializeDocument(result.document, result.sourceFormat), {
    mode: 0o600,
    inputs: result.inputPaths,
  });
}

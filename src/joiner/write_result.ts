/**
 * Writing a join result to a file.
 *
 * @module
 */
import { writeDocument } from "../core/mod.ts";
import type { JoinResult } from "./join_result.ts";

/**
 * Writes the merged document to `path` in the first input's format (JSON with 2-space indentation, or YAML),
 * atomically (a temporary file renamed over the target) and with mode 0600. An existing file is overwritten;
 * a file the join read (an input, a file an input references, an overlay) never is.
 *
 * @throws {WriteError} when the folder does not exist, writing fails, or `path` is a file the join read.
 */
export async function writeResult(result: JoinResult, path: string): Promise<void> {
  await writeDocument(path, result.document, {
    format: result.sourceFormat,
    mode: 0o600,
    inputs: result.inputPaths,
    readSet: result.readSet,
  });
}

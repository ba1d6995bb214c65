/**
 * The failure of a tool call, shared by the tool server's files (its own file, so the workspace's checks and the
 * inputs' loading can both throw it without importing each other).
 *
 * @module
 */
import { OatoolError } from "../core/mod.ts";

/** A failure of a tool call with a message for the client (one sentence). */
export class ToolError extends OatoolError {
  /** @param message One sentence saying what is wrong and what to do. */
  constructor(message: string) {
    super(message, "TOOL_ERROR");
    this.name = "ToolError";
  }
}

/**
 * Every tool of the server, in the order `tools/list` gives them. A tool is listed only when its library exists.
 *
 * @module
 */
import type { Tool } from "../define_tool.ts";
import { fixTool } from "./fix.ts";
import { joinTool } from "./join.ts";
import { overlayApplyTool } from "./overlay_apply.ts";
import { overlayValidateTool } from "./overlay_validate.ts";
import { parseTool } from "./parse.ts";
import { validateTool } from "./validate.ts";

/** The tools, in the order they are listed. */
export const TOOLS: readonly Tool[] = [
  validateTool,
  parseTool,
  fixTool,
  joinTool,
  overlayApplyTool,
  overlayValidateTool,
];

/**
 * Every tool of the server, in the order `tools/list` gives them. A tool is listed only when its library exists.
 *
 * @module
 */
import type { Tool } from "../define_tool.ts";
import { bundleTool } from "./bundle.ts";
import { convertTool } from "./convert.ts";
import { diffTool } from "./diff.ts";
import { fixTool } from "./fix.ts";
import { graphTool } from "./graph.ts";
import { generateTool } from "./generate.ts";
import { joinTool } from "./join.ts";
import { overlayApplyTool } from "./overlay_apply.ts";
import { overlayValidateTool } from "./overlay_validate.ts";
import { parseTool } from "./parse.ts";
import { validateTool } from "./validate.ts";
import { walkOperationsTool } from "./walk_operations.ts";
import { walkSchemasTool } from "./walk_schemas.ts";
import { walkParametersTool } from "./walk_parameters.ts";
import { walkResponsesTool } from "./walk_responses.ts";
import { walkHeadersTool } from "./walk_headers.ts";
import { walkSecurityTool } from "./walk_security.ts";
import { walkPathsTool } from "./walk_paths.ts";
import { walkRefsTool } from "./walk_refs.ts";

/** The tools, in the order they are listed. */
export const TOOLS: readonly Tool[] = [
  validateTool,
  parseTool,
  fixTool,
  convertTool,
  bundleTool,
  diffTool,
  joinTool,
  overlayApplyTool,
  overlayValidateTool,
  generateTool,
  walkOperationsTool,
  walkSchemasTool,
  walkParametersTool,
  walkResponsesTool,
  walkHeadersTool,
  walkSecurityTool,
  walkPathsTool,
  walkRefsTool,
  graphTool,
];

import {
  DEFAULT_CACHE_SIZE,
  DEFAULT_MAX_CONTENT_SIZE,
  DEFAULT_WALK_DETAIL_LIMIT,
  DEFAULT_WALK_LIMIT,
  serveStdio,
} from "../mcp/mod.ts";
import { maxInputSizeFlag, wholeNumber } from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** `oatool mcp`. */
export const mcpCommand: Command = defineCommand({
  name: "mcp",
  summary: "Start the tool server (stdio) exposing the capabilities as MCP tools",
  usage: "mcp [flags]",
  description:
    `Starts a Model Context Protocol server on standard input and output, for AI agents and editors: a client
launches it as a subprocess. Standard output carries only the protocol; diagnostics go to standard error. The
server runs until its input ends. Documents given as files or inline content are parsed once and kept in a
session cache (by path and modification time, or by content hash). URLs that lead to loopback, private,
link-local or unique-local addresses are refused unless --allow-private-urls is given.`,
  flags: {
    "cache-size": {
      type: "string",
      default: String(DEFAULT_CACHE_SIZE),
      placeholder: "n",
      description: "Parsed documents kept in the session cache (0 turns it off)",
    },
    "walk-limit": {
      type: "string",
      default: String(DEFAULT_WALK_LIMIT),
      placeholder: "n",
      description: "Walk tools: results per page when a call gives no limit",
    },
    "walk-detail-limit": {
      type: "string",
      default: String(DEFAULT_WALK_DETAIL_LIMIT),
      placeholder: "n",
      description: "Walk tools: results per page with detail when a call gives no limit",
    },
    "max-content-size": {
      type: "size",
      default: DEFAULT_MAX_CONTENT_SIZE,
      placeholder: "bytes",
      description:
        "Largest inline content accepted (bigger documents must be given as file), K, M, G allowed",
    },
    "max-input-size": maxInputSizeFlag,
    "allow-private-urls": {
      type: "boolean",
      description: "Also fetch URLs on loopback, private, link-local and unique-local addresses",
    },
  },
  maxArgs: 0,
  async run(ctx) {
    const options = {
      cacheSize: wholeNumber("cache-size", ctx.flags["cache-size"], 0),
      walkLimit: wholeNumber("walk-limit", ctx.flags["walk-limit"], 1),
      walkDetailLimit: wholeNumber("walk-detail-limit", ctx.flags["walk-detail-limit"], 1),
      maxContentSize: ctx.flags["max-content-size"],
      maxInputSize: ctx.flags["max-input-size"],
      allowPrivateUrls: ctx.flags["allow-private-urls"],
      log: (line: string) => ctx.io.stderr(line + "\n"),
    };
    ctx.io.stderr(`oatool mcp: serving on standard input and output\n`);
    await serveStdio(options);
    return 0;
  },
});

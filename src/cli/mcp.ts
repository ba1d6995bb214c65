import {
  checkMessageLimits,
  DEFAULT_CACHE_MAX_BYTES,
  DEFAULT_CACHE_SIZE,
  DEFAULT_MAX_CONCURRENT,
  DEFAULT_MAX_CONTENT_SIZE,
  DEFAULT_MAX_MESSAGE_SIZE,
  DEFAULT_WALK_DETAIL_LIMIT,
  DEFAULT_WALK_LIMIT,
  serveStdio,
} from "../mcp/mod.ts";
import { UsageError } from "../core/mod.ts";
import { maxInputSizeFlag, wholeNumber } from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** `oatool mcp`. */
export const mcpCommand: Command = defineCommand({
  name: "mcp",
  summary: "Start the tool server (stdio) exposing the capabilities as MCP tools",
  usage: "mcp [flags]",
  exitCodes: {
    0: "the client closed the connection (standard input ended)",
    1: "the server could not start, or a usage error",
  },
  description:
    `Starts a Model Context Protocol server on standard input and output, for AI agents and editors: a client
launches it as a subprocess. Standard output carries only the protocol; diagnostics go to standard error. The
server runs until its input ends. Documents given as files or inline content are parsed once and kept in a
session cache (by path, modification time, size and inode, or by content hash). Tool calls run in worker
threads, so a slow call holds up no other; a message over --max-message-size gets an error reply. URLs that
lead to loopback, private, link-local or unique-local addresses are refused unless --allow-private-urls is
given. Files are read and written only inside the workspace: the folders the client declares as its roots,
else the server's working directory, plus each --allow-dir folder; no path outside it, and no symbolic link to
a folder below it, is followed.`,
  flags: {
    "cache-size": {
      type: "string",
      default: String(DEFAULT_CACHE_SIZE),
      placeholder: "n",
      description: "Parsed documents kept in the session cache (0 turns it off)",
    },
    "cache-max-bytes": {
      type: "size",
      default: DEFAULT_CACHE_MAX_BYTES,
      placeholder: "bytes",
      description:
        "Estimated memory of the parsed documents kept in the session cache (each file of a document set counts 5x its size as JSON, 7x as YAML; a set over it is not kept), K, M, G allowed",
    },
    "max-concurrent": {
      type: "string",
      default: String(DEFAULT_MAX_CONCURRENT),
      placeholder: "n",
      description:
        "Tool calls running at once, each in its own worker thread; the others wait (the default is the number of cores)",
    },
    "max-message-size": {
      type: "size",
      default: DEFAULT_MAX_MESSAGE_SIZE,
      placeholder: "bytes",
      description:
        "Largest JSON-RPC message read; a longer one gets an error reply and is skipped (must exceed --max-content-size), K, M, G allowed",
    },
    verbose: {
      type: "boolean",
      description: "Log each document load with the session cache's size on standard error",
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
    "allow-dir": {
      type: "list",
      placeholder: "dir",
      description:
        "Add a folder to the workspace the tools may read files from and write into (the workspace is the client's roots, else the working directory)",
    },
  },
  maxArgs: 0,
  async run(ctx) {
    for (const dir of ctx.flags["allow-dir"]) {
      const info = await Deno.stat(dir).catch(() => undefined);
      if (info?.isDirectory !== true) {
        throw new UsageError(
          `--allow-dir "${dir}" is not an existing folder; name a folder the tools may use.`,
        );
      }
    }
    const options = {
      cacheSize: wholeNumber("cache-size", ctx.flags["cache-size"], 0),
      walkLimit: wholeNumber("walk-limit", ctx.flags["walk-limit"], 1),
      walkDetailLimit: wholeNumber("walk-detail-limit", ctx.flags["walk-detail-limit"], 1),
      maxContentSize: ctx.flags["max-content-size"],
      maxInputSize: ctx.flags["max-input-size"],
      allowPrivateUrls: ctx.flags["allow-private-urls"],
      cacheMaxBytes: ctx.flags["cache-max-bytes"],
      maxConcurrent: wholeNumber("max-concurrent", ctx.flags["max-concurrent"], 1),
      maxMessageSize: ctx.flags["max-message-size"],
      verbose: ctx.flags.verbose,
      allowDirs: ctx.flags["allow-dir"],
      log: (line: string) => ctx.io.stderr(line + "\n"),
    };
    checkMessageLimits(options);
    ctx.io.stderr(`oatool mcp: serving on standard input and output\n`);
    await serveStdio(options);
    return 0;
  },
});

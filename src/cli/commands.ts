import type { Command } from "./types.ts";

/**
 * One entry of the command table: the name and summary for `oatool help`, and a loader for the command itself.
 * Commands are imported only when they run, so `oatool version` does not load the YAML parser, the validator's
 * schemas or anything else it does not use.
 */
export interface CommandEntry {
  /** Name as typed. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Imports the command's module and returns the command. */
  load(): Promise<Command>;
}

/** Every command, in the order `oatool help` lists them. Add a command with one entry. */
export const commands: CommandEntry[] = [
  {
    name: "validate",
    summary: "Validate a document against the version it declares",
    load: async () => (await import("./validate.ts")).validateCommand,
  },
  {
    name: "fix",
    summary: "Automatically correct common validation errors",
    load: async () => (await import("./fix.ts")).fixCommand,
  },
  {
    name: "parse",
    summary: "Parse and display a document",
    load: async () => (await import("./parse.ts")).parseCommand,
  },
  {
    name: "convert",
    summary: "Convert between OAS versions",
    load: async () => (await import("./convert.ts")).convertCommand,
  },
  {
    name: "bundle",
    summary: "Bundle a multi-file document into one file",
    load: async () => (await import("./bundle.ts")).bundleCommand,
  },
  { name: "join", summary: "Merge documents", load: async () => (await import("./join.ts")).joinCommand },
  {
    name: "overlay",
    summary: "Apply or validate Overlay documents",
    load: async () => (await import("./overlay.ts")).overlayCommand,
  },
  {
    name: "walk",
    summary: "Query elements of a document",
    load: async () => (await import("./walk.ts")).walkCommand,
  },
  {
    name: "generate",
    summary: "Generate Go code (client, server, types)",
    load: async () => (await import("./generate.ts")).generateCommand,
  },
  {
    name: "diff",
    summary: "Compare two documents; optional breaking-change detection",
    load: async () => (await import("./diff.ts")).diffCommand,
  },
  {
    name: "config",
    summary: "The policy file (oatool.yaml): print its JSON Schema",
    load: async () => (await import("./config.ts")).configCommand,
  },
  {
    name: "mcp",
    summary: "Start the tool server (stdio) exposing the capabilities as MCP tools",
    load: async () => (await import("./mcp.ts")).mcpCommand,
  },
  {
    name: "version",
    summary: "Show version and build information",
    load: async () => (await import("./version.ts")).versionCommand,
  },
  { name: "help", summary: "Show help", load: () => Promise.resolve(helpCommand) },
];

/** `oatool help [command]` appears in the list; main handles it before dispatching. */
export const helpCommand: Command = {
  name: "help",
  summary: "Show help",
  usage: "help [command [subcommand]]",
  flags: [],
  exitCodes: { 0: "the help was printed", 1: "unknown command" },
};

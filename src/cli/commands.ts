import type { Command } from "./types.ts";
import { importLazily } from "../core/lazy_import.ts";

/**
 * One entry of the command table: the name and summary for `oatool help`, and a loader for the command itself.
 * Commands are imported only when they run, by specifiers Deno does not follow at start-up ({@link importLazily}),
 * so `oatool version` does not load the YAML parser, the validator's schemas, the MCP SDK or anything else it
 * does not use.
 */
export interface CommandEntry {
  /** Name as typed. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Imports the command's module and returns the command. */
  load(): Promise<Command>;
}

const modules: string[] = [];

/** The command `name` exported by `file` (a module of this folder), imported when it is asked for. */
function lazy<M>(file: string, name: keyof M & string): () => Promise<Command> {
  modules.push(file);
  return async () => (await importLazily<M>(file, import.meta.url))[name] as Command;
}

/** Every command, in the order `oatool help` lists them. Add a command with one entry. */
export const commands: CommandEntry[] = [
  {
    name: "validate",
    summary: "Validate a document against the version it declares",
    load: lazy<typeof import("./validate.ts")>("./validate.ts", "validateCommand"),
  },
  {
    name: "fix",
    summary: "Automatically correct common validation errors",
    load: lazy<typeof import("./fix.ts")>("./fix.ts", "fixCommand"),
  },
  {
    name: "parse",
    summary: "Parse and display a document",
    load: lazy<typeof import("./parse.ts")>("./parse.ts", "parseCommand"),
  },
  {
    name: "convert",
    summary: "Convert between OAS versions",
    load: lazy<typeof import("./convert.ts")>("./convert.ts", "convertCommand"),
  },
  {
    name: "bundle",
    summary: "Bundle a multi-file document into one file",
    load: lazy<typeof import("./bundle.ts")>("./bundle.ts", "bundleCommand"),
  },
  {
    name: "join",
    summary: "Merge documents",
    load: lazy<typeof import("./join.ts")>("./join.ts", "joinCommand"),
  },
  {
    name: "overlay",
    summary: "Apply or validate Overlay documents",
    load: lazy<typeof import("./overlay.ts")>("./overlay.ts", "overlayCommand"),
  },
  {
    name: "walk",
    summary: "Query elements of a document",
    load: lazy<typeof import("./walk.ts")>("./walk.ts", "walkCommand"),
  },
  {
    name: "generate",
    summary: "Generate Go code (client, server, types)",
    load: lazy<typeof import("./generate.ts")>("./generate.ts", "generateCommand"),
  },
  {
    name: "diff",
    summary: "Compare two documents; optional breaking-change detection",
    load: lazy<typeof import("./diff.ts")>("./diff.ts", "diffCommand"),
  },
  {
    name: "config",
    summary: "The policy file (oatool.yaml): print its JSON Schema",
    load: lazy<typeof import("./config.ts")>("./config.ts", "configCommand"),
  },
  {
    name: "mcp",
    summary: "Start the tool server (stdio) exposing the capabilities as MCP tools",
    load: lazy<typeof import("./mcp.ts")>("./mcp.ts", "mcpCommand"),
  },
  {
    name: "completion",
    summary: "Print a shell completion script (bash, zsh, fish, powershell)",
    load: lazy<typeof import("./completion.ts")>("./completion.ts", "completionCommand"),
  },
  {
    name: "version",
    summary: "Show version and build information",
    load: lazy<typeof import("./version.ts")>("./version.ts", "versionCommand"),
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

/** The command modules of the table (`./validate.ts`, …), which `deno compile` is told to include. */
export const COMMAND_MODULES: readonly string[] = modules;

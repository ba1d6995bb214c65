import type { Command } from "./types.ts";

/**
 * One entry of the command table: the name and summary for `oatool help`, and a loader for the command itself.
 * Commands are imported only when they run, by literal dynamic imports (which Deno grants without a permission
 * for the program's own files), so `oatool version` does not run the YAML parser, the validator's schemas, the
 * MCP SDK or anything else it does not use.
 */
export interface CommandEntry {
  /** Name as typed. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Imports the command's module and returns the command. */
  load(): Promise<Command>;
}

/**
 * The command `name` exported by the module `load` imports, imported when it is asked for. The specifier is a
 * literal (`() => import("./x.ts")`): Deno then grants the import without a read or net permission for the
 * program's own files, which a specifier built at run time would need (`deno run --allow-read=. jsr:…` would
 * fail), at the price of Deno reading the module graph at start.
 */
function lazy<M>(load: () => Promise<M>, name: keyof M & string): () => Promise<Command> {
  return async () => (await load())[name] as Command;
}

/** Every command, in the order `oatool help` lists them. Add a command with one entry. */
export const commands: CommandEntry[] = [
  {
    name: "validate",
    summary: "Validate a document against the version it declares",
    load: lazy(() => import("./validate.ts"), "validateCommand"),
  },
  {
    name: "fix",
    summary: "Automatically correct common validation errors",
    load: lazy(() => import("./fix.ts"), "fixCommand"),
  },
  {
    name: "parse",
    summary: "Parse and display a document",
    load: lazy(() => import("./parse.ts"), "parseCommand"),
  },
  {
    name: "convert",
    summary: "Convert between OAS versions",
    load: lazy(() => import("./convert.ts"), "convertCommand"),
  },
  {
    name: "bundle",
    summary: "Bundle a multi-file document into one file",
    load: lazy(() => import("./bundle.ts"), "bundleCommand"),
  },
  {
    name: "join",
    summary: "Merge documents",
    load: lazy(() => import("./join.ts"), "joinCommand"),
  },
  {
    name: "overlay",
    summary: "Apply or validate Overlay documents",
    load: lazy(() => import("./overlay.ts"), "overlayCommand"),
  },
  {
    name: "walk",
    summary: "Query elements of a document",
    load: lazy(() => import("./walk.ts"), "walkCommand"),
  },
  {
    name: "graph",
    summary: "Draw the schema graph: what a schema pulls in, cycles, unused schemas",
    load: lazy(() => import("./graph.ts"), "graphCommand"),
  },
  {
    name: "generate",
    summary: "Generate Go code (client, server, types)",
    load: lazy(() => import("./generate.ts"), "generateCommand"),
  },
  {
    name: "diff",
    summary: "Compare two documents; optional breaking-change detection",
    load: lazy(() => import("./diff.ts"), "diffCommand"),
  },
  {
    name: "config",
    summary: "The policy file (oatool.yaml): print its JSON Schema",
    load: lazy(() => import("./config.ts"), "configCommand"),
  },
  {
    name: "mcp",
    summary: "Start the tool server (stdio) exposing the capabilities as MCP tools",
    load: lazy(() => import("./mcp.ts"), "mcpCommand"),
  },
  {
    name: "completion",
    summary: "Print a shell completion script (bash, zsh, fish, powershell)",
    load: lazy(() => import("./completion.ts"), "completionCommand"),
  },
  {
    name: "version",
    summary: "Show version and build information",
    load: lazy(() => import("./version.ts"), "versionCommand"),
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

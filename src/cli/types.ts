import type { DocumentReader } from "../core/mod.ts";

/** Where a command reads and writes. `main` gets one; tests pass a capturing one. */
export interface CliIO {
  /** Writes to standard output (text as given, no newline added). */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /** Reader for files, URLs and standard input. */
  reader: DocumentReader;
  /** Whether colour may be used on standard output / error. */
  color: boolean;
  /**
   * Whether standard output was closed by its reader (a pipe into `head`): the run ends quietly, exit 0. Set
   * by {@link CliIO.stdout} when a write finds the pipe closed.
   */
  stdoutClosed?(): boolean;
  /**
   * Makes a reader with a size cap, for `--max-input-size`; without it, {@link CliIO.reader} is used as it is.
   */
  createReader?(options: { maxInputSize: number }): DocumentReader;
}

/** The value of a parsed flag: booleans, strings, lists of strings, sizes in bytes. */
export type FlagValue = boolean | string | string[] | number | undefined;

/** A flag of a command. */
export interface FlagSpec {
  /** Long name without hyphens, e.g. `source-map`. */
  name: string;
  /** One-letter alias, e.g. `s`. */
  short?: string;
  /**
   * `boolean` (bare or `=true`/`=false`), `string` (one value), `list` (repeatable, collected in order), `size`
   * (bytes, with an optional K, M or G suffix).
   */
  type: "boolean" | "string" | "list" | "size";
  /** Default value. */
  default?: boolean | string | string[] | number;
  /** One line of help. */
  description: string;
  /** Name of the value in help, e.g. `file`. */
  placeholder?: string;
  /** Allowed values, checked by the parser. */
  choices?: readonly string[];
  /** Other long names accepted for the flag, e.g. `prune` for `prune-all`. */
  aliases?: readonly string[];
}

/** Parsed flags and positional arguments given to a command. */
export interface CommandContext {
  /** Flag values by long name (defaults filled in). */
  flags: Record<string, FlagValue>;
  /** Whether a flag was given explicitly. */
  given: ReadonlySet<string>;
  /** Positional arguments. */
  args: string[];
  /** Where to read and write. */
  io: CliIO;
}

/** What each exit code of a command means, by code: `{ 0: "valid", 1: "invalid" }`. */
export type ExitCodes = Readonly<Record<number, string>>;

/** A command (or subcommand) of the CLI. */
export interface Command {
  /** Name as typed. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Usage line after `oatool `, e.g. `parse [flags] <file|url|->`. */
  usage: string;
  /** Paragraphs shown in `--help` after the usage. */
  description?: string;
  /** Flags. */
  flags: FlagSpec[];
  /** Least number of positional arguments. */
  minArgs?: number;
  /** Most positional arguments (undefined: no limit). */
  maxArgs?: number;
  /** Subcommands (e.g. `overlay apply`); when set, `run` is not used. */
  subcommands?: Command[];
  /** Exit code for usage errors. @default 1 */
  usageExitCode?: number;
  /** What each exit code means; `--help` lists them under "Exit codes:". */
  exitCodes?: ExitCodes;
  /**
   * Exit code when the command could not do its job (it threw: an unreadable input, a refused permission),
   * or a function of the error that gives it. @default 1
   */
  failureExitCode?: number | ((error: unknown) => number);
  /** Runs the command and returns its exit code. */
  run?(ctx: CommandContext): Promise<number>;
}

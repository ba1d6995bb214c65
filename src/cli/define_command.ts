/**
 * `defineCommand()`: a command's flags and their types are declared once; the parser, the handler's typed
 * values and the generated help all come from that one declaration.
 *
 * @module
 */
// Not the core barrel: every command, `version` too, loads this module (the barrel loads the YAML parser).
import { ParseError, UnsupportedVersionError } from "../core/errors.ts";
import type { DocumentReader } from "../io/reader.ts";
import type { CliIO, Command, ExitCodes, FlagSpec } from "./types.ts";

/** The declaration of one flag: a {@link FlagSpec} without its name (the key it is declared under). */
export type FlagDeclaration = Omit<FlagSpec, "name">;

/** The type a handler receives for a declared flag. */
export type FlagValueOf<D extends FlagDeclaration> = D extends { type: "boolean" } ? boolean
  : D extends { type: "list" } ? string[]
  : D extends { type: "size" } ? (D extends { default: number } ? number : number | undefined)
  : D extends { choices: readonly (infer C extends string)[] }
    ? (D extends { default: string } ? C : C | undefined)
  : D extends { default: string } ? string
  : string | undefined;

/** The typed values of a command's flags, by long name. */
export type FlagValues<F extends Readonly<Record<string, FlagDeclaration>>> = {
  readonly [K in keyof F]: FlagValueOf<F[K]>;
};

/** What a handler gets: typed flag values, the positional arguments, and where to read and write. */
export interface TypedContext<F extends Readonly<Record<string, FlagDeclaration>>> {
  /** Flag values, typed from the declaration (defaults filled in). */
  flags: FlagValues<F>;
  /** Long names of the flags given explicitly. */
  given: ReadonlySet<string>;
  /** Positional arguments. */
  args: string[];
  /** Where to write. */
  io: CliIO;
  /** Where to read documents from: capped by `--max-input-size` when the command declares it. */
  reader: DocumentReader;
}

/** The declaration of a command. */
export interface CommandDeclaration<F extends Readonly<Record<string, FlagDeclaration>>> {
  /** Name as typed. */
  name: string;
  /** One line for the command list and the help. */
  summary: string;
  /** Usage line after `oatool `, e.g. `parse [flags] <file|url|->`. */
  usage: string;
  /** Paragraphs shown in `--help` after the usage. */
  description?: string;
  /** The flags, by long name, in the order the help lists them. */
  flags: F;
  /** Least number of positional arguments. */
  minArgs?: number;
  /** Most positional arguments (undefined: no limit). */
  maxArgs?: number;
  /** Exit code for usage errors. @default 1 */
  usageExitCode?: number;
  /** What each exit code means (every command declares them); `--help` lists them under "Exit codes:". */
  exitCodes: ExitCodes;
  /**
   * Exit code when the command could not do its job (it threw: an unreadable input, a refused permission),
   * or a function of the error that gives it. @default 1
   */
  failureExitCode?: number | ((error: unknown) => number);
  /** Runs the command with typed values and returns its exit code. */
  run(ctx: TypedContext<F>): Promise<number>;
}

/**
 * The exit code of a check (validate) that threw: 1 when the document was read but is not an OpenAPI document
 * (its syntax, or its version: an invalid document, as the specification says), 2 when the check could not be
 * done (an unreadable input, a refused permission, an internal error).
 */
export function invalidOrCouldNotRun(error: unknown): number {
  return error instanceof ParseError || error instanceof UnsupportedVersionError ? 1 : 2;
}

/** The flag a command declares to cap the size of every document it reads. */
export const MAX_INPUT_SIZE = "max-input-size";

/**
 * Declares a command: the flags once, as a record of declarations; the handler receives their values typed
 * (`boolean`, `string`, a union of the `choices`, `string[]` for lists, `number` for sizes), and the help is
 * generated from the same declarations.
 *
 * @example
 * ```ts
 * import { defineCommand } from "./define_command.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const hello = defineCommand({
 *   name: "hello",
 *   summary: "Say hello",
 *   usage: "hello [flags]",
 *   flags: {
 *     loud: { type: "boolean", description: "Shout" },
 *     format: { type: "string", choices: ["text", "json"], default: "text", description: "Format" },
 *   },
 *   exitCodes: { 0: "said hello" },
 *   run(ctx) {
 *     const format: "text" | "json" = ctx.flags.format;
 *     ctx.io.stdout(format === "json" ? '"hello"\n' : ctx.flags.loud ? "HELLO\n" : "hello\n");
 *     return Promise.resolve(0);
 *   },
 * });
 * assertEquals(hello.name, "hello");
 * ```
 */
export function defineCommand<const F extends Readonly<Record<string, FlagDeclaration>>>(
  declaration: CommandDeclaration<F>,
): Command {
  const { flags, run, ...rest } = declaration;
  const specs: FlagSpec[] = Object.entries(flags).map(([name, d]) => ({ name, ...d }));
  const capped = Object.hasOwn(flags, MAX_INPUT_SIZE);
  return {
    ...rest,
    flags: specs,
    run(ctx) {
      const size = ctx.flags[MAX_INPUT_SIZE];
      const reader = capped && typeof size === "number" && ctx.io.createReader
        ? ctx.io.createReader({ maxInputSize: size })
        : ctx.io.reader;
      // The parser filled in every declared flag with a value of its declared type (see parseFlags), which is
      // what FlagValues<F> says; this is the one place that relies on it.
      return run({ flags: ctx.flags as FlagValues<F>, given: ctx.given, args: ctx.args, io: ctx.io, reader });
    },
  };
}

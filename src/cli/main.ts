/**
 * The command-line entry: `main(args, io)` returns the exit code; `cli.ts` is the only place that exits.
 *
 * @module
 */
import { describeError, OatoolError, UsageError } from "../core/errors.ts";
import { escapeText } from "../render/escape.ts";
import { closest, parseFlags } from "./flags.ts";
import { renderCommandHelp, renderMainHelp, renderUsage } from "./help.ts";
import type { CliIO, Command } from "./types.ts";
import { type CommandEntry, commands, helpCommand } from "./commands.ts";
import { lazyDefaultReader } from "./_lazy_reader.ts";

/** The values of the global `--color` flag. */
export const COLOR_MODES = ["auto", "always", "never"] as const;

/** A value of the global `--color` flag. */
export type ColorMode = typeof COLOR_MODES[number];

/** Thrown by {@link processIO}'s standard output once its reader has gone: the run ends quietly. */
class StdoutClosed extends Error {}

/**
 * Whether colour is used. `always`/`never` decide; `auto` follows `FORCE_COLOR` (any value but `0`/`false`
 * forces it, `0`/`false` turns it off), then `NO_COLOR`, then whether both streams are terminals. `FORCE_COLOR`
 * is read only where it may be read without a prompt: the binaries and `deno task oatool` are granted it
 * (`--allow-env=FORCE_COLOR,NO_COLOR`); under narrower grants it is ignored.
 */
export function colorWanted(
  mode: ColorMode,
  env: { force?: string; noColor: boolean; terminal: boolean },
): boolean {
  if (mode !== "auto") return mode === "always";
  if (env.force !== undefined && env.force !== "") return env.force !== "0" && env.force !== "false";
  return !env.noColor && env.terminal;
}

function forceColorEnv(): string | undefined {
  const state = Deno.permissions.querySync({ name: "env", variable: "FORCE_COLOR" }).state;
  return state === "granted" ? Deno.env.get("FORCE_COLOR") : undefined;
}

/**
 * An {@link CliIO} over the process's standard streams; colour as `--color` says (default `auto`). When the reader
 * of standard output goes away (a pipe into `head`), the write ends the run quietly: see
 * {@link CliIO.stdoutClosed}.
 */
export function processIO(color: ColorMode = "auto"): CliIO {
  const encoder = new TextEncoder();
  let closed = false;
  const write = (stream: { writeSync(p: Uint8Array): number }, isStdout: boolean) => (text: string) => {
    if (closed) {
      if (isStdout) throw new StdoutClosed();
      return; // standard error of a run whose output is gone: nothing is waiting for it
    }
    let bytes = encoder.encode(text);
    try {
      while (bytes.length > 0) {
        const n = stream.writeSync(bytes);
        bytes = bytes.subarray(n);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
      if (isStdout) {
        closed = true;
        throw new StdoutClosed();
      }
    }
  };
  return {
    stdout: write(Deno.stdout, true),
    stderr: write(Deno.stderr, false),
    // src/io (node:path, the confinement checks) is imported at the first read: `version` starts without it
    reader: lazyDefaultReader(),
    createReader: (options) => lazyDefaultReader(options),
    color: colorWanted(color, {
      force: forceColorEnv(),
      noColor: Deno.noColor,
      terminal: Deno.stdout.isTerminal() && Deno.stderr.isTerminal(),
    }),
    stdoutClosed: () => closed,
  };
}

/**
 * Takes the global `--color <mode>` (or `--color=<mode>`, one hyphen or two) out of the arguments, anywhere before
 * `--`. Returns the mode (the last one given) and the rest, or a message for a missing or unknown mode.
 */
export function takeColorFlag(args: readonly string[]): { mode?: ColorMode; rest: string[]; error?: string } {
  const rest: string[] = [];
  let mode: ColorMode | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      rest.push(...args.slice(i));
      break;
    }
    const m = /^--?color(?:=(.*))?$/.exec(a);
    if (m === null) {
      rest.push(a);
      continue;
    }
    const value = m[1] ?? args[++i];
    if (!(COLOR_MODES as readonly (string | undefined)[]).includes(value)) {
      return {
        rest,
        error: `--color ${value === undefined ? "needs a value" : `is "${escapeText(value)}"`}; give ${
          COLOR_MODES.join(", ")
        }.`,
      };
    }
    mode = value as ColorMode;
  }
  return { mode, rest };
}

/** Paths through which a shell hands over a process substitution (`<(command)`). */
const PROCESS_SUBSTITUTION = /^\/(?:dev|proc\/self)\/fd\/\d+$/;

/**
 * The message of a failed run. When an input was a process substitution and the failure names it, the message
 * says so in one sentence and what to do instead, rather than calling the pipe a missing file.
 */
function failureMessage(error: unknown, args: readonly string[]): string {
  const message = describeError(error);
  const fd = args.find((a) => PROCESS_SUBSTITUTION.test(a) && message.includes(a));
  if (fd !== undefined && error instanceof OatoolError) {
    return `${fd} is a process substitution (a pipe from the shell) that could not be read; it can be read ` +
      `only once, by the command it was given to, so save the document to a file, or pipe it in and give -.`;
  }
  return message;
}

/** Runs one command (or its subcommand) with its arguments. */
async function runCommand(command: Command, args: string[], io: CliIO, parent?: string): Promise<number> {
  const usageCode = command.usageExitCode ?? 1;
  if (command.subcommands?.length) {
    const [name, ...rest] = args;
    if (name === undefined || name === "help" || HELP_FLAGS.has(name)) {
      const out = renderCommandHelp(command, parent);
      if (name === undefined) {
        io.stderr(`oatool ${command.name}: a subcommand is required.\n\n${out}`);
        return usageCode;
      }
      io.stdout(out);
      return 0;
    }
    const sub = command.subcommands.find((c) => c.name === name);
    if (sub === undefined) {
      const guess = closest(name, command.subcommands.map((c) => c.name));
      io.stderr(
        `oatool ${command.name}: unknown subcommand "${escapeText(name)}"${
          guess ? `; did you mean "${guess}"?` : "."
        }\n\n` +
          renderCommandHelp(command, parent),
      );
      return usageCode;
    }
    return runCommand(sub, rest, io, parent ? `${parent} ${command.name}` : command.name);
  }
  const fullName = parent ? `${parent} ${command.name}` : command.name;
  let parsed;
  try {
    parsed = parseFlags(args, command.flags);
    if (parsed.help) {
      io.stdout(renderCommandHelp(command, parent));
      return 0;
    }
    const n = parsed.args.length;
    if (command.minArgs !== undefined && n < command.minArgs) {
      throw new UsageError(
        command.minArgs === 1
          ? "an input is required."
          : `at least ${command.minArgs} arguments are required, ${n} given.`,
      );
    }
    if (command.maxArgs !== undefined && n > command.maxArgs) {
      throw new UsageError(
        `too many arguments (${
          parsed.args.map((a) => `"${a}"`).join(" ")
        }); expected at most ${command.maxArgs}.`,
      );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`oatool ${fullName}: ${escapeText(error.message)}\n${renderUsage(command, parent)}`);
      return usageCode;
    }
    throw error;
  }
  try {
    const code = await command.run!({ flags: parsed.flags, given: parsed.given, args: parsed.args, io });
    return io.stdoutClosed?.() ? 0 : code;
  } catch (error) {
    // Standard output's reader went away (a pipe into head): what remained was output nobody reads.
    if (error instanceof StdoutClosed || io.stdoutClosed?.()) return 0;
    if (error instanceof UsageError) {
      io.stderr(`oatool ${fullName}: ${escapeText(error.message)}\n${renderUsage(command, parent)}`);
      return usageCode;
    }
    const failed = command.failureExitCode ?? 1;
    const failureCode = typeof failed === "number" ? failed : failed(error);
    // Deno's permission flags refused it (src/io/permission.ts is imported only on this path)
    const { reportRefusal } = await import("../io/permission.ts");
    if (reportRefusal(error, io.stderr, `oatool ${fullName}: `)) return failureCode;
    io.stderr(
      `oatool ${fullName}: ${error instanceof OatoolError ? "" : "internal error: "}${
        escapeText(failureMessage(error, args))
      }\n`,
    );
    return failureCode;
  }
}

/**
 * Runs oatool with command-line arguments and returns the exit code.
 *
 * @example
 * ```ts
 * import { defaultReader } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { main } from "./main.ts";
 * let out = "";
 * const code = await main(["version"], {
 *   stdout: (s) => out += s,
 *   stderr: () => {},
 *   reader: defaultReader,
 *   color: false,
 * });
 * assertEquals(code, 0);
 * assertEquals(out.startsWith("oatool "), true);
 * ```
 */
export async function main(args: readonly string[], io?: CliIO): Promise<number> {
  const color = takeColorFlag(args);
  const cli = io === undefined
    ? processIO(color.mode)
    : color.mode === undefined
    ? io
    : { ...io, color: color.mode === "always" };
  if (color.error !== undefined) {
    cli.stderr(`oatool: ${color.error}\n`);
    return 1;
  }
  try {
    return await dispatch(color.rest, cli);
  } catch (error) {
    if (error instanceof StdoutClosed || cli.stdoutClosed?.()) return 0;
    throw error;
  }
}

async function dispatch(args: readonly string[], io: CliIO): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) {
    io.stderr(renderMainHelp(commands));
    return 1;
  }
  if (HELP_FLAGS.has(first)) {
    io.stdout(renderMainHelp(commands));
    return 0;
  }
  if (first === "help") {
    if (rest.length === 0 || HELP_FLAGS.has(rest[0])) {
      io.stdout(renderMainHelp(commands));
      return 0;
    }
    if (rest[0] === "help") {
      io.stdout(renderCommandHelp(helpCommand));
      return 0;
    }
    const entry = findCommand(rest[0]);
    if (entry === undefined) return unknownCommand(rest[0], io);
    const target = await entry.load();
    if (rest.length > 1 && target.subcommands) {
      const sub = target.subcommands.find((c) => c.name === rest[1]);
      if (sub) {
        io.stdout(renderCommandHelp(sub, target.name));
        return 0;
      }
    }
    io.stdout(renderCommandHelp(target));
    return 0;
  }
  if (first === "-v" || first === "--version" || first === "-version") {
    return runCommand(await findCommand("version")!.load(), rest, io);
  }
  const entry = findCommand(first);
  if (entry === undefined) return unknownCommand(first, io);
  return runCommand(await entry.load(), [...rest], io);
}

/** The flags that ask for help. */
const HELP_FLAGS: ReadonlySet<string> = new Set(["-h", "--help", "-help"]);

function findCommand(name: string): CommandEntry | undefined {
  return name === "help" ? undefined : commands.find((c) => c.name === name);
}

function unknownCommand(name: string, io: CliIO): number {
  const guess = closest(name, commands.map((c) => c.name));
  io.stderr(
    `oatool: unknown command "${escapeText(name)}"${
      guess ? `; did you mean "${guess}"?` : "."
    }\nRun "oatool help" for the list of commands.\n`,
  );
  return 1;
}

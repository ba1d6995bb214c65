/**
 * The command-line entry: `main(args, io)` returns the exit code; `cli.ts` is the only place that exits.
 *
 * @module
 */
import { describeError, OatoolError, UsageError } from "../core/errors.ts";
import { createDefaultReader } from "../io/reader.ts";
import { escapeText } from "../render/escape.ts";
import { reportRefusal } from "../io/permission.ts";
import { closest, parseFlags } from "./flags.ts";
import { renderCommandHelp, renderMainHelp, renderUsage } from "./help.ts";
import type { CliIO, Command } from "./types.ts";
import { type CommandEntry, commands } from "./commands.ts";

/** An {@link CliIO} over the process's standard streams; colour only on a terminal and without NO_COLOR. */
export function processIO(): CliIO {
  const encoder = new TextEncoder();
  const write = (stream: { writeSync(p: Uint8Array): number }) => (text: string) => {
    let bytes = encoder.encode(text);
    while (bytes.length > 0) {
      const n = stream.writeSync(bytes);
      bytes = bytes.subarray(n);
    }
  };
  return {
    stdout: write(Deno.stdout),
    stderr: write(Deno.stderr),
    reader: createDefaultReader(),
    createReader: (options) => createDefaultReader(options),
    color: !Deno.noColor && Deno.stdout.isTerminal() && Deno.stderr.isTerminal(),
  };
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
    if (name === undefined || name === "help" || name === "-h" || name === "--help" || name === "-help") {
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
    return await command.run!({ flags: parsed.flags, given: parsed.given, args: parsed.args, io });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`oatool ${fullName}: ${escapeText(error.message)}\n${renderUsage(command, parent)}`);
      return usageCode;
    }
    if (reportRefusal(error, io.stderr, `oatool ${fullName}: `)) return 1; // Deno's permission flags refused it
    io.stderr(
      `oatool ${fullName}: ${error instanceof OatoolError ? "" : "internal error: "}${
        escapeText(failureMessage(error, args))
      }\n`,
    );
    return 1;
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
export async function main(args: readonly string[], io: CliIO = processIO()): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) {
    io.stderr(renderMainHelp(commands));
    return 1;
  }
  if (first === "-h" || first === "--help" || first === "-help") {
    io.stdout(renderMainHelp(commands));
    return 0;
  }
  if (first === "help") {
    if (rest.length === 0) {
      io.stdout(renderMainHelp(commands));
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

/**
 * `oatool completion bash|zsh|fish|powershell`: prints a shell completion script generated from the command
 * declarations (the command table in commands.ts and each command's flags): command and subcommand names, flags,
 * and the values of flags whose values are a fixed set (`choices`: formats, strategies, presets, …).
 *
 * This command loads every command's declaration when it runs; the other commands load only their own.
 *
 * @module
 */
import { UsageError } from "../core/errors.ts";
import { type CommandEntry, commands } from "./commands.ts";
import { defineCommand } from "./define_command.ts";
import {
  COMPLETION_SHELLS,
  type CompletionFlag,
  type CompletionNode,
  type CompletionShell,
  renderCompletion,
} from "./_completion_shells.ts";
import type { Command } from "./types.ts";

export type { CompletionFlag, CompletionNode };

/** What may appear unquoted in a generated script: names of commands, flags and choices. */
const WORD = /^[A-Za-z0-9][A-Za-z0-9._+\/-]*$/;

function word(text: string, what: string): string {
  if (!WORD.test(text)) {
    // A declaration's names are the program's own; this guards the scripts against a future one that is not.
    throw new Error(`the ${what} "${text}" has characters a completion script cannot carry unquoted.`);
  }
  return text;
}

const HELP: CompletionFlag = {
  names: ["--help", "-h"],
  takesValue: false,
  choices: [],
  description: "Show help",
};

function node(command: Command, path: string[]): CompletionNode {
  const flags: CompletionFlag[] = command.flags.map((f) => ({
    names: [
      `--${word(f.name, "flag")}`,
      ...(f.aliases ?? []).map((a) => `--${word(a, "flag")}`),
      ...(f.short ? [`-${word(f.short, "flag")}`] : []),
    ],
    takesValue: f.type !== "boolean",
    choices: (f.choices ?? []).map((c) => word(c, `value of --${f.name}`)),
    description: f.description,
  }));
  return {
    path,
    summary: command.summary,
    flags: [...flags, HELP],
    subcommands: (command.subcommands ?? []).map((s) => node(s, [...path, word(s.name, "subcommand")])),
  };
}

/** The tree of every command: loads each entry of `entries` (every command's module) and reads its flags. */
export async function completionTree(entries: readonly CommandEntry[] = commands): Promise<CompletionNode> {
  const subcommands: CompletionNode[] = [];
  for (const entry of entries) {
    subcommands.push(node(await entry.load(), [word(entry.name, "command")]));
  }
  // `oatool help <command>`: the commands' names after help.
  const help = subcommands.find((n) => n.path[0] === "help");
  if (help) {
    help.subcommands = subcommands.filter((n) => n !== help).map((n) => ({
      path: ["help", n.path[0]],
      summary: n.summary,
      flags: [],
      subcommands: [],
    }));
  }
  return {
    path: [],
    summary: "OpenAPI toolkit",
    flags: [HELP, {
      names: ["--version", "-v"],
      takesValue: false,
      choices: [],
      description: "Show version",
    }],
    subcommands,
  };
}

/** `oatool completion`. */
export const completionCommand: Command = defineCommand({
  name: "completion",
  summary: "Print a shell completion script (bash, zsh, fish, powershell)",
  usage: `completion <${COMPLETION_SHELLS.join("|")}>`,
  description: `Prints a script that completes oatool's commands, subcommands, flags, and the values of flags
that take one of a fixed set (formats, strategies, presets). Load it in your shell:

  bash        source <(oatool completion bash)              (e.g. in ~/.bashrc)
  zsh         oatool completion zsh > "\${fpath[1]}/_oatool"  (then restart zsh; or eval it after compinit)
  fish        oatool completion fish > ~/.config/fish/completions/oatool.fish
  powershell  oatool completion powershell | Out-String | Invoke-Expression   (e.g. in $PROFILE)`,
  exitCodes: { 0: "the script was printed", 2: "no shell, an unknown one, or another usage error" },
  flags: {},
  minArgs: 1,
  maxArgs: 1,
  usageExitCode: 2,
  async run(ctx) {
    const shell = ctx.args[0];
    if (!(COMPLETION_SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`unknown shell "${shell}"; use one of ${COMPLETION_SHELLS.join(", ")}.`);
    }
    ctx.io.stdout(renderCompletion(shell as CompletionShell, await completionTree()));
    return 0;
  },
});

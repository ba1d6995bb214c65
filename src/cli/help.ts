import type { Command, FlagSpec } from "./types.ts";
import { VERSION } from "../core/build_info.ts";
import { formatByteSize } from "./flags.ts";

function flagLabel(f: FlagSpec): string {
  const names = [
    f.short ? `-${f.short}` : undefined,
    `--${f.name}`,
    ...(f.aliases ?? []).map((a) => `--${a}`),
  ]
    .filter(Boolean)
    .join(", ");
  const value = f.type === "boolean" ? "" : ` <${f.placeholder ?? (f.type === "size" ? "bytes" : "value")}>`;
  return names + value;
}

/** The flag table of a command. */
export function renderFlags(flags: readonly FlagSpec[]): string {
  if (flags.length === 0) return "";
  const labels = flags.map(flagLabel);
  const width = Math.min(40, Math.max(...labels.map((l) => l.length)));
  return flags.map((f, i) => {
    const def =
      f.default === undefined || f.default === false || (Array.isArray(f.default) && f.default.length === 0)
        ? ""
        : ` (default ${
          Array.isArray(f.default)
            ? f.default.join(",")
            : typeof f.default === "number" && f.type === "size"
            ? formatByteSize(f.default)
            : String(f.default)
        })`;
    const repeat = f.type === "list" ? " (repeatable)" : "";
    const label = labels[i];
    const pad = label.length > width ? "\n  " + " ".repeat(width + 2) : " ".repeat(width - label.length + 2);
    return `  ${label}${pad}${f.description}${def}${repeat}`;
  }).join("\n") + "\n";
}

/** The full help of a command: usage, description, subcommands, flags. */
export function renderCommandHelp(command: Command, parent?: string): string {
  const prefix = parent ? `oatool ${parent} ` : "oatool ";
  let out = `Usage: ${prefix}${command.usage}\n\n${command.summary}\n`;
  if (command.description) out += `\n${command.description.trimEnd()}\n`;
  if (command.subcommands?.length) {
    out += "\nSubcommands:\n";
    const width = Math.max(...command.subcommands.map((c) => c.name.length));
    for (const sub of command.subcommands) out += `  ${sub.name.padEnd(width + 2)}${sub.summary}\n`;
    out += `\nRun "oatool ${command.name} <subcommand> --help" for a subcommand's flags.\n`;
  }
  const flags = [
    ...command.flags,
    { name: "help", short: "h", type: "boolean", description: "Show this help" } as FlagSpec,
  ];
  out += "\nFlags:\n" + renderFlags(flags);
  out += renderExitCodes(command);
  return out;
}

/** The "Exit codes:" block of a command's help, from its declaration (empty when it declares none). */
export function renderExitCodes(command: Pick<Command, "exitCodes">): string {
  const codes = Object.entries(command.exitCodes ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  if (codes.length === 0) return "";
  return "\nExit codes:\n" +
    codes.map(([code, meaning]) => `  ${code.padEnd(3)}${wrap(meaning, 105, 5)}`).join("\n") +
    "\n";
}

/** Words in lines of at most `width` characters, the lines after the first indented by `indent` spaces. */
function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join("\n" + " ".repeat(indent));
}

/** The short usage shown after a usage error. */
export function renderUsage(command: Command, parent?: string): string {
  const prefix = parent ? `oatool ${parent} ` : "oatool ";
  return `Usage: ${prefix}${command.usage}\nRun "${prefix}${command.name} --help" for the flags.\n`;
}

/** The top-level help. */
export function renderMainHelp(commands: readonly { name: string; summary: string }[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width + 2)}${c.summary}`).join("\n");
  return `oatool v${VERSION}: a toolkit for OpenAPI 2.0, 3.0, 3.1 and 3.2 documents.

Usage: oatool <command> [flags] [arguments]

Commands:
${list}

Flags may be written with one or two hyphens (-q, --quiet); booleans bare or as =true / =false; flags may come
before or after the arguments, and "--" ends them; a flag that takes a value takes the next argument, whatever
it looks like. Inputs are file paths, file:/// and http(s) URLs, or "-" for standard input; "-o -" writes to
standard output.

Global flags (before or after the command): --color auto|always|never (default auto: colour only when
standard output and error are terminals and NO_COLOR is not set; FORCE_COLOR=1 forces it, FORCE_COLOR=0 turns
it off). A closed standard output (a pipe into head) ends the run quietly with exit code 0.

Run "oatool <command> --help" or "oatool help <command>" for a command's flags and exit codes.
`;
}

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
  return out;
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

Run "oatool <command> --help" for a command's flags.
`;
}

/**
 * The generated parts of the documentation, as Markdown: a command's header and reference (summary, usage,
 * description, subcommands, flags with their types, defaults and value sets, exit codes) from its
 * `defineCommand` declaration, the command list, and the validator's rules table. Pure functions of the
 * declarations and tables; scripts/gen_docs.ts places them in the pages.
 *
 * @module
 */
import type { Command, FlagSpec } from "../src/cli/types.ts";
import { formatByteSize } from "../src/cli/flags.ts";
import { listRules } from "../src/validator/mod.ts";
import { SEMANTIC_RULES } from "../src/validator/rules/mod.ts";
import { specLink } from "../src/walker/mod.ts";
import { type OASVersion, SUPPORTED_VERSIONS } from "../src/core/mod.ts";

/** Text for a table cell: pipes escaped, one line, Markdown's inline markers taken literally. */
export function cell(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`).replace(/\s*\n\s*/g, " ");
}

/** Text as an inline code span (backticks inside are fenced with more backticks). */
export function code(text: string): string {
  const ticks = "`".repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`.replaceAll("|", "\\|");
}

/** A fenced block (the fence longer than any run of backticks inside). */
function fenced(info: string, text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${info}\n${text.trimEnd()}\n${fence}`;
}

/** The implicit `-h, --help` every command has, listed as `--help` lists it. */
const HELP_FLAG: FlagSpec = { name: "help", short: "h", type: "boolean", description: "Show this help" };

function flagNames(f: FlagSpec): string {
  return [f.short ? `-${f.short}` : undefined, `--${f.name}`, ...(f.aliases ?? []).map((a) => `--${a}`)]
    .filter((n): n is string => n !== undefined).map(code).join(", ");
}

function flagValue(f: FlagSpec): string {
  if (f.type === "boolean") return "boolean";
  const values = f.choices?.map(code).join(", ");
  const name = code(`<${f.placeholder ?? (f.type === "size" ? "bytes" : "value")}>`);
  if (f.type === "size") return `${name}: bytes, or with K, M, G`;
  if (f.type === "list") return `${values ?? name}, repeatable`;
  return values ?? name;
}

function flagDefault(f: FlagSpec): string {
  const d = f.default;
  if (d === undefined || (Array.isArray(d) && d.length === 0)) return "";
  if (Array.isArray(d)) return d.map(code).join(", ");
  if (typeof d === "number" && f.type === "size") return code(formatByteSize(d));
  return code(String(d));
}

/** The flags table: every flag with its names, value (type or value set), default and help line. */
export function flagsTable(flags: readonly FlagSpec[]): string {
  const rows = [...flags, HELP_FLAG].map((f) =>
    `| ${flagNames(f)} | ${flagValue(f)} | ${flagDefault(f)} | ${cell(f.description)} |`
  );
  return ["| Flag | Value | Default | Meaning |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** The exit codes table, in order of code. */
export function exitCodesTable(command: Pick<Command, "exitCodes">): string {
  const codes = Object.entries(command.exitCodes ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  if (codes.length === 0) return "";
  return ["| Code | Meaning |", "| --- | --- |", ...codes.map(([c, m]) => `| ${c} | ${cell(m)} |`)].join(
    "\n",
  );
}

/** The generated header of a command's page: title, summary and usage. */
export function commandHeader(command: Command): string {
  return [
    `# oatool ${command.name}`,
    "",
    `${cell(command.summary)}.`,
    "",
    fenced("text", `oatool ${command.usage}`),
  ].join("\n");
}

function commandBody(command: Command, parent: string | undefined, level: number): string[] {
  const h = "#".repeat(level);
  const out: string[] = [];
  if (parent !== undefined) {
    out.push(`${h} ${code(`oatool ${parent} ${command.name}`)}`, "", `${cell(command.summary)}.`, "");
    out.push(fenced("text", `oatool ${parent} ${command.usage}`), "");
  }
  if (command.description) out.push(fenced("text", command.description), "");
  if (command.subcommands?.length) {
    out.push(`${h}# Subcommands`, "", "| Subcommand | What it does |", "| --- | --- |");
    for (const sub of command.subcommands) {
      out.push(`| [${sub.name}](#${slug(`oatool ${command.name} ${sub.name}`)}) | ${cell(sub.summary)} |`);
    }
    out.push("");
  }
  out.push(`${h}# Flags`, "", flagsTable(command.flags), "");
  const exits = exitCodesTable(command);
  if (exits !== "") out.push(`${h}# Exit codes`, "", exits, "");
  for (const sub of command.subcommands ?? []) out.push(...commandBody(sub, command.name, level + 1));
  return out;
}

/** The generated reference of a command's page: description, subcommands, flags, exit codes. */
export function commandReference(command: Command): string {
  return ["## Reference", "", ...commandBody(command, undefined, 2)].join("\n").trimEnd();
}

/** The command list of docs/commands/index.md. */
export function commandList(commands: readonly { name: string; summary: string }[]): string {
  const rows = commands.map((c) =>
    c.name === "help"
      ? `| ${code("help")} | ${cell(c.summary)}: ${code("oatool help <command>")}, ${
        code("oatool <command> --help")
      } |`
      : `| [${c.name}](${c.name}.md) | ${cell(c.summary)} |`
  );
  return ["| Command | What it does |", "| --- | --- |", ...rows].join("\n");
}

/** The latest version of the newest family a rule applies to, for its specification link. */
function linkVersion(versions: readonly OASVersion[] | undefined): string {
  const families = (versions ?? (Object.keys(SUPPORTED_VERSIONS) as OASVersion[])).toSorted();
  const known = SUPPORTED_VERSIONS[families[families.length - 1]];
  return known[known.length - 1];
}

/** The sections the validator's own two rules link to (src/validator/validate.ts); the schema's varies. */
const BUILTIN_ANCHORS: Readonly<Record<string, string>> = { "oas-version": "versions" };

/** The rules table of docs/rules.md: every rule with its id, severity, versions, sentence and section. */
export function rulesTable(): string {
  const semantic = new Map(SEMANTIC_RULES.map((r) => [r.id, r]));
  const rows = listRules().map((r) => {
    const rule = semantic.get(r.id);
    const versions = rule?.versions?.join(", ") ?? "all";
    const anchor = rule?.anchor ?? BUILTIN_ANCHORS[r.id] ?? "";
    const link = anchor === ""
      ? "the section of the object concerned"
      : `[${anchor}](${specLink(linkVersion(rule?.versions), anchor)})`;
    return `| ${code(r.id)} | ${r.severity} | ${versions} | ${r.strictOnly ? "yes" : ""} | ${
      cell(r.description)
    } | ${link} |`;
  });
  return [
    "| Id | Severity | Versions | Strict only | Checks | Specification |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/**
 * GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces as
 * hyphens.
 */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

import { type Finding, formatPosition, type ParseResult } from "../core/mod.ts";
import { parse, summarize } from "../parser/mod.ts";
import { documentHeader, printHeader, quietFlag, validateStructureFlag } from "./_common.ts";
import type { CliIO, Command } from "./types.ts";

/** Prints findings as `path: message` lines, with `file:line:column` when `positions` is set. */
export function printFindings(
  io: CliIO,
  result: ParseResult,
  findings: readonly Finding[],
  positions: boolean,
): void {
  for (const f of findings) {
    const where = positions ? result.sourceMap().positionOf(f.pointer) : undefined;
    const at = where ? `${formatPosition(where)}: ` : "";
    io.stderr(`  ${f.severity}: ${at}${f.path || "(root)"}: ${f.message}\n`);
  }
}

/** `oatool parse`. */
export const parseCommand: Command = {
  name: "parse",
  summary: "Parse and display a document",
  usage: "parse [flags] <file|url|->",
  description:
    `Reads an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document (YAML or JSON), prints its statistics and summary to
standard error and the document as JSON to standard output. With -q only the JSON document is printed.`,
  flags: [
    {
      name: "resolve-refs",
      type: "boolean",
      description: "Replace every resolvable $ref by its target (circular ones stay)",
    },
    validateStructureFlag,
    quietFlag,
  ],
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const quiet = ctx.flags.quiet === true;
    const result = await parse(ctx.args[0], {
      reader: ctx.io.reader,
      resolveRefs: ctx.flags["resolve-refs"] === true,
      validateStructure: ctx.flags["validate-structure"] !== false,
    });
    if (result.errors.length > 0) {
      ctx.io.stderr(`oatool parse: ${result.source} has ${result.errors.length} structure error(s):\n`);
      printFindings(ctx.io, result, result.errors, true);
      return 1;
    }
    const json = JSON.stringify(result.document, null, 2) + "\n";
    if (!quiet) {
      const s = summarize(result);
      printHeader(ctx.io, {
        command: "parse",
        ...documentHeader(result),
        totalTimeMs: performance.now() - started,
      });
      ctx.io.stderr(
        `\nDocument Type: ${s.documentType}\nTitle: ${s.title}\n` +
          (s.description ? `Description: ${oneLine(s.description)}\n` : "") +
          `Version: ${s.apiVersion}\nServers: ${s.serverCount}\nPaths: ${s.pathCount}\n`,
      );
      if (result.warnings.length > 0) {
        ctx.io.stderr(`\nWarnings (${result.warnings.length}):\n`);
        printFindings(ctx.io, result, result.warnings, false);
      }
      ctx.io.stderr("\n");
    }
    ctx.io.stdout(json);
    return 0;
  },
};

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? flat.slice(0, 199) + "…" : flat;
}

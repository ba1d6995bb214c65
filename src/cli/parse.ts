import { parse, summarize } from "../bundler/parse.ts";
import { escapeText } from "../render/escape.ts";
import { renderFindingList } from "../render/findings.ts";
import { renderParseSummary } from "../render/parse.ts";
import { parseFindingReport } from "../render/command_reports.ts";
import type { Finding } from "../core/mod.ts";
import {
  documentHeader,
  inputArgument,
  maxInputSizeFlag,
  printHeader,
  printReport,
  quietFlag,
  reportFormatFlag,
  validateStructureFlag,
} from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** `oatool parse`. */
export const parseCommand: Command = defineCommand({
  name: "parse",
  summary: "Parse and display a document",
  usage: "parse [flags] <file|url|->",
  exitCodes: { 0: "parsed", 1: "the document cannot be read or parsed, structural errors, or a usage error" },
  description:
    `Reads an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document (YAML or JSON), prints its statistics and summary to
standard error and the document as JSON to standard output. With -q only the JSON document is printed; with
--report-format the structure errors and warnings alone go to standard error, in that format.`,
  flags: {
    "resolve-refs": {
      type: "boolean",
      description: "Replace every resolvable $ref by its target (circular ones stay)",
    },
    "validate-structure": validateStructureFlag,
    quiet: quietFlag,
    "report-format": {
      ...reportFormatFlag,
      description: "The structure errors and warnings alone: json, yaml, sarif, github, junit or markdown",
    },
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const result = await parse(inputArgument(ctx.args[0], "the input"), {
      reader: ctx.reader,
      resolveRefs: ctx.flags["resolve-refs"],
      validateStructure: ctx.flags["validate-structure"],
    });
    const reportFormat = ctx.flags["report-format"];
    if (reportFormat !== "text") {
      const place = (f: Finding) => {
        const at = result.sourceMap().positionOf(f.pointer);
        return at === undefined ? f : { ...f, location: at };
      };
      const findings = { errors: result.errors.map(place), warnings: result.warnings };
      printReport(ctx.io.stderr, reportFormat, parseFindingReport(result.source, findings));
      if (result.errors.length > 0) return 1;
      ctx.io.stdout(JSON.stringify(result.document, null, 2) + "\n");
      return 0;
    }
    if (result.errors.length > 0) {
      ctx.io.stderr(
        `oatool parse: ${escapeText(result.source)} has ${result.errors.length} structure error(s):\n`,
      );
      ctx.io.stderr(
        renderFindingList(result.errors, {
          severity: true,
          locate: (f) => result.sourceMap().positionOf(f.pointer) ?? null,
        }),
      );
      return 1;
    }
    const json = JSON.stringify(result.document, null, 2) + "\n";
    if (!ctx.flags.quiet) {
      printHeader(ctx.io, {
        command: "parse",
        ...documentHeader(result),
        totalTimeMs: performance.now() - started,
      });
      ctx.io.stderr("\n" + renderParseSummary(summarize(result)));
      if (result.warnings.length > 0) {
        ctx.io.stderr(`\nWarnings (${result.warnings.length}):\n`);
        ctx.io.stderr(renderFindingList(result.warnings, { severity: true, locate: () => null }));
      }
      ctx.io.stderr("\n");
    }
    ctx.io.stdout(json);
    return 0;
  },
});

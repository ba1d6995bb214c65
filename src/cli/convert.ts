import { renderConversionReport } from "../render/convert.ts";
import { conversionFindingReport } from "../render/command_reports.ts";
import { createStyle, formatDuration } from "../render/report.ts";
import { convert, CONVERT_TARGETS, parseTarget } from "../converter/mod.ts";
import { loadDocumentSet, UsageError } from "../core/mod.ts";
import { documentSetStats } from "../bundler/set_stats.ts";
import {
  bundled,
  emitChecked,
  formatFlag,
  inputArgument,
  keepRefsFlag,
  maxInputSizeFlag,
  outputFlag,
  outputFormat,
  outputTarget,
  placeDocument,
  printHeader,
  printReport,
  quietFlag,
  refPlan,
  reportFormatFlag,
  showsPositions,
  sourceMapFlag,
  writtenProblem,
} from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** `oatool convert`. */
export const convertCommand: Command = defineCommand({
  name: "convert",
  summary: "Convert between OAS versions",
  usage: "convert [flags] <file|url|->",
  exitCodes: {
    0: "converted",
    1: "a critical issue (the document is still written), --strict and a warning, a written reference does not resolve, the input cannot be read, or a usage error",
  },
  description:
    `Converts an OpenAPI document to another version: 2.0 to 3.0.x, 3.1.x or 3.2.0; 3.x to 2.0 (what
2.0 cannot express is left out, each as a critical issue); 3.x to another 3.y. The document goes to standard
output (or atomically to -o) in the input's key order, as YAML or JSON by the -o extension (--format overrides;
standard output keeps the input's format); the banner, statistics and the conversion issues (severity, path,
message, hint) go to standard error, or with --report-format the issues alone in that format (json, yaml, sarif,
github, junit, markdown: the same report every command gives).
Targets: ${CONVERT_TARGETS.join(", ")}.
A document that refers to other files and is written to another folder (standard output: read from the working
directory) is bundled into one file first, or with --keep-refs keeps its files with each relative $ref rewritten
against the output's folder. The written document is read again and every $ref to a file resolved from
where it is.
Exit code 0 on success; 1 when there is a critical issue (the document is still written), a written reference
does not resolve (named; the file stays), with --strict when there is any warning (nothing is written), or when
the input cannot be read.`,
  flags: {
    target: {
      short: "t",
      type: "string",
      placeholder: "version",
      description: "Target OAS version (required): 2.0, 3.0.x, 3.1.x, 3.2.0, or 3.0, 3.1, 3.2",
    },
    output: outputFlag,
    format: formatFlag,
    "keep-refs": keepRefsFlag,
    strict: { type: "boolean", description: "Fail on any issue including warnings (nothing is written)" },
    "no-warnings": { type: "boolean", description: "Suppress warning and info messages" },
    "source-map": { ...sourceMapFlag, description: "Include file:line:column of each issue's source node" },
    quiet: { ...quietFlag, description: "Only the document: no banner, statistics or issues" },
    "report-format": reportFormatFlag,
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const { io, flags: f } = ctx;
    if (f.target === undefined || f.target === "") {
      throw new UsageError(
        `the target version is required: give it with -t, one of ${CONVERT_TARGETS.join(", ")}.`,
      );
    }
    parseTarget(f.target);
    const output = outputTarget(f.output);
    const parsed = (await loadDocumentSet(inputArgument(ctx.args[0], "the input"), {
      reader: ctx.reader,
      validateStructure: false,
    })).root;
    const plan = await refPlan(io, [parsed], output, f["keep-refs"]);
    // The converter converts the root document alone: a document bundled for another folder is converted whole.
    const source = plan.handling === "bundle" ? await bundled(io, parsed) : parsed;
    const result = await convert(source, {
      target: f.target,
      inPlace: true,
      strict: f.strict,
      noWarnings: f["no-warnings"],
      sourceMap: f["source-map"] || showsPositions(f["report-format"]),
      reader: ctx.reader,
    });
    const write = result.success || !f.strict;
    let problem: string | undefined;
    let written: string | undefined;
    if (write) {
      const document = plan.handling === "rebase"
        ? await placeDocument(io, plan, parsed, result.document)
        : result.document;
      ({ problem, written } = await emitChecked(
        io,
        "convert",
        document,
        outputFormat(f, output, result.format),
        {
          output,
          inputs: result.path === undefined ? [] : [result.path],
          readSet: [result.readSet],
        },
      ));
    }
    const reportFormat = f["report-format"];
    if (reportFormat !== "text") {
      const report = conversionFindingReport(result, write ? output ?? "<stdout>" : undefined);
      printReport(io.stderr, reportFormat, report, writtenProblem({ problem, written }));
      return result.success && problem === undefined ? 0 : 1;
    } else if (!f.quiet) {
      printHeader(io, {
        command: "convert",
        specification: result.source,
        oasVersion: result.sourceVersion,
        sizeBytes: result.sizeBytes,
        stats: await documentSetStats(parsed, { reader: ctx.reader }),
        loadTimeMs: result.loadTimeMs,
        totalTimeMs: performance.now() - started,
        extra: [
          ["Source Version", result.sourceVersion],
          ["Target Version", result.targetVersion],
          ["Convert Time", formatDuration(result.convertTimeMs)],
        ],
      });
      io.stderr(renderConversionReport(result, {
        style: createStyle(io.color),
        written: write ? output ?? "<stdout>" : undefined,
      }));
    }
    if (problem !== undefined) io.stderr(problem);
    return result.success && problem === undefined ? 0 : 1;
  },
});

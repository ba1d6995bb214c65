import { type Finding, loadDocumentSet } from "../core/mod.ts";
import { DEFAULT_OPERATION_ID_TEMPLATE, fix, GENERIC_NAMING_STRATEGIES } from "../fixer/mod.ts";
import { escapeText } from "../render/escape.ts";
import { documentSetStats } from "../bundler/set_stats.ts";
import { renderFixReport } from "../render/fix.ts";
import { fixFindingReport } from "../render/command_reports.ts";
import { createStyle, formatDuration } from "../render/report.ts";
import {
  documentHeader,
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

/** `oatool fix`. */
export const fixCommand: Command = defineCommand({
  name: "fix",
  summary: "Automatically correct common validation errors",
  usage: "fix [flags] <file|url|->",
  exitCodes: {
    0: "the fixed document is valid",
    1: "errors remain (the document is still written), a written reference does not resolve, the input cannot be read, or a usage error",
  },
  description:
    `Repairs the common errors of an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document and writes the fixed document to
standard output, or to -o (never over a file the run read). Always: adds the path parameters a path template
uses but no parameter declares, and sets "required: true" on path parameters. On request: stubs for missing
$ref targets, renamed duplicate operationIds (and the links naming them), valid schema names (with every $ref
and discriminator mapping rewritten), and pruning of unused schemas and of path items without operations. The
fixes run in that order. The report (every fix as "[<fix-type>] <path>: <description>", then the errors the
fixed document still has) goes to standard error; --report-format prints it in json, yaml, sarif, github, junit
or markdown instead (each fix an info finding whose rule is the fix type).
The document is YAML or JSON by the -o extension (--format
overrides; standard output keeps the input's format). A fixed document that refers to other files and is
written to another folder (standard output: read from the working directory) is bundled into one file, or with
--keep-refs keeps its files with each relative $ref rewritten against the output's folder; the written document
is read again and every $ref to a file resolved from where it is. Exit code 0 when the fixed document is
valid, 1 when errors remain (the document is still written), a written reference does not resolve (named; the
file stays), or the input cannot be read.`,
  flags: {
    infer: { type: "boolean", description: "Infer types of added path parameters from their names" },
    "source-map": { ...sourceMapFlag, description: "Show the file:line:column of the node each fix changed" },
    output: outputFlag,
    format: formatFlag,
    "keep-refs": keepRefsFlag,
    quiet: { ...quietFlag, description: "Only the fixed document: no banner, statistics or report" },
    "fix-schema-names": {
      type: "boolean",
      description: "Rename schemas whose names contain brackets or special characters",
    },
    "generic-naming": {
      type: "string",
      placeholder: "strategy",
      choices: GENERIC_NAMING_STRATEGIES,
      default: "underscore",
      description: "Naming of generic schema names: underscore, of, for, flat, dot",
    },
    "generic-separator": {
      type: "string",
      placeholder: "text",
      default: "_",
      description: "Separator for the underscore strategy",
    },
    "generic-param-separator": {
      type: "string",
      placeholder: "text",
      default: "_",
      description: "Separator between several type parameters",
    },
    "preserve-casing": { type: "boolean", description: "Keep the original casing of type parameters" },
    "stub-missing-refs": {
      type: "boolean",
      description: "Create stubs for unresolved local $ref targets",
    },
    "stub-response-desc": {
      type: "string",
      placeholder: "text",
      description: "Description of stub responses (default: generated)",
    },
    "prune-schemas": { type: "boolean", description: "Remove unreferenced schemas" },
    "prune-paths": { type: "boolean", description: "Remove path items with no HTTP operations" },
    "prune-all": { type: "boolean", aliases: ["prune"], description: "Both prunings" },
    "fix-duplicate-operationids": { type: "boolean", description: "Rename duplicate operationId values" },
    "operationid-template": {
      type: "string",
      placeholder: "template",
      default: DEFAULT_OPERATION_ID_TEMPLATE,
      description:
        "Template for renamed ids: {operationId} {method} {path} {tag} {tags} {n}, :pascal … :lower",
    },
    "dry-run": { type: "boolean", description: "Preview the fixes without writing the document" },
    "report-format": reportFormatFlag,
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const { io, flags: f } = ctx;
    const dryRun = f["dry-run"];
    const parsed =
      (await loadDocumentSet(inputArgument(ctx.args[0], "the input"), { reader: ctx.reader })).root;
    const result = await fix(parsed, {
      reader: ctx.reader,
      inPlace: true,
      dryRun,
      infer: f.infer,
      sourceMap: f["source-map"] || showsPositions(f["report-format"]),
      fixSchemaNames: f["fix-schema-names"],
      genericNaming: f["generic-naming"],
      genericSeparator: f["generic-separator"],
      genericParamSeparator: f["generic-param-separator"],
      preserveCasing: f["preserve-casing"],
      stubMissingRefs: f["stub-missing-refs"],
      stubResponseDescription: f["stub-response-desc"],
      pruneSchemas: f["prune-schemas"] || f["prune-all"],
      prunePaths: f["prune-paths"] || f["prune-all"],
      fixDuplicateOperationIds: f["fix-duplicate-operationids"],
      operationIdTemplate: f["operationid-template"],
    });
    let written: string | undefined;
    let problem: string | undefined;
    if (!dryRun) {
      const plan = await refPlan(io, [parsed], f.output, f["keep-refs"]);
      const document = await placeDocument(io, plan, parsed, result.document);
      ({ written, problem } = await emitChecked(
        io,
        "fix",
        document,
        outputFormat(f, f.output, result.format),
        {
          output: f.output,
          inputs: parsed.path === undefined ? [] : [parsed.path],
          readSet: [parsed.readSet],
        },
      ));
    }
    const reportFormat = f["report-format"];
    const map = f["source-map"] || showsPositions(reportFormat) ? parsed.sourceMap() : undefined;
    // Remaining errors are placed in the input where their place is there (not in parts the fixes added).
    const locate = map === undefined ? undefined : (e: Finding) => map.positionOf(e.pointer) ?? null;
    if (reportFormat !== "text") {
      const report = fixFindingReport(result, { dryRun, written, locate });
      printReport(io.stderr, reportFormat, report, writtenProblem({ problem, written }));
      return result.remainingErrors.length === 0 && problem === undefined ? 0 : 1;
    } else if (!f.quiet) {
      printHeader(io, {
        command: "fix",
        ...documentHeader(parsed),
        stats: await documentSetStats(parsed, { reader: ctx.reader }),
        totalTimeMs: performance.now() - started,
        extra: [
          ["Fix Time", formatDuration(result.fixTimeMs)],
          ["Validate Time", formatDuration(result.validateTimeMs)],
          ["Output", dryRun ? "none (dry run)" : outputTarget(f.output) ?? "<stdout>"],
        ],
      });
      io.stderr("\n");
      io.stderr(renderFixReport(result, { dryRun, output: written, style: createStyle(io.color), locate }));
      if (written !== undefined) io.stderr(`Written to ${escapeText(written)}\n`);
    }
    if (problem !== undefined) io.stderr(problem);
    return result.remainingErrors.length === 0 && problem === undefined ? 0 : 1;
  },
});

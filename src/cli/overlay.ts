import {
  computeStats,
  detectVersion,
  type DocumentStats,
  type Finding,
  finding,
  loadStructured,
  type ParseResult,
  redactUrl,
  type StructuredDocument,
  toParseResult,
  UsageError,
} from "../core/mod.ts";
import { applyOverlay, type ApplyOverlayResult, loadOverlay } from "../overlay/mod.ts";
import { escapeText } from "../render/escape.ts";
import { renderApplyReport, renderOverlayErrors, renderOverlaySummary } from "../render/overlay.ts";
import {
  emitChecked,
  formatFlag,
  inputArgument,
  keepRefsFlag,
  maxInputSizeFlag,
  outputFlag,
  outputFormat,
  placeDocument,
  printHeader,
  printReport,
  quietFlag,
  refPlan,
  reportFormatFlag,
  writtenProblem,
} from "./_common.ts";
import { findingReport } from "../render/command_reports.ts";
import { type FindingReport, REPORT_FORMATS, type ReportFinding } from "../render/contract.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** OAS version and statistics of a document, when it is an OpenAPI document. */
function describeDocument(doc: unknown, source: string): { oasVersion?: string; stats?: DocumentStats } {
  try {
    const detected = detectVersion(doc, source);
    return { oasVersion: detected.version, stats: computeStats(doc, detected.oasVersion) };
  } catch {
    return {};
  }
}

/** The changed document as an OpenAPI document at the specification's place, or undefined when it is none. */
function openApiAt(spec: StructuredDocument, document: unknown): ParseResult | undefined {
  try {
    return toParseResult({ ...spec, data: document, text: "" }, false);
  } catch {
    return undefined;
  }
}

const applyCommand: Command = defineCommand({
  name: "apply",
  summary: "Apply an Overlay document to a specification",
  usage: "apply [flags] <overlay-file>",
  exitCodes: {
    0: "applied (or previewed with --dry-run)",
    1: "the overlay or the document cannot be read or is invalid, --strict and a target matching nothing, or a usage error",
  },
  description:
    `Applies the actions of an Overlay document (Overlay Specification 1.0.x or 1.1.x) in order to the
specification given with -s, and writes the result (key order kept) to standard output or to -o (-o - is
standard output), as YAML or JSON by the -o extension (--format overrides; standard output keeps the
specification's format). A result that refers to other files and is written to another folder (standard
output: read from the working directory) is bundled into one file, or with --keep-refs keeps its files with
each relative $ref rewritten against the output's folder; the written document is read again and every $ref to
a file resolved from where it is (exit 1 naming any that does not resolve). Targets are RFC 9535 JSONPath. The
report (actions applied and skipped, and per action "[index] kind: target (n matches)") goes to standard error;
--report-format prints the overlay's errors or warnings there instead, in json, yaml, sarif, github, junit or
markdown (the actions as fields of json and yaml).
With --dry-run nothing is written: the report says what would be applied and lists the normalized paths each
action would touch. The overlay's "extends" is shown but never fetched.`,
  flags: {
    spec: {
      short: "s",
      type: "string",
      placeholder: "file|url|-",
      description: "Specification to change (required); - for standard input",
    },
    output: outputFlag,
    format: formatFlag,
    "keep-refs": keepRefsFlag,
    strict: {
      type: "boolean",
      description:
        "Fail when any action's target matches nothing, or a target uses a name with - in dot notation",
    },
    "dry-run": {
      short: "n",
      type: "boolean",
      description: "Preview the actions without applying them",
    },
    quiet: { ...quietFlag, description: "Suppress diagnostics: print only the document" },
    "report-format": reportFormatFlag,
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const { io, reader } = ctx;
    if (ctx.flags.spec === undefined) {
      throw new UsageError("the specification is required: give it with -s <file|url|->.");
    }
    const specArg = inputArgument(ctx.flags.spec, "the specification (-s)");
    const overlayArg = inputArgument(ctx.args[0], "the overlay");
    if (specArg === "-" && overlayArg === "-") {
      throw new UsageError("only one input can come from standard input; give the overlay or -s as a file.");
    }
    const { quiet, "dry-run": dryRun, output } = ctx.flags;

    const strict = ctx.flags.strict;
    const overlay = await loadOverlay(overlayArg, { reader, role: "referenced", strict });
    const reportFormat = ctx.flags["report-format"];
    const inOverlay = (list: readonly Finding[]) => list.map((e) => ({ ...e, file: overlay.source }));
    if (!overlay.validation.valid && reportFormat !== "text") {
      const message = `${overlay.source} is not a valid Overlay document; nothing was applied.`;
      const report = findingReport("overlay", overlay.source, inOverlay(overlay.validation.errors), {
        ok: false,
        message,
      });
      printReport(io.stderr, reportFormat, report);
      return 1;
    }
    if (!overlay.validation.valid) {
      io.stderr(`oatool overlay apply: ${escapeText(overlay.source)} is not a valid Overlay document.\n`);
      io.stderr(renderOverlayErrors(overlay.validation.errors));
      return 1;
    }
    const spec = await loadStructured(specArg, { reader });
    const result = applyOverlay(spec.data, overlay.data, { inPlace: true, dryRun, source: overlay.source });
    const failed = strict && result.skippedCount > 0;

    // The report of --report-format goes out once the document is written (a problem of the written file is
    // one of its findings), or now when nothing is written.
    const report = applyFindingReport(overlay.source, result, failed);
    if (reportFormat !== "text" && (failed || dryRun)) {
      printReport(io.stderr, reportFormat, report);
      return failed ? 1 : 0;
    }
    if (reportFormat === "text" && !quiet) {
      const extra: [string, string][] = [
        ["Overlay", `${overlay.source} (${result.title}, version ${result.version})`],
        ["Overlay Version", result.overlayVersion],
      ];
      if (result.extends !== undefined) extra.push(["Extends", `${redactUrl(result.extends)} (not fetched)`]);
      printHeader(io, {
        command: "overlay apply",
        specification: spec.source,
        ...describeDocument(result.document, spec.source),
        sizeBytes: spec.sizeBytes,
        loadTimeMs: spec.loadTimeMs + overlay.loadTimeMs,
        totalTimeMs: performance.now() - started,
        extra,
      });
      io.stderr(renderApplyReport(result));
    }
    if (failed) {
      const skipped = result.actions.filter((a) => !a.applied).map((a) => `[${a.index}]`).join(", ");
      io.stderr(
        `\noatool overlay apply: ${
          plural(result.skippedCount, "action matches", "actions match")
        } nothing (${skipped}) and --strict is set; nothing was written.\n`,
      );
      return 1;
    }
    if (dryRun) return 0;
    let document = result.document;
    const placed = openApiAt(spec, document);
    if (placed !== undefined) {
      document = await placeDocument(
        io,
        await refPlan(io, [placed], output, ctx.flags["keep-refs"]),
        placed,
        document,
      );
    }
    const emitted = await emitChecked(
      io,
      "overlay apply",
      document,
      outputFormat(ctx.flags, output, spec.format),
      {
        output,
        inputs: [spec.path, overlay.path].filter((p): p is string => p !== undefined),
        readSet: [spec.readSet, overlay.readSet],
      },
    );
    const { written, problem } = emitted;
    if (reportFormat !== "text") printReport(io.stderr, reportFormat, report, writtenProblem(emitted));
    else {
      if (written !== undefined && !quiet) io.stderr(`\nWritten to ${escapeText(written)}\n`);
      if (problem !== undefined) io.stderr(problem);
    }
    return problem === undefined ? 0 : 1;
  },
});

const validateCommand: Command = defineCommand({
  name: "validate",
  summary: "Validate an Overlay document",
  usage: "validate [flags] <overlay-file>",
  exitCodes: { 0: "the overlay is valid", 1: "the overlay is invalid or cannot be read, or a usage error" },
  description:
    `Checks an Overlay document (1.0.x or 1.1.x) against the official Overlay JSON Schema of its version:
overlay, info.title, info.version and a non-empty list of distinct actions are required, and fields other than
the specification's and x- extensions are errors; each target (and copy) must be an RFC 9535 JSONPath query.
Warnings: an action with neither update, remove: true nor copy does nothing; remove: true wins over copy and
update, copy over update; a member name with "-" in dot notation ($.x-oai-traits, as the specification's
examples write it) is accepted, and is an error with --strict. Prints the title, versions, action count,
warnings and "Overlay is valid", or every error as "<path>: <message>", to standard output (--format: the
errors and warnings in json, yaml, sarif, github, junit or markdown).`,
  flags: {
    quiet: { ...quietFlag, description: 'Only the result: "Overlay is valid" or the errors' },
    format: {
      type: "string",
      default: "text",
      placeholder: REPORT_FORMATS.join("|"),
      choices: REPORT_FORMATS,
      description: "Report format: json, yaml, sarif, github, junit or markdown (the errors and warnings)",
    },
    strict: { type: "boolean", description: "Treat warnings about JSONPath syntax as errors" },
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const io = ctx.io;
    const overlay = await loadOverlay(inputArgument(ctx.args[0], "the overlay"), {
      reader: ctx.reader,
      strict: ctx.flags.strict,
    });
    const v = overlay.validation;
    if (ctx.flags.format !== "text") {
      const findings = [...v.errors, ...v.warnings];
      const message = `${overlay.source} is ${v.valid ? "a valid" : "not a valid"} Overlay document.`;
      printReport(
        io.stdout,
        ctx.flags.format,
        findingReport("overlay", overlay.source, findings, { ok: v.valid, message }),
      );
      return v.valid ? 0 : 1;
    }
    if (!ctx.flags.quiet) {
      io.stdout(renderOverlaySummary(overlay.source, v));
      if (v.warnings.length > 0) io.stdout(renderOverlayErrors(v.warnings, "Warnings"));
    }
    if (v.valid) {
      io.stdout("Overlay is valid\n");
      return 0;
    }
    io.stdout("Overlay is invalid\n" + renderOverlayErrors(v.errors));
    return 1;
  },
});

/** `oatool overlay` with the subcommands `apply` and `validate`. */
export const overlayCommand: Command = {
  name: "overlay",
  summary: "Apply or validate Overlay documents",
  usage: "overlay <apply|validate> [flags] <overlay-file>",
  exitCodes: { 0: "success", 1: "failure, a missing or unknown subcommand (see each subcommand's --help)" },
  description: `Overlay documents (OpenAPI Overlay Specification 1.0.x and 1.1.x) describe changes to an
OpenAPI description as an ordered list of actions: update, remove and (1.1) copy, each aimed at the nodes an
RFC 9535 JSONPath expression selects.`,
  flags: [],
  subcommands: [applyCommand, validateCommand],
};

/**
 * The report of an applied overlay: its warnings, and with --strict each action that matched nothing as an
 * error (`overlay-action-no-match`); the actions as fields.
 */
function applyFindingReport(source: string, result: ApplyOverlayResult, failed: boolean): FindingReport {
  const findings: ReportFinding[] = result.warnings.map((w) => ({ ...w, file: source }));
  if (failed) {
    for (const a of result.actions.filter((a) => !a.applied)) {
      findings.push({
        ...finding("error", ["actions", a.index], `the target ${a.target} matches nothing (--strict)`, {
          rule: "overlay-action-no-match",
        }),
        file: source,
      });
    }
  }
  const verb = result.dryRun ? "would apply" : "applied";
  return findingReport("overlay", source, findings, {
    ok: !failed,
    message: `${result.appliedCount} actions ${verb}, ${result.skippedCount} skipped${
      failed ? "; --strict: nothing was written" : ""
    }.`,
    fields: {
      dryRun: result.dryRun,
      appliedCount: result.appliedCount,
      skippedCount: result.skippedCount,
      actions: result.actions.map((a) => ({
        index: a.index,
        kind: a.kind,
        target: a.target,
        matchCount: a.matchCount,
        applied: a.applied,
      })),
    },
  });
}

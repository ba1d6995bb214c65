import { bundle } from "../bundler/mod.ts";
import { renderFindingLine } from "../render/findings.ts";
import { severitySymbol } from "../render/convert.ts";
import { omittedLine, reportedFindings } from "../core/finding_limits.ts";
import { createStyle } from "../render/report.ts";
import { escapeText } from "../render/escape.ts";
import {
  emitChecked,
  formatFlag,
  inputArgument,
  maxInputSizeFlag,
  outputFlag,
  outputFormat,
  outputTarget,
  printHeader,
  quietFlag,
  sourceMapFlag,
} from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** `oatool bundle`. */
export const bundleCommand: Command = defineCommand({
  name: "bundle",
  summary: "Bundle a multi-file document into one file",
  usage: "bundle [flags] <file|url|->",
  exitCodes: {
    0: "bundled",
    1: "a reference cannot be resolved (nothing is written), the input cannot be read, or a usage error",
  },
  description:
    `Bundles a document and every file it reaches through $ref into one document whose only references are
local (#/...). A referenced file, or a part of one, of a component kind (schema, response, parameter, example,
request body, header, security scheme, link, callback, path item; definitions, parameters and responses in 2.0)
becomes a component: named as the component it already is, else after its file (schemas/pet.yaml → Pet, Pet_2
on a clash). A Path Item file referenced from paths is inlined in place; anything else is inlined at its use.
Key order follows the root document. The document goes to standard output (or atomically to -o, never over a
file the run read) as JSON or YAML: --format, else the -o extension, else the input's format. The banner,
statistics and findings go to standard error.
Exit code 0 on success; 1 when a reference cannot be resolved (nothing is written) or the input cannot be read.`,
  flags: {
    output: outputFlag,
    format: formatFlag,
    dereference: {
      type: "boolean",
      description: "Inline every reference, local ones too; circular references stay $ref and are reported",
    },
    "keep-path-refs": {
      type: "boolean",
      description: "Keep Path Item references under paths (as references to components.pathItems, 3.1+)",
    },
    quiet: { ...quietFlag, description: "Only the document: no banner, statistics or findings" },
    "source-map": {
      ...sourceMapFlag,
      description: "Include file:line:column of each reference a finding names",
    },
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const { io, flags: f } = ctx;
    const output = outputTarget(f.output);
    const result = await bundle(inputArgument(ctx.args[0], "the input"), {
      reader: ctx.reader,
      dereference: f.dereference,
      keepPathRefs: f["keep-path-refs"],
      sourceMap: f["source-map"],
    });
    const failed = result.warnings.some((w) => w.severity === "error" || w.severity === "critical");
    let written: string | undefined;
    let problem: string | undefined;
    if (!failed) {
      const emitted = await emitChecked(
        io,
        "bundle",
        result.document,
        outputFormat(f, output, result.format),
        {
          output,
          inputs: result.path === undefined ? [] : [result.path],
          readSet: [result.readSet],
        },
      );
      written = emitted.written ?? "<stdout>";
      problem = emitted.problem;
    }
    if (f.quiet && !failed && problem === undefined) return 0;
    const style = createStyle(io.color);
    let out = "";
    if (!f.quiet) {
      printHeader(io, {
        command: "bundle",
        specification: result.source,
        oasVersion: result.version,
        sizeBytes: result.sizeBytes,
        stats: result.stats,
        loadTimeMs: result.loadTimeMs,
        totalTimeMs: performance.now() - started,
        extra: [
          ["Files", String(result.fileCount)],
          ["Components", `${result.componentCount} (${result.addedComponents} from other files)`],
        ],
      });
    }
    const { shown, omitted } = reportedFindings(result.warnings);
    if (shown.length > 0) out += `\nFindings (${result.warnings.length}):\n`;
    for (const w of shown) {
      const colour = w.severity === "warning" ? style.yellow : w.severity === "info" ? style.dim : style.red;
      out += `  ${colour(severitySymbol(w.severity))} ${renderFindingLine(w, { severity: true, style })}\n`;
    }
    if (omitted > 0) out += `  ${omittedLine(omitted, "finding")}\n`;
    out += failed
      ? `\n${style.red("✗")} Bundling failed: a reference cannot be resolved; nothing was written.\n`
      : `\n${style.green("✓")} Bundled ${result.fileCount} file${result.fileCount === 1 ? "" : "s"} to ${
        escapeText(written!)
      }.\n`;
    if (problem !== undefined) out += `\n${problem}\n`;
    io.stderr(out);
    return failed || problem !== undefined ? 1 : 0;
  },
});

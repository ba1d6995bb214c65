import { VERSION } from "../core/build_info.ts";
import { createStyle, formatDuration } from "../render/report.ts";
import {
  renderValidationGithub,
  renderValidationJson,
  renderValidationSarif,
  renderValidationText,
  renderValidationYaml,
} from "../render/validation.ts";
import { validate } from "../validator/mod.ts";
import {
  inputArgument,
  maxInputSizeFlag,
  printHeader,
  quietFlag,
  sourceMapFlag,
  validateStructureFlag,
} from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** Report formats of `oatool validate`. */
const FORMATS = ["text", "json", "yaml", "sarif", "github"] as const;

/** `oatool validate`. */
export const validateCommand: Command = defineCommand({
  name: "validate",
  summary: "Validate a document against the version it declares",
  usage: "validate [flags] <file|url|->",
  description:
    `Validates an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document against the official JSON Schema of the version it
declares, then checks what the schema cannot: references, unique operationIds, path parameters, responses,
security requirements, servers, media types, discriminators and more. Every finding has a rule id, a path and a
link to the specification section. The banner and statistics go to standard error, the report to standard
output. Exit code 0 when the document is valid, 1 when it is not or cannot be read.`,
  flags: {
    strict: { type: "boolean", description: "Stricter checks, and warnings count as errors" },
    "no-warnings": { type: "boolean", description: "Leave warnings out of the report" },
    "validate-structure": {
      ...validateStructureFlag,
      description: "Validate the structure against the version's JSON Schema",
    },
    "source-map": sourceMapFlag,
    quiet: { ...quietFlag, description: "Only the validation result: no banner or statistics" },
    format: {
      type: "string",
      default: "text",
      placeholder: FORMATS.join("|"),
      choices: FORMATS,
      description: "Report format",
    },
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const { format } = ctx.flags;
    const result = await validate(inputArgument(ctx.args[0], "the input"), {
      reader: ctx.reader,
      strict: ctx.flags.strict,
      noWarnings: ctx.flags["no-warnings"],
      validateStructure: ctx.flags["validate-structure"],
      sourceMap: ctx.flags["source-map"] || format === "sarif" || format === "github",
    });
    if (!ctx.flags.quiet) {
      printHeader(ctx.io, {
        command: "validate",
        specification: result.source,
        oasVersion: result.version,
        sizeBytes: result.sizeBytes,
        stats: result.stats,
        loadTimeMs: result.loadTimeMs,
        totalTimeMs: performance.now() - started,
        extra: [["Validate Time", formatDuration(result.validateTimeMs)]],
      });
      ctx.io.stderr("\n");
    }
    switch (format) {
      case "json":
        ctx.io.stdout(renderValidationJson(result));
        break;
      case "yaml":
        ctx.io.stdout(renderValidationYaml(result));
        break;
      case "sarif":
        ctx.io.stdout(renderValidationSarif(result, { toolVersion: VERSION }));
        break;
      case "github":
        ctx.io.stdout(renderValidationGithub(result));
        break;
      case "text":
        ctx.io.stdout(renderValidationText(result, { style: createStyle(ctx.io.color) }));
    }
    return result.valid ? 0 : 1;
  },
});

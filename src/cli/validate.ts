import { VERSION } from "../core/build_info.ts";
import { createStyle, formatDuration } from "../format/mod.ts";
import {
  renderValidationGithub,
  renderValidationJson,
  renderValidationSarif,
  renderValidationText,
  renderValidationYaml,
} from "../format/validation.ts";
import { validate } from "../validator/mod.ts";
import { printHeader, quietFlag, sourceMapFlag, validateStructureFlag } from "./_common.ts";
import type { Command } from "./types.ts";

/** Report formats of `oatool validate`. */
const FORMATS = ["text", "json", "yaml", "sarif", "github"] as const;

/** `oatool validate`. */
export const validateCommand: Command = {
  name: "validate",
  summary: "Validate a document against the version it declares",
  usage: "validate [flags] <file|url|->",
  description:
    `Validates an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document against the official JSON Schema of the version it
declares, then checks what the schema cannot: references, unique operationIds, path parameters, responses,
security requirements, servers, media types, discriminators and more. Every finding has a rule id, a path and a
link to the specification section. The banner and statistics go to standard error, the report to standard
output. Exit code 0 when the document is valid, 1 when it is not or cannot be read.`,
  flags: [
    { name: "strict", type: "boolean", description: "Stricter checks, and warnings count as errors" },
    { name: "no-warnings", type: "boolean", description: "Leave warnings out of the report" },
    {
      ...validateStructureFlag,
      description: "Validate the structure against the version's JSON Schema",
    },
    sourceMapFlag,
    { ...quietFlag, description: "Only the validation result: no banner or statistics" },
    {
      name: "format",
      type: "string",
      default: "text",
      placeholder: FORMATS.join("|"),
      choices: FORMATS,
      description: "Report format",
    },
  ],
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    const started = performance.now();
    const format = String(ctx.flags.format ?? "text");
    const result = await validate(ctx.args[0], {
      reader: ctx.io.reader,
      strict: ctx.flags.strict === true,
      noWarnings: ctx.flags["no-warnings"] === true,
      validateStructure: ctx.flags["validate-structure"] !== false,
      sourceMap: ctx.flags["source-map"] === true || format === "sarif" || format === "github",
    });
    if (ctx.flags.quiet !== true) {
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
      default:
        ctx.io.stdout(renderValidationText(result, { style: createStyle(ctx.io.color) }));
    }
    return result.valid ? 0 : 1;
  },
};

import { VERSION } from "../core/build_info.ts";
import { createStyle, formatDuration } from "../render/report.ts";
import {
  renderValidationGithub,
  renderValidationJson,
  renderValidationSarif,
  renderValidationText,
  renderValidationYaml,
} from "../render/validation.ts";
import { ConfigError } from "../config/mod.ts";
import { pruneBaseline, validate, writeBaseline } from "../validator/mod.ts";
import { baselineSummary, policyFile, policyFlags, ruleSeverities } from "./_validate_policy.ts";
import {
  inputArgument,
  maxInputSizeFlag,
  printHeader,
  quietFlag,
  sourceMapFlag,
  validateStructureFlag,
} from "./_common.ts";
import { defineCommand, type TypedContext } from "./define_command.ts";
import { escapeText } from "../render/escape.ts";
import type { Command } from "./types.ts";

/** Report formats of `oatool validate`. */
const FORMATS = ["text", "json", "yaml", "sarif", "github"] as const;

/** The flags of `oatool validate`. */
const FLAGS = {
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
  ...policyFlags,
} as const;

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
output. Exit code 0 when the document is valid, 1 when it is not or cannot be read, 2 when the policy file
(oatool.yaml), a --rule or the baseline is wrong.

The policy file sets rule severities (rules:), accepted findings (ignore:), presets (extends: recommended,
strict, minimal or a file), named APIs (apis:) and a baseline (baseline:); print its JSON Schema with
"oatool config schema". A baseline (--generate-baseline) accepts every current finding: later runs fail only on
new findings, say how many were accepted, and list stale entries, which --prune-baseline removes.`,
  flags: FLAGS,
  minArgs: 1,
  maxArgs: 1,
  async run(ctx) {
    try {
      return await runValidate(ctx);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      ctx.io.stderr(`oatool validate: ${error.problems.map(escapeText).join("\n  ")}\n`);
      return 2;
    }
  },
});

async function runValidate(ctx: TypedContext<typeof FLAGS>): Promise<number> {
  const started = performance.now();
  const { format } = ctx.flags;
  const f = ctx.flags;
  const generate = f["generate-baseline"];
  if (generate !== undefined && (f.baseline !== undefined || f["prune-baseline"])) {
    throw new ConfigError(
      "--generate-baseline writes a new baseline; give it without --baseline or --prune-baseline.",
    );
  }
  const input = inputArgument(ctx.args[0], "the input");
  const config = await policyFile(ctx.reader, f.config);
  const result = await validate(input, {
    reader: ctx.reader,
    strict: f.strict,
    noWarnings: f["no-warnings"],
    validateStructure: f["validate-structure"],
    sourceMap: f["source-map"] || format === "sarif" || format === "github",
    config,
    ruleSeverities: ruleSeverities(f.rule, f["skip-rule"]),
    baseline: f.baseline,
    generateBaseline: generate !== undefined,
  });
  if (f["prune-baseline"] && result.baselineFile === undefined) {
    throw new ConfigError(
      "--prune-baseline needs a baseline: give --baseline FILE or baseline: in the policy file.",
    );
  }
  if (generate !== undefined) {
    const entries = result.baselineEntries ?? [];
    await writeBaseline(generate, entries, { cwd: ctx.reader.cwd(), inputs: [input] });
    ctx.io.stderr(`oatool validate: wrote ${entries.length} baseline entries to ${escapeText(generate)}.\n`);
    return 0;
  }
  const stale = result.staleBaseline ?? [];
  const pruned = f["prune-baseline"] && stale.length > 0
    ? await pruneBaseline(result.baselineFile!, stale, { reader: ctx.reader })
    : undefined;
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
  const summary = baselineSummary(result, pruned);
  if (format === "text") ctx.io.stdout(summary);
  else ctx.io.stderr(summary);
  return result.valid ? 0 : 1;
}

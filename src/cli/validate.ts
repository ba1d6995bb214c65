import { VERSION } from "../core/build_info.ts";
import { createStyle, formatDuration } from "../render/report.ts";
import {
  renderValidationGithub,
  renderValidationJson,
  renderValidationSarif,
  renderValidationText,
  renderValidationYaml,
  validationFindingReport,
} from "../render/validation.ts";
import { renderReport } from "../render/format.ts";
import { REPORT_FORMATS } from "../render/contract.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import { ConfigError } from "../config/mod.ts";
import {
  DEFAULT_JOBS,
  listRules,
  type ManyEntry,
  pruneBaseline,
  validate,
  validateMany,
  writeBaseline,
} from "../validator/mod.ts";
import { listCustomRules } from "../validator/_policy.ts";
import { expandInputs, isGlob, parseShard, shardInputs } from "./_validate_inputs.ts";
import {
  documentFiles,
  documentLine,
  manyBanner,
  manyBaselineEntries,
  manyExitCode,
  mergedBaseline,
  renderMany,
  staleByBaseline,
} from "./_validate_many.ts";
import { baselineSummary, policyFile, policyFlags, ruleSeverities } from "./_validate_policy.ts";
import {
  inputArgument,
  maxInputSizeFlag,
  printHeader,
  quietFlag,
  sourceMapFlag,
  validateStructureFlag,
  wholeNumber,
} from "./_common.ts";
import { defineCommand, invalidOrCouldNotRun, type TypedContext } from "./define_command.ts";
import { escapeText } from "../render/escape.ts";
import { loadDocument, UsageError } from "../core/mod.ts";
import type { Command } from "./types.ts";

/** Report formats of `oatool validate`: those of every report, and the HTML page. */
const FORMATS = [...REPORT_FORMATS, "html"] as const;

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
  jobs: {
    type: "string",
    placeholder: "n",
    description: "Documents validated at once, on this thread and workers (default: the number of cores)",
  },
  shard: {
    type: "string",
    placeholder: "i/n",
    description: "Validate only the i-th of n slices of the sorted inputs (a CI matrix's share)",
  },
  "list-rules": {
    type: "boolean",
    description: "List the rules, the policy file's custom ones too (declarative rules, plugins), then exit",
  },
  ...policyFlags,
} as const;

/** `oatool validate`. */
export const validateCommand: Command = defineCommand({
  name: "validate",
  summary: "Validate a document against the version it declares",
  usage: "validate [flags] [<file|url|glob|->...]",
  exitCodes: {
    0: "every document is valid",
    1: "a document is invalid (its findings, or it is not YAML/JSON or not an OpenAPI document of a known version)",
    2: "the validation could not be done: an input missing or unreadable, a permission refused, a bad flag or " +
      "value, a wrong policy file (oatool.yaml), --rule, baseline, --jobs, --shard or glob",
  },
  failureExitCode: invalidOrCouldNotRun,
  usageExitCode: 2,
  description:
    `Validates an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document against the official JSON Schema of the version it
declares, then checks what the schema cannot: references, unique operationIds, path parameters, responses,
security requirements, servers, media types, discriminators and more. Every finding has a rule id, a path and a
link to the specification section. The banner and statistics go to standard error, the report to standard
output.

The policy file sets rule severities (rules:), accepted findings (ignore:), presets (extends: recommended,
strict, minimal or a file), named APIs (apis:) and a baseline (baseline:); print its JSON Schema with
"oatool config schema". A baseline (--generate-baseline) accepts every current finding: later runs fail only on
new findings, say how many were accepted, and list stale entries, which --prune-baseline removes. With
several documents, one baseline covers them all, each entry naming its document.

Several documents, or globs that oatool expands (quote them: 'apis/**/openapi.yaml'; * within a folder name,
** any folders; node_modules and .git are skipped), or with no input the policy file's apis: roots, are
validated in parallel (--jobs) into one merged report, with a line per document; the exit code is the worst.
--shard i/n validates the i-th of n stable slices of the sorted list, for a CI matrix.`,
  flags: FLAGS,
  minArgs: 0,
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
  const config = await policyFile(ctx.reader, f.config);
  if (f["list-rules"]) return await printRules(ctx, config);
  if (ctx.args.length !== 1 || isGlob(ctx.args[0]) || f.shard !== undefined) {
    return await runMany(ctx, config, started);
  }
  const arg = inputArgument(ctx.args[0], "the input");
  // The HTML page shows the lines of the files: the document is loaded here, so its set (read once, by the
  // validation) gives them.
  const input = format === "html"
    ? await loadDocument(arg, { reader: ctx.reader, validateStructure: f["validate-structure"] })
    : arg;
  const result = await validate(input, {
    reader: ctx.reader,
    strict: f.strict,
    noWarnings: f["no-warnings"],
    validateStructure: f["validate-structure"],
    sourceMap: f["source-map"] || format === "sarif" || format === "github" || format === "html",
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
    await writeBaseline(generate, entries, { cwd: ctx.reader.cwd(), inputs: [arg] });
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
    case "junit":
    case "markdown":
      ctx.io.stdout(renderReport(format, validationFindingReport(result), { toolVersion: VERSION }));
      break;
    case "html": {
      const set = await loadDocumentSet(input, { reader: ctx.reader });
      // imported here: the page's hashing (node:crypto) costs every other validate ~10 ms at start
      const { renderValidationHtml } = await import("../render/validation_html.ts");
      ctx.io.stdout(renderValidationHtml(result, { files: set.files }));
      break;
    }
    case "text":
      ctx.io.stdout(renderValidationText(result, { style: createStyle(ctx.io.color) }));
  }
  const summary = baselineSummary(result, pruned);
  if (format === "text") ctx.io.stdout(summary);
  else ctx.io.stderr(summary);
  return result.valid ? 0 : 1;
}

/** Several documents (or globs, or the policy's `apis:`): validated `--jobs` at once, one merged report. */
async function runMany(
  ctx: TypedContext<typeof FLAGS>,
  config: Awaited<ReturnType<typeof policyFile>>,
  started: number,
): Promise<number> {
  const f = ctx.flags;
  const generate = f["generate-baseline"];
  if (ctx.args.length === 0 && Object.keys(config?.apis ?? {}).length === 0) {
    throw new UsageError(
      "an input is required: name files or globs, or list apis: with their root in the policy file (oatool.yaml).",
    );
  }
  let jobs: number, all: string[], inputs: string[];
  try {
    jobs = f.jobs === undefined ? DEFAULT_JOBS : wholeNumber("jobs", f.jobs, 1);
    const shard = f.shard === undefined ? undefined : parseShard(f.shard);
    const args = ctx.args.map((a) => inputArgument(a, "an input"));
    all = await expandInputs(args, ctx.reader.cwd(), config);
    inputs = shard === undefined ? all : shardInputs(all, shard);
  } catch (error) {
    // A wrong --jobs, --shard or glob keeps validate from its job: exit 2, as for a wrong policy.
    throw error instanceof UsageError ? new ConfigError(error.message) : error;
  }
  const entries = await validateMany(inputs, {
    jobs,
    // Workers read the file system; a reader of another kind (tests) keeps the documents on this thread.
    reader: ctx.io.createReader === undefined ? ctx.reader : undefined,
    maxInputSize: f["max-input-size"],
    strict: f.strict,
    noWarnings: f["no-warnings"],
    validateStructure: f["validate-structure"],
    sourceMap: f["source-map"] || f.format !== "text",
    config,
    ruleSeverities: ruleSeverities(f.rule, f["skip-rule"]),
    baseline: f.baseline,
    generateBaseline: generate !== undefined,
  });
  const style = createStyle(ctx.io.color);
  if (!f.quiet) {
    ctx.io.stderr(manyBanner(entries, Math.min(jobs, inputs.length), performance.now() - started));
  }
  if (entries.length === 0) {
    ctx.io.stderr(`oatool validate: shard ${f.shard} of ${all.length} documents holds none.\n`);
    return 0;
  }
  if (generate !== undefined) return await generateMany(ctx, generate, entries, inputs);
  const stale = staleByBaseline(entries);
  if (f["prune-baseline"] && stale.size === 0) {
    throw new ConfigError(
      "--prune-baseline needs a baseline: give --baseline FILE or baseline: in the policy file.",
    );
  }
  let pruned: number | undefined;
  for (const [file, gone] of f["prune-baseline"] ? stale : []) {
    if (gone.length > 0) pruned = (pruned ?? 0) + await pruneBaseline(file, gone, { reader: ctx.reader });
  }
  const files = f.format === "html" ? await documentFiles(entries, ctx.reader) : undefined;
  ctx.io.stdout(await renderMany(f.format, entries, style, f.quiet ? () => {} : ctx.io.stderr, files));
  const summary = baselineSummary(mergedBaseline(entries), pruned);
  if (f.format === "text") ctx.io.stdout(summary);
  else ctx.io.stderr(summary);
  return manyExitCode(entries);
}

/**
 * `--generate-baseline` over several documents: one baseline file whose entries name their document (relative
 * to the baseline file). A document that could not be validated has no entries: after writing the rest, exit 2
 * when it could not be read (or its worker failed), 1 when it is not an OpenAPI document, as with one document.
 */
async function generateMany(
  ctx: TypedContext<typeof FLAGS>,
  file: string,
  entries: readonly ManyEntry[],
  inputs: readonly string[],
): Promise<number> {
  const cwd = ctx.reader.cwd();
  const baseline = manyBaselineEntries(entries, cwd);
  await writeBaseline(file, baseline, { cwd, inputs });
  const failed = entries.filter((e) => e.failure !== undefined);
  for (const e of failed) ctx.io.stderr(documentLine(e, createStyle(ctx.io.color)) + "\n");
  ctx.io.stderr(
    `oatool validate: wrote baseline entries of ${entries.length - failed.length} of ${entries.length} ` +
      `documents to ${escapeText(file)}.\n`,
  );
  return failed.length > 0 ? manyExitCode(failed) : 0;
}

/**
 * `--list-rules`: every rule id with its default severity and description, the built-in ones first, then the
 * policy file's custom rules (its declarative rules, its plugins' rules: loading a plugin runs its code), marked
 * `custom`. JSON with `--format json`.
 */
async function printRules(
  ctx: TypedContext<typeof FLAGS>,
  config: Awaited<ReturnType<typeof policyFile>>,
): Promise<number> {
  const builtIn = listRules().map((r) => ({ ...r, custom: false }));
  const custom = config === undefined
    ? []
    : (await listCustomRules(config, builtIn.map((r) => r.id), ctx.reader.cwd())).map((r) => ({
      id: r.id,
      severity: r.severity,
      description: r.description,
      strictOnly: false,
      custom: true,
    }));
  const rules = [...builtIn, ...custom];
  if (ctx.flags.format === "json") {
    ctx.io.stdout(JSON.stringify(rules, null, 2) + "\n");
    return 0;
  }
  const width = Math.max(...rules.map((r) => r.id.length));
  for (const r of rules) {
    const note = r.custom ? " (custom)" : r.strictOnly ? " (--strict)" : "";
    ctx.io.stdout(
      `${escapeText(r.id.padEnd(width))}  ${r.severity.padEnd(7)}  ${escapeText(r.description)}${note}\n`,
    );
  }
  return 0;
}

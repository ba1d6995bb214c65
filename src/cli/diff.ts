import { loadStructured, UsageError } from "../core/mod.ts";
import { VERSION } from "../core/build_info.ts";
import {
  renderChecksJson,
  renderChecksText,
  renderDiffGithub,
  renderDiffJson,
  renderDiffJunit,
  renderDiffMarkdown,
  renderDiffSarif,
  renderDiffText,
  renderDiffYaml,
} from "../render/diff.ts";
import { createStyle } from "../render/report.ts";
import { renderDiffHtml } from "../render/diff_html.ts";
import {
  diff,
  DIFF_PRESETS,
  DIFF_SEVERITIES,
  type DiffOptions,
  fromDiffSeverity,
  listChecks,
  parseIgnoreList,
  parseSeverities,
} from "../differ/mod.ts";
import type { DocumentReader } from "../core/mod.ts";
import { inputArgument, maxInputSizeFlag, sourceMapFlag } from "./_common.ts";
import { arrangeResult, loadSides, versionBump } from "./_diff_inputs.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** Report formats of `oatool diff`. */
const FORMATS = ["text", "json", "yaml", "markdown", "github", "junit", "sarif", "html"] as const;

async function readRulesFile(path: string, reader: DocumentReader): Promise<unknown> {
  const loaded = await loadStructured({ file: inputArgument(path, "the rules file") }, {
    reader,
    role: "referenced",
  });
  return loaded.data;
}

/** `oatool diff`. */
export const diffCommand: Command = defineCommand({
  name: "diff",
  summary: "Compare two documents; optional breaking-change detection",
  usage: "diff [flags] <source> <target>",
  description:
    `Compares two OpenAPI documents (2.0, 3.0, 3.1 or 3.2; of different versions, the older is converted to the
newer one's version and the format change is reported as breaking): endpoints (matched by
template shape, so /users/{id} is /users/{userId}), operations, parameters, request bodies, responses, schemas
through their $refs (a renamed component is not a change), security, servers, info and extensions. Every change is
a named check with a severity: CRITICAL and ERROR break clients (a request that accepts less, a response that may
return more), WARNING asks for attention, INFO is compatible. --list-checks prints them all.
Each side is a file, a URL, - (standard input, one side at most) or rev:path, a file of a git revision
(main:api/openapi.yaml, HEAD~1:api/openapi.yaml, v1.2.0:openapi.yaml) whose $refs resolve in that revision; the
repository is read directly (no git program). An existing file of that name wins over rev:path.
github, markdown and sarif reports show each change's file:line:column, paths relative to the working directory
(sarif: one result per change, its rule the check id, its level error for CRITICAL and ERROR, warning, note for
INFO).`,
  exitCodes: {
    0: "no differences (with --breaking: no breaking change)",
    1: "differences (with --breaking: breaking changes; or changes at or above --fail-on; with " +
      "--require-version-bump: breaking changes without a new major version, while with one --breaking passes)",
    2: "the comparison could not be done: an input missing, unreadable or not an OpenAPI document, a permission " +
      "refused, a bad flag or value, a bad --ignore or --severity file",
  },
  failureExitCode: 2,
  usageExitCode: 2,
  flags: {
    breaking: {
      type: "boolean",
      description:
        "Breaking-change detection: the breaking changes first (every format), sections per category, a summary",
    },
    preset: {
      type: "string",
      placeholder: DIFF_PRESETS.join("|"),
      choices: DIFF_PRESETS,
      description: "Severity rule preset (docs/diff-severity.md); default: default",
    },
    "deprecation-days": {
      type: "string",
      placeholder: "N",
      description: "Days required between deprecation (x-deprecated-at) and removal; sooner is breaking",
    },
    "require-version-bump": {
      type: "boolean",
      description:
        "Breaking changes need a new major info.version (0.x: minor): exit 1 without; with it, --breaking passes",
    },
    "no-info": { type: "boolean", description: "Leave out informational (INFO) changes" },
    "source-map": sourceMapFlag,
    format: {
      type: "string",
      default: "text",
      placeholder: FORMATS.join("|"),
      choices: FORMATS,
      description: "Report format",
    },
    "fail-on": {
      type: "string",
      placeholder: "CRITICAL|ERROR|WARNING|INFO",
      choices: DIFF_SEVERITIES,
      description:
        "Exit 1 when a change is at or above this severity (default: breaking mode ERROR, else any)",
    },
    ignore: {
      type: "string",
      placeholder: "file",
      description: "YAML/JSON list of check ids, paths or globs (each with an optional reason) to silence",
    },
    severity: {
      type: "string",
      placeholder: "file",
      description: "YAML/JSON mapping of check ids to the severity to use instead of the default",
    },
    "list-checks": { type: "boolean", description: "Print every check (id, category, severity) and exit" },
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 0,
  maxArgs: 2,
  async run(ctx) {
    const { format } = ctx.flags;
    if (ctx.flags["list-checks"]) {
      if (ctx.args.length > 0) throw new UsageError("--list-checks takes no documents.");
      if (format !== "text" && format !== "json") {
        throw new UsageError(`--list-checks prints text or json, not ${format}.`);
      }
      ctx.io.stdout(format === "json" ? renderChecksJson(listChecks()) : renderChecksText(listChecks()));
      return 0;
    }
    if (ctx.args.length !== 2) {
      throw new UsageError(`two documents are required (source and target), ${ctx.args.length} given.`);
    }
    const ignoreFile = ctx.flags.ignore;
    const severityFile = ctx.flags.severity;
    const ignore = ignoreFile === undefined
      ? undefined
      : parseIgnoreList(await readRulesFile(ignoreFile, ctx.reader), ignoreFile);
    const severities = severityFile === undefined
      ? undefined
      : parseSeverities(await readRulesFile(severityFile, ctx.reader), severityFile);
    const failOnFlag = ctx.flags["fail-on"];
    const failOn = failOnFlag === undefined ? undefined : fromDiffSeverity(failOnFlag);
    const breaking = ctx.flags.breaking;
    const maxInputSize = ctx.flags["max-input-size"];
    const deprecationDays = daysFlag(ctx.flags["deprecation-days"]);
    const [source, target] = await loadSides(ctx.args[0], ctx.args[1], { reader: ctx.reader, maxInputSize });
    const options: DiffOptions = {
      reader: ctx.reader,
      breaking,
      noInfo: ctx.flags["no-info"],
      failOn,
      ignore,
      severities,
      sourceMap: format === "github" || format === "markdown" || format === "sarif"
        ? "target"
        : ctx.flags["source-map"],
    };
    if (ctx.flags.preset !== undefined) options.preset = ctx.flags.preset;
    if (deprecationDays !== undefined) options.deprecationDays = deprecationDays;
    const result = arrangeResult(await diff(source, target, options), ctx.reader.cwd(), breaking);
    switch (format) {
      case "json":
        ctx.io.stdout(renderDiffJson(result));
        break;
      case "yaml":
        ctx.io.stdout(renderDiffYaml(result));
        break;
      case "markdown":
        ctx.io.stdout(renderDiffMarkdown(result, { breakingFirst: breaking }));
        break;
      case "github":
        ctx.io.stdout(renderDiffGithub(result));
        break;
      case "html":
        ctx.io.stdout(renderDiffHtml(result, { source, target }));
        break;
      case "sarif":
        ctx.io.stdout(renderDiffSarif(result, { toolVersion: VERSION }));
        break;
      case "junit":
        ctx.io.stdout(renderDiffJunit(result, { failOn: failOn ?? (breaking ? "error" : "info") }));
        break;
      case "text":
        ctx.io.stdout(renderDiffText(result, { breaking, style: createStyle(ctx.io.color) }));
    }
    if (!ctx.flags["require-version-bump"]) return result.failed ? 1 : 0;
    const bump = versionBump(result, source, target);
    if (bump?.raised === false) {
      ctx.io.stderr(bump.message + "\n");
      return 1;
    }
    // Breaking changes that come with a new major version pass the --breaking gate (not an explicit --fail-on).
    return result.failed && !(bump?.raised && breaking && failOn === undefined) ? 1 : 0;
  },
});

/** The value of `--deprecation-days`: a whole number of days, 0 or more. */
function daysFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,6}$/.test(value.trim())) {
    throw new UsageError(`--deprecation-days is "${value}"; give a whole number of days (0 or more).`);
  }
  return Number(value);
}

import { loadStructured, UsageError } from "../core/mod.ts";
import {
  renderChecksJson,
  renderChecksText,
  renderDiffGithub,
  renderDiffJson,
  renderDiffJunit,
  renderDiffMarkdown,
  renderDiffText,
  renderDiffYaml,
} from "../render/diff.ts";
import { createStyle } from "../render/report.ts";
import { renderDiffHtml } from "../render/diff_html.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import { diff, DIFF_SEVERITIES, listChecks, parseIgnoreList, parseSeverities } from "../differ/mod.ts";
import type { DocumentReader } from "../core/mod.ts";
import { inputArgument, maxInputSizeFlag, sourceMapFlag } from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** Report formats of `oatool diff`. */
const FORMATS = ["text", "json", "yaml", "markdown", "github", "junit", "html"] as const;

async function readRulesFile(path: string, reader: DocumentReader): Promise<unknown> {
  const loaded = await loadStructured({ file: inputArgument(path, "the rules file") }, {
    reader,
    role: "referenced",
  });
  return loaded.data;
}

function documentArgument(value: string, what: string): string {
  if (value === "-") {
    throw new UsageError(`${what} is "-"; diff compares files or URLs, not standard input.`);
  }
  return inputArgument(value, what);
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
Exit codes: 0 no differences (with --breaking: no breaking change); 1 differences (with --breaking: breaking
changes, or changes at or above --fail-on), or input that cannot be read or is invalid.`,
  flags: {
    breaking: {
      type: "boolean",
      description: "Breaking-change detection: sections per category and a summary",
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
    const failOn = ctx.flags["fail-on"];
    const breaking = ctx.flags.breaking;
    const inputs = [documentArgument(ctx.args[0], "the source"), documentArgument(ctx.args[1], "the target")];
    const sets = format === "html"
      ? await Promise.all(inputs.map((input) => loadDocumentSet(input, { reader: ctx.reader })))
      : undefined;
    const result = await diff(
      sets?.[0] ?? inputs[0],
      sets?.[1] ?? inputs[1],
      {
        reader: ctx.reader,
        breaking,
        noInfo: ctx.flags["no-info"],
        failOn,
        ignore,
        severities,
        sourceMap: format === "github" ? "target" : ctx.flags["source-map"],
      },
    );
    switch (format) {
      case "json":
        ctx.io.stdout(renderDiffJson(result));
        break;
      case "yaml":
        ctx.io.stdout(renderDiffYaml(result));
        break;
      case "markdown":
        ctx.io.stdout(renderDiffMarkdown(result));
        break;
      case "github":
        ctx.io.stdout(renderDiffGithub(result));
        break;
      case "html":
        ctx.io.stdout(renderDiffHtml(result, { source: sets?.[0], target: sets?.[1] }));
        break;
      case "junit":
        ctx.io.stdout(renderDiffJunit(result, { failOn: failOn ?? (breaking ? "ERROR" : "INFO") }));
        break;
      case "text":
        ctx.io.stdout(renderDiffText(result, { breaking, style: createStyle(ctx.io.color) }));
    }
    return result.failed ? 1 : 0;
  },
});

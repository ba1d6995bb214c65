import { fileExists, UsageError } from "../core/mod.ts";
import {
  COLLISION_STRATEGIES,
  DEFAULT_JOIN_OPERATION_ID_TEMPLATE,
  DEFAULT_RENAME_TEMPLATE,
  EQUIVALENCE_MODES,
  InvalidInputError,
  JoinCollisionError,
  Joiner,
  type JoinerConfig,
  JoinOutputError,
  type JoinResult,
  PRIMARY_OPERATION_POLICIES,
} from "../joiner/mod.ts";
import { escapeText } from "../render/escape.ts";
import {
  renderCollisionFailures,
  renderCollisionReport,
  renderIdenticalMerged,
  renderInputChecks,
  renderJoinWarnings,
  renderRefusedInput,
} from "../render/join.ts";
import { renderFindingList } from "../render/findings.ts";
import { collisionFinding, findingReport } from "../render/command_reports.ts";
import type { ReportFinding } from "../render/contract.ts";
import { formatDuration } from "../render/report.ts";
import {
  emitChecked,
  formatFlag,
  inputArgument,
  maxInputSizeFlag,
  outputFormat,
  outputTarget,
  printHeader,
  printReport,
  reportFormatFlag,
  sourceMapFlag,
  writtenProblem,
} from "./_common.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

function strategyFlag(what: string) {
  return {
    type: "string",
    placeholder: "strategy",
    choices: COLLISION_STRATEGIES,
    description: `Strategy for ${what}`,
  } as const;
}

/** Parses `--namespace-prefix source=prefix` values. */
export function parseNamespacePrefixes(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const eq = v.lastIndexOf("=");
    if (eq <= 0 || eq === v.length - 1) {
      throw new UsageError(
        `--namespace-prefix takes source=prefix (for example users.yaml=Users), not "${v}".`,
      );
    }
    out[v.slice(0, eq)] = v.slice(eq + 1);
  }
  return out;
}

/**
 * Parses `--mode`: an octal file mode of three digits (`644`, `0644`).
 *
 * @throws {UsageError} for anything else.
 */
export function parseFileMode(value: string): number {
  if (!/^0?[0-7]{3}$/.test(value)) {
    throw new UsageError(
      `--mode takes an octal file mode such as 600 or 644, not ${JSON.stringify(value)}.`,
    );
  }
  return parseInt(value, 8);
}

/** `oatool join`. */
export const joinCommand: Command = defineCommand({
  name: "join",
  summary: "Merge documents",
  usage: "join [flags] <file1> <file2> [file3...]",
  exitCodes: {
    0: "joined",
    1: "the join failed (a collision under a fail strategy, a version mismatch, an unreadable input) or a usage error",
    2: "a bad --mode",
  },
  description:
    `Merges two or more OpenAPI documents (2.0 with 2.0; 3.0, 3.1 and 3.2 with each other) into one, written
to -o with mode 0600 in the first document's format (-o - writes it to standard output); version and info come
from the first document. Inputs are validated first: each input's error count and first errors are reported as
warnings on standard error (run "oatool validate <file>" for all of them), and the inputs are joined anyway.
Only what cannot be joined is refused: documents that do not parse or lack the basic structure, 2.0 mixed with
3.x, and references that resolve nowhere. --no-validate skips the check. --mode 644 writes a file that is
served. Collisions (the same path, schema or other component in several documents) are resolved by the
strategies:
  accept-left, accept-right, fail, fail-on-paths, rename-left, rename-right, dedup-equivalent, dedup-or-rename
(the default is fail; under fail every collision of every input is listed, by section, before the join fails).
Same-named components that are identical (descriptions count unless --equivalence-ignore-docs) are one
component under every strategy, not a collision ("N identical components merged"). An operationId used by an
earlier input is a collision too: it fails under fail; otherwise the later operation is renamed by
--operationid-template and the links naming it follow. References to renamed or deduplicated values are
rewritten. The joined document is checked: an error no input had (a dangling $ref, a duplicate operationId, a
discriminator mapping naming no schema) fails the join (exit 1) naming it; --no-check-output skips this.
Statistics and warnings go to standard error (--report-format: the findings alone, in json, yaml, sarif, github,
junit or markdown: the inputs' errors, the warnings, or why the join failed).
The result is YAML or JSON by the -o extension (--format
overrides; standard output keeps the first document's format). The written result is read again and every
$ref to another file resolved from where it is (exit 1 naming any that does not resolve).`,
  flags: {
    output: {
      short: "o",
      type: "string",
      placeholder: "file",
      description: "Output file path (required); - for standard output",
    },
    format: formatFlag,
    "report-format": reportFormatFlag,
    "path-strategy": strategyFlag("paths and webhooks"),
    "schema-strategy": strategyFlag("schemas/definitions"),
    "component-strategy": strategyFlag("other components (parameters, responses, …)"),
    "default-strategy": { ...strategyFlag("every type without its own strategy"), default: "fail" },
    "rename-template": {
      type: "string",
      placeholder: "template",
      default: DEFAULT_RENAME_TEMPLATE,
      description: "Go template naming renamed schemas",
    },
    "operation-context": { type: "boolean", description: "Enable operation-aware renaming" },
    "primary-operation-policy": {
      type: "string",
      placeholder: "policy",
      choices: PRIMARY_OPERATION_POLICIES,
      default: "first",
      description: "Primary operation of shared schemas: first, most-specific, alphabetical",
    },
    "semantic-dedup": { type: "boolean", description: "Consolidate structurally identical schemas" },
    "no-merge-arrays": { type: "boolean", description: "Do not merge servers, security and tags" },
    "no-dedup-tags": { type: "boolean", description: "Do not deduplicate tags by name" },
    "pre-overlay": {
      type: "list",
      placeholder: "file",
      description: "Overlay applied to each input before joining",
    },
    "post-overlay": {
      type: "list",
      placeholder: "file",
      description: "Overlay applied to the merged result",
    },
    "namespace-prefix": {
      type: "list",
      placeholder: "source=prefix",
      description:
        "Prefix the schemas of a source: <Prefix>_<Name> (colliding ones only, unless --always-prefix)",
    },
    "always-prefix": {
      type: "boolean",
      description: "Apply namespace prefixes to every schema of the source",
    },
    "equivalence-mode": {
      type: "string",
      placeholder: "mode",
      choices: EQUIVALENCE_MODES,
      default: "deep",
      description: "How dedup-equivalent and dedup-or-rename compare: none, shallow, deep",
    },
    "equivalence-ignore-docs": {
      type: "boolean",
      description: "Descriptions and summaries do not count when same-named values are compared",
    },
    "operationid-template": {
      type: "string",
      placeholder: "template",
      default: DEFAULT_JOIN_OPERATION_ID_TEMPLATE,
      description:
        "New id of an operation whose operationId an earlier input uses: {operationId}, {source}, " +
        "{method}, {path}, {tag}, {tags}, {n}, each with :pascal, :camel, :snake, :kebab, :upper or :lower",
    },
    mode: {
      type: "string",
      placeholder: "octal",
      default: "600",
      description: "File mode of the -o file, octal: 644 for a file that is served; a bad value exits 2",
    },
    "no-check-output": {
      type: "boolean",
      description: "Do not check the joined document for errors the inputs did not have",
    },
    "collision-report": {
      type: "boolean",
      description: "Print every collision and how it was resolved",
    },
    "no-validate": {
      type: "boolean",
      description: "Do not validate the inputs first (by default their errors are reported as warnings)",
    },
    "source-map": { ...sourceMapFlag, description: "Include file:line:column of both sides in messages" },
    "max-input-size": maxInputSizeFlag,
  },
  minArgs: 2,
  async run(ctx) {
    const started = performance.now();
    const { io, flags: f } = ctx;
    if (f.output === undefined || f.output === "") {
      throw new UsageError(
        "the output file is required: give it with -o <file>, or -o - for standard output.",
      );
    }
    const output = outputTarget(f.output);
    let mode: number;
    try {
      mode = parseFileMode(f.mode);
    } catch (error) {
      // A bad file mode is a configuration error: exit 2, as the issue asks (other usage errors of join exit 1).
      if (!(error instanceof UsageError)) throw error;
      io.stderr(`oatool join: ${escapeText(error.message)}\n`);
      return 2;
    }
    const inputs = ctx.args.map((a, i) => inputArgument(a, `input ${i + 1}`));
    if (inputs.includes("-")) {
      throw new UsageError("join reads its inputs from files or URLs, not from standard input.");
    }
    const config: Partial<JoinerConfig> = {
      defaultStrategy: f["default-strategy"],
      pathStrategy: f["path-strategy"],
      schemaStrategy: f["schema-strategy"],
      componentStrategy: f["component-strategy"],
      renameTemplate: f["rename-template"],
      operationContext: f["operation-context"],
      primaryOperationPolicy: f["primary-operation-policy"],
      semanticDeduplication: f["semantic-dedup"],
      mergeArrays: !f["no-merge-arrays"],
      deduplicateTags: !f["no-dedup-tags"],
      preJoinOverlayFiles: f["pre-overlay"].map((p) => inputArgument(p, "--pre-overlay")),
      postJoinOverlayFiles: f["post-overlay"].map((p) => inputArgument(p, "--post-overlay")),
      namespacePrefix: parseNamespacePrefixes(f["namespace-prefix"]),
      alwaysApplyPrefix: f["always-prefix"],
      equivalenceMode: f["equivalence-mode"],
      equivalenceIgnoreDocs: f["equivalence-ignore-docs"],
      operationIdTemplate: f["operationid-template"],
      checkOutput: !f["no-check-output"],
      collisionReport: f["collision-report"],
      validateInputs: !f["no-validate"],
      reader: ctx.reader,
    };
    if (f["source-map"]) config.sourceMaps = true;
    const joiner = new Joiner(config);
    let result: JoinResult;
    try {
      result = await joiner.join(inputs);
    } catch (error) {
      const failed = failureFindings(error);
      if (failed !== undefined && f["report-format"] !== "text") {
        const message = (error as Error).message;
        const report = findingReport("join", output ?? "<stdout>", failed, { ok: false, message });
        printReport(io.stderr, f["report-format"], report);
        return 1;
      }
      if (error instanceof InvalidInputError) {
        io.stderr(`oatool join: ${escapeText(error.message)}\n`);
        io.stderr(renderRefusedInput(error.source, error.findings));
        io.stderr("\nFix the errors, or join anyway with --no-validate.\n");
        return 1;
      }
      if (error instanceof JoinCollisionError) {
        io.stderr(`oatool join: ${escapeText(error.message)}\n`);
        io.stderr(renderCollisionFailures(error.collisions));
        return 1;
      }
      if (error instanceof JoinOutputError) {
        io.stderr(`oatool join: ${escapeText(error.message)}\n`);
        io.stderr(`\nNew errors in the joined document (${error.findings.length}):\n`);
        io.stderr(renderFindingList(error.findings));
        return 1;
      }
      throw error;
    }
    const existed = output !== undefined && await fileExists(output);
    const emitted = await emitChecked(
      io,
      "join",
      result.document,
      outputFormat(f, output, result.sourceFormat),
      {
        output,
        inputs: result.inputPaths,
        mode,
        readSet: [result.readSet],
      },
    );
    if (f["report-format"] !== "text") {
      const findings = [
        ...result.inputChecks.flatMap((c) => c.errors.map((e) => ({ ...e, file: c.source }))),
        ...result.structuredWarnings,
      ];
      const report = findingReport("join", output ?? "<stdout>", findings, {
        ok: true,
        message: `Joined ${inputs.length} files into ${
          output ?? "<stdout>"
        } (${result.collisionCount} collisions resolved).`,
        fields: {
          inputs: result.inputPaths,
          collisionsResolved: result.collisionCount,
          identicalMerged: result.identicalCount ?? 0,
        },
      });
      printReport(io.stderr, f["report-format"], report, writtenProblem(emitted));
      return emitted.problem === undefined ? 0 : 1;
    }
    printHeader(io, {
      command: "join",
      extra: [
        ["Files Joined", String(inputs.length)],
        ["Output", output ?? "<stdout>"],
        ["OAS Version", result.version],
        ["Paths", String(result.stats.pathCount)],
        ["Operations", String(result.stats.operationCount)],
        ["Schemas", String(result.stats.schemaCount)],
        ["Total Time", formatDuration(performance.now() - started)],
        ["Collisions Resolved", String(result.collisionCount)],
      ],
    });
    io.stderr(renderIdenticalMerged(result.identicalCount));
    if (existed) io.stderr(`\nWarning: ${escapeText(output)} already existed and was overwritten.\n`);
    io.stderr(renderInputChecks(result.inputChecks));
    io.stderr(renderJoinWarnings(result.structuredWarnings));
    if (result.collisionDetails) io.stderr(renderCollisionReport(result.collisionDetails));
    if (emitted.problem !== undefined) io.stderr(emitted.problem);
    return emitted.problem === undefined ? 0 : 1;
  },
});

/** The findings of a failed join (refused input, collisions, new errors in the output); undefined for others. */
function failureFindings(error: unknown): ReportFinding[] | undefined {
  if (error instanceof InvalidInputError) return error.findings.map((e) => ({ ...e, file: error.source }));
  if (error instanceof JoinCollisionError) return error.collisions.map(collisionFinding);
  if (error instanceof JoinOutputError) return error.findings;
  return undefined;
}

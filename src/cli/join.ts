import { fileExists, formatPosition, UsageError } from "../core/mod.ts";
import {
  COLLISION_STRATEGIES,
  type CollisionReport,
  DEFAULT_RENAME_TEMPLATE,
  EQUIVALENCE_MODES,
  InvalidInputError,
  Joiner,
  type JoinerConfig,
  type JoinResult,
  PRIMARY_OPERATION_POLICIES,
  writeResult,
} from "../joiner/mod.ts";
import { formatDuration } from "../format/mod.ts";
import { printHeader, sourceMapFlag } from "./_common.ts";
import type { CliIO, Command, FlagSpec } from "./types.ts";

function strategyFlag(name: string, what: string): FlagSpec {
  return {
    name,
    type: "string",
    placeholder: "strategy",
    choices: COLLISION_STRATEGIES,
    description: `Strategy for ${what}`,
  };
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

/** The collision report as text lines. */
export function renderCollisionReport(report: CollisionReport): string {
  let out = `\nCollision Report: ${report.totalCount} collision(s): ${report.schemaCount} schema, ` +
    `${report.pathCount} path, ${report.componentCount} other component\n`;
  for (const c of report.collisions) {
    const renamed = c.newName === undefined ? "" : ` -> '${c.newName}'`;
    out += `  ${c.type} '${c.name}' (${c.sources[0]} vs ${c.sources[1]}): ${c.resolution}${renamed}` +
      `${c.byHandler ? " (by the collision handler)" : ""}\n`;
  }
  return out;
}

function printInvalidInput(io: CliIO, error: InvalidInputError): void {
  io.stderr(`oatool join: ${error.message}\n`);
  io.stderr(`\nErrors in ${error.source} (${error.findings.length}):\n`);
  for (const f of error.findings) {
    const at = f.location ? `${formatPosition(f.location)}: ` : "";
    io.stderr(`  ${at}${f.path || "(root)"}: ${f.message}\n`);
  }
}

/** `oatool join`. */
export const joinCommand: Command = {
  name: "join",
  summary: "Merge documents",
  usage: "join [flags] <file1> <file2> [file3...]",
  description:
    `Merges two or more OpenAPI documents (2.0 with 2.0; 3.0, 3.1 and 3.2 with each other) into one, written
to -o with mode 0600 in the first document's format; version and info come from the first document. Inputs
are validated first and refused when they have errors (--no-validate skips this). Collisions (the same path,
schema or other component in several documents) are resolved by the strategies:
  accept-left, accept-right, fail, fail-on-paths, rename-left, rename-right, dedup-equivalent
(the default is fail). References to renamed or deduplicated values are rewritten. Statistics and warnings
go to standard error.`,
  flags: [
    {
      name: "output",
      short: "o",
      type: "string",
      placeholder: "file",
      description: "Output file path (required)",
    },
    strategyFlag("path-strategy", "paths and webhooks"),
    strategyFlag("schema-strategy", "schemas/definitions"),
    strategyFlag("component-strategy", "other components (parameters, responses, …)"),
    { ...strategyFlag("default-strategy", "every type without its own strategy"), default: "fail" },
    {
      name: "rename-template",
      type: "string",
      placeholder: "template",
      default: DEFAULT_RENAME_TEMPLATE,
      description: "Go template naming renamed schemas",
    },
    { name: "operation-context", type: "boolean", description: "Enable operation-aware renaming" },
    {
      name: "primary-operation-policy",
      type: "string",
      placeholder: "policy",
      choices: PRIMARY_OPERATION_POLICIES,
      default: "first",
      description: "Primary operation of shared schemas: first, most-specific, alphabetical",
    },
    { name: "semantic-dedup", type: "boolean", description: "Consolidate structurally identical schemas" },
    { name: "no-merge-arrays", type: "boolean", description: "Do not merge servers, security and tags" },
    { name: "no-dedup-tags", type: "boolean", description: "Do not deduplicate tags by name" },
    {
      name: "pre-overlay",
      type: "list",
      placeholder: "file",
      description: "Overlay applied to each input before joining",
    },
    {
      name: "post-overlay",
      type: "list",
      placeholder: "file",
      description: "Overlay applied to the merged result",
    },
    {
      name: "namespace-prefix",
      type: "list",
      placeholder: "source=prefix",
      description:
        "Prefix the schemas of a source: <Prefix>_<Name> (colliding ones only, unless --always-prefix)",
    },
    {
      name: "always-prefix",
      type: "boolean",
      description: "Apply namespace prefixes to every schema of the source",
    },
    {
      name: "equivalence-mode",
      type: "string",
      placeholder: "mode",
      choices: EQUIVALENCE_MODES,
      default: "deep",
      description: "How dedup-equivalent compares: none, shallow, deep",
    },
    {
      name: "collision-report",
      type: "boolean",
      description: "Print every collision and how it was resolved",
    },
    {
      name: "no-validate",
      type: "boolean",
      description: "Do not validate the inputs first (by default inputs with errors are refused)",
    },
    { ...sourceMapFlag, description: "Include file:line:column of both sides in messages" },
  ],
  minArgs: 2,
  async run(ctx) {
    const started = performance.now();
    const io = ctx.io;
    const f = ctx.flags;
    const output = f.output as string | undefined;
    if (output === undefined || output === "") {
      throw new UsageError("the output file is required: give it with -o <file>.");
    }
    if (ctx.args.includes("-")) {
      throw new UsageError("join reads its inputs from files or URLs, not from standard input.");
    }
    const config: Partial<JoinerConfig> = {
      defaultStrategy: f["default-strategy"] as JoinerConfig["defaultStrategy"],
      pathStrategy: f["path-strategy"] as JoinerConfig["pathStrategy"],
      schemaStrategy: f["schema-strategy"] as JoinerConfig["schemaStrategy"],
      componentStrategy: f["component-strategy"] as JoinerConfig["componentStrategy"],
      renameTemplate: f["rename-template"] as string,
      operationContext: f["operation-context"] === true,
      primaryOperationPolicy: f["primary-operation-policy"] as JoinerConfig["primaryOperationPolicy"],
      semanticDeduplication: f["semantic-dedup"] === true,
      mergeArrays: f["no-merge-arrays"] !== true,
      deduplicateTags: f["no-dedup-tags"] !== true,
      preJoinOverlayFiles: f["pre-overlay"] as string[],
      postJoinOverlayFiles: f["post-overlay"] as string[],
      namespacePrefix: parseNamespacePrefixes(f["namespace-prefix"] as string[]),
      alwaysApplyPrefix: f["always-prefix"] === true,
      equivalenceMode: f["equivalence-mode"] as JoinerConfig["equivalenceMode"],
      collisionReport: f["collision-report"] === true,
      validateInputs: f["no-validate"] !== true,
      reader: io.reader,
    };
    if (f["source-map"] === true) config.sourceMaps = true;
    const joiner = new Joiner(config);
    let result: JoinResult;
    try {
      result = await joiner.join(ctx.args);
    } catch (error) {
      if (error instanceof InvalidInputError) {
        printInvalidInput(io, error);
        io.stderr("\nFix the errors, or join anyway with --no-validate.\n");
        return 1;
      }
      throw error;
    }
    const existed = await fileExists(output);
    await writeResult(result, output);
    printHeader(io, {
      command: "join",
      extra: [
        ["Files Joined", String(ctx.args.length)],
        ["Output", output],
        ["OAS Version", result.version],
        ["Paths", String(result.stats.pathCount)],
        ["Operations", String(result.stats.operationCount)],
        ["Schemas", String(result.stats.schemaCount)],
        ["Total Time", formatDuration(performance.now() - started)],
        ["Collisions Resolved", String(result.collisionCount)],
      ],
    });
    if (existed) io.stderr(`\nWarning: ${output} already existed and was overwritten.\n`);
    if (result.warnings.length > 0) {
      io.stderr(`\nWarnings (${result.warnings.length}):\n`);
      for (const w of result.warnings) io.stderr(`  - ${w}\n`);
    }
    if (result.collisionDetails) io.stderr(renderCollisionReport(result.collisionDetails));
    return 0;
  },
};

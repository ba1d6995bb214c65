/**
 * `oatool generate`'s selection and regeneration flags, and its `generate:` section of the policy file: each
 * key there is a flag's long name; a flag given on the command line overrides it.
 *
 * @module
 */
import type { PolicyConfig } from "../config/mod.ts";
import { UsageError } from "../core/errors.ts";
import type { DocumentReader } from "../core/mod.ts";
import { parseByteSize } from "./flags.ts";
import type { FlagDeclaration } from "./define_command.ts";
import type { CliIO } from "./types.ts";
import { policyFile } from "./_validate_policy.ts";

/** The flags of a slice of the API, regeneration and the configuration file. */
export const generateSelectionFlags = {
  "include-tags": {
    type: "list",
    placeholder: "tag",
    description: "Only operations with this tag (name or glob)",
  },
  "exclude-tags": {
    type: "list",
    placeholder: "tag",
    description: "Leave out operations with this tag (name or glob)",
  },
  "include-operations": {
    type: "list",
    placeholder: "id",
    description: 'Only this operation: operationId, "GET /path" or a glob',
  },
  "exclude-operations": {
    type: "list",
    placeholder: "id",
    description: 'Leave out this operation: operationId, "GET /path" or a glob',
  },
  "all-schemas": {
    type: "boolean",
    description: "With a selection, keep every schema (not only those the operations reach)",
  },
  "types-only-from": {
    type: "list",
    placeholder: "schema",
    description: "Only the types reachable from this schema, no operation code",
  },
  "no-clean": {
    type: "boolean",
    description: "Keep generated files of this package that this run no longer produces",
  },
  config: {
    type: "string",
    placeholder: "file",
    description: "Policy file whose generate: section gives defaults (default: oatool.yaml here or above)",
  },
} as const satisfies Record<string, FlagDeclaration>;

/** The settings of a run: the flags over the `generate:` section, the input, and the reader to use. */
export interface GenerateSettings<F> {
  flags: F;
  input: string;
  reader: DocumentReader;
  /** The policy file read, if any. */
  configFile?: string;
}

/**
 * Applies the `generate:` section of the policy file (`--config`, else `oatool.yaml` found from the working
 * directory up) under the flags given on the command line.
 * @throws {ConfigError} for a malformed policy file (exit 2).
 */
export async function generateSettings<F extends Record<string, unknown>>(
  ctx: { flags: F; given: ReadonlySet<string>; args: string[]; reader: DocumentReader; io: CliIO },
): Promise<GenerateSettings<F>> {
  const config: PolicyConfig | undefined = await policyFile(
    ctx.reader,
    ctx.flags.config as string | undefined,
  );
  const section = config?.generate ?? {};
  const flags: Record<string, unknown> = { ...ctx.flags };
  let reader = ctx.reader;
  for (const [key, value] of Object.entries(section)) {
    if (key === "input" || ctx.given.has(key)) continue;
    if (key === "max-input-size") {
      const size = typeof value === "number" ? value : parseByteSize(String(value), key);
      flags[key] = size;
      reader = ctx.io.createReader?.({ maxInputSize: size }) ?? reader;
    } else if (typeof value === "number") {
      flags[key] = String(value); // the counts are string flags, checked as the command line's
    } else {
      flags[key] = value;
    }
  }
  const input = ctx.args[0] ?? (typeof section.input === "string" ? section.input : undefined);
  if (input === undefined) {
    throw new UsageError(
      "an input is required: give the document, or input: in the generate: section of oatool.yaml.",
    );
  }
  return { flags: flags as F, input, reader, configFile: config?.files[0] };
}

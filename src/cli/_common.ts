import {
  type DocumentFormat,
  type ParseResult,
  type ReadSet,
  serializeDocument,
  writeDocument,
} from "../core/mod.ts";
import { VERSION } from "../core/build_info.ts";
import { createStyle, renderReportHeader, type ReportHeader } from "../format/mod.ts";
import type { CliIO, FlagSpec } from "./types.ts";

/** Flag shared by several commands. */
export const quietFlag: FlagSpec = {
  name: "quiet",
  short: "q",
  type: "boolean",
  description: "Only the result: no banner or statistics",
};
/** Flag shared by several commands. */
export const sourceMapFlag: FlagSpec = {
  name: "source-map",
  short: "s",
  type: "boolean",
  description: "Include file:line:column positions in messages",
};
/** Flag shared by several commands. */
export const validateStructureFlag: FlagSpec = {
  name: "validate-structure",
  type: "boolean",
  default: true,
  description: "Check the basic structure (info, version, paths) while parsing",
};
/** Flag shared by several commands. */
export const formatFlag: FlagSpec = {
  name: "format",
  type: "string",
  default: "text",
  placeholder: "text|json|yaml",
  choices: ["text", "json", "yaml"],
  description: "Report format",
};
/** Flag shared by several commands. */
export const outputFlag: FlagSpec = {
  name: "output",
  short: "o",
  type: "string",
  placeholder: "file",
  description: "Output file (default: standard output)",
};

/** Prints the common report header to standard error (unless quiet). */
export function printHeader(io: CliIO, header: Omit<ReportHeader, "toolVersion">): void {
  io.stderr(renderReportHeader({ ...header, toolVersion: VERSION }, createStyle(io.color)));
}

/** Header fields of a loaded document. */
export function documentHeader(result: ParseResult): Omit<ReportHeader, "toolVersion" | "command"> {
  return {
    specification: result.source,
    oasVersion: result.version,
    sizeBytes: result.sizeBytes,
    stats: result.stats,
    loadTimeMs: result.loadTimeMs,
  };
}

/**
 * Writes a document to `-o` (with writeDocument: atomically, never over a file the run read) or to standard
 * output. Returns the path written, or undefined for standard output.
 */
export async function emitDocument(
  io: CliIO,
  doc: unknown,
  format: DocumentFormat,
  options: { output?: string; inputs?: string[]; mode?: number; readSet?: (ReadSet | undefined)[] } = {},
): Promise<string | undefined> {
  if (options.output === undefined || options.output === "" || options.output === "-") {
    io.stdout(serializeDocument(doc, format));
    return undefined;
  }
  await writeDocument(options.output, doc, {
    format,
    inputs: options.inputs,
    mode: options.mode,
    readSet: options.readSet ?? [],
  });
  return options.output;
}

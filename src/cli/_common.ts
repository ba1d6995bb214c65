import { fileURLToPath } from "node:url";
import {
  type DocumentFormat,
  type ParseResult,
  type ReadSet,
  serializeDocument,
  UsageError,
  writeDocument,
} from "../core/mod.ts";
import { VERSION } from "../core/build_info.ts";
import { createStyle, renderReportHeader, type ReportHeader } from "../format/report.ts";
import type { FlagDeclaration } from "./define_command.ts";
import type { CliIO } from "./types.ts";

/** Flag shared by several commands. */
export const quietFlag = {
  short: "q",
  type: "boolean",
  description: "Only the result: no banner or statistics",
} as const satisfies FlagDeclaration;
/** Flag shared by several commands. */
export const sourceMapFlag = {
  short: "s",
  type: "boolean",
  description: "Include file:line:column positions in messages",
} as const satisfies FlagDeclaration;
/** Flag shared by several commands. */
export const validateStructureFlag = {
  type: "boolean",
  default: true,
  description: "Check the basic structure (info, version, paths) while parsing",
} as const satisfies FlagDeclaration;
/** Flag shared by several commands. */
export const outputFlag = {
  short: "o",
  type: "string",
  placeholder: "file",
  description: "Output file; - for standard output (default: standard output)",
} as const satisfies FlagDeclaration;

/** The default of `--max-input-size`: 256 MiB. */
export const DEFAULT_MAX_INPUT_SIZE = 256 * 1024 * 1024;

/** Flag of every command that reads documents: the cap on the size of each document read. */
export const maxInputSizeFlag = {
  type: "size",
  default: DEFAULT_MAX_INPUT_SIZE,
  placeholder: "bytes",
  description: "Largest document read (file, URL or standard input), in bytes or with K, M, G",
} as const satisfies FlagDeclaration;

/**
 * The value of a flag that takes a count: a whole number of at least `least` (at most nine digits), else a usage
 * error naming the flag and the value.
 */
export function wholeNumber(flag: string, value: string, least: number): number {
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) < least) {
    const what = least === 1
      ? "a positive whole number"
      : least === 0
      ? "a whole number of 0 or more"
      : `a whole number of at least ${least}`;
    throw new UsageError(`--${flag} "${value}" is not ${what}; give a count such as 100.`);
  }
  return Number(value);
}

/**
 * Checks an input argument and turns a `file:` URL into the local path it names. An empty argument and a URL
 * of a file on another host are usage errors, each with one sentence saying what to give instead.
 *
 * @throws {UsageError}
 */
export function inputArgument(value: string, what: string): string {
  if (value === "") {
    throw new UsageError(`${what} is an empty path; name a file, a URL, or - for standard input.`);
  }
  if (!/^file:/i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `${what} "${value}" is not a valid file: URL; write file:///absolute/path or a path.`,
    );
  }
  if (url.hostname !== "" && url.hostname !== "localhost") {
    throw new UsageError(
      `${what} "${value}" names a file on the host "${url.hostname}"; only local files (file:///path) can be read.`,
    );
  }
  if (url.search !== "" || url.hash !== "") {
    throw new UsageError(`${what} "${value}" has a query or fragment; give the file's URL or path alone.`);
  }
  return fileURLToPath(url);
}

/** Where a command writes a document: undefined for standard output (no `-o`, or `-o -`). */
export function outputTarget(value: string | undefined): string | undefined {
  return value === undefined || value === "" || value === "-" ? undefined : value;
}

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
 * output (no `-o`, or `-o -`). Returns the path written, or undefined for standard output.
 */
export async function emitDocument(
  io: CliIO,
  doc: unknown,
  format: DocumentFormat,
  options: { output?: string; inputs?: string[]; mode?: number; readSet?: (ReadSet | undefined)[] } = {},
): Promise<string | undefined> {
  const target = outputTarget(options.output);
  if (target === undefined) {
    io.stdout(serializeDocument(doc, format));
    return undefined;
  }
  await writeDocument(target, doc, {
    format,
    inputs: options.inputs,
    mode: options.mode,
    readSet: options.readSet ?? [],
  });
  return target;
}

import { fileURLToPath } from "node:url";
import {
  byteLength,
  detectVersion,
  type DocumentFormat,
  formatFromName,
  type ParseResult,
  type ReadSet,
  serializeDocument,
  UsageError,
  writeDocument,
  writeFileAtomic,
} from "../core/mod.ts";
import { mayReferToFiles } from "../core/confine.ts";
import { VERSION } from "../core/build_info.ts";
import {
  chooseRefHandling,
  outputFolder,
  placeDocument as placeRefs,
  type RefHandling,
  withDocument,
} from "../io/rebase_refs.ts";
import { checkDocumentRefs, checkWrittenFile, danglingMessage } from "../io/check_written.ts";
import { bundle } from "../bundler/mod.ts";
import { escapeText } from "../render/escape.ts";
import { createStyle, renderReportHeader, type ReportHeader } from "../render/report.ts";
import { type FindingReport, REPORT_FORMATS, type ReportFormat } from "../render/contract.ts";
import { renderReport } from "../render/format.ts";
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

/** Flag of every command that writes a document: its format. */
export const formatFlag = {
  type: "string",
  placeholder: "format",
  choices: ["json", "yaml"],
  description: "Format of the written document: json or yaml (default: the -o extension, else the input's)",
} as const satisfies FlagDeclaration;

/**
 * Flag of every command that reports findings beside a document (convert, fix, join, overlay apply, generate,
 * parse): the report's format, apart from the document's own `--format`. Each format is the report contract's
 * one renderer (src/render/format.ts).
 */
export const reportFormatFlag = {
  type: "string",
  default: "text",
  placeholder: REPORT_FORMATS.join("|"),
  choices: REPORT_FORMATS,
  description:
    "Report format: json, yaml, sarif, github, junit or markdown instead of the banner and text report",
} as const satisfies FlagDeclaration;

/** Whether a report format shows positions (file:line:column), so the command computes them without -s. */
export function showsPositions(format: string): boolean {
  return format === "sarif" || format === "github";
}

/**
 * Prints a report in a non-text `--report-format` on the stream the command's text report goes to (standard
 * error beside a document on standard output), with the tool's version for SARIF. A `problem` of the written
 * document ({@link emitChecked}: a reference that no longer resolves from where it was written) is one more
 * finding (`written-ref-unresolved`, in the written file) and fails the report, so that the stream holds the
 * report alone.
 */
export function printReport(
  write: (text: string) => void,
  format: ReportFormat,
  report: FindingReport,
  problem?: { text: string; written?: string },
): void {
  const withProblem: FindingReport = problem === undefined ? report : {
    findings: [...report.findings, {
      severity: "error",
      path: "",
      pointer: "",
      message: problem.text.trim(),
      rule: "written-ref-unresolved",
      file: problem.written ?? "<stdout>",
    }],
    summary: { ...report.summary, ok: false },
  };
  write(renderReport(format, withProblem, { toolVersion: VERSION }));
}

/** The `problem` argument of {@link printReport} from what {@link emitChecked} returned. */
export function writtenProblem(
  emitted: { written?: string; problem?: string },
): { text: string; written?: string } | undefined {
  return emitted.problem === undefined ? undefined : { text: emitted.problem, written: emitted.written };
}

/** Flag of every command that writes a document: keep its files and rewrite its references, not bundle. */
export const keepRefsFlag = {
  type: "boolean",
  description:
    "Output in another folder: keep the referenced files, rewrite relative $refs for it (not bundle)",
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

/**
 * The format a command writes its document in: `--format` when given; else the extension of `-o` (`.json` is
 * JSON, `.yaml` and `.yml` are YAML); else (standard output, or another extension) the input's format.
 */
export function outputFormat(
  flags: { format?: unknown },
  output: string | undefined,
  inputFormat: DocumentFormat,
): DocumentFormat {
  if (flags.format === "json" || flags.format === "yaml") return flags.format;
  const target = outputTarget(output);
  return (target === undefined ? undefined : formatFromName(target)) ?? inputFormat;
}

/** What a command does with the references of its output to other files, and the folder it writes into. */
export interface RefPlan {
  /** Keep them, bundle the document into one file, or rebase them (see `chooseRefHandling`). */
  handling: RefHandling;
  /** Real path of the output's folder (the working directory for standard output). */
  dir: string;
}

/**
 * Decides how the output of `inputs` keeps its references valid where it is written (`-o`, or standard
 * output, read from the working directory): kept, bundled (the default when the output's folder is not the
 * folder of every input that refers to files), or rebased (`--keep-refs`).
 */
export async function refPlan(
  io: CliIO,
  inputs: readonly ParseResult[],
  output: string | undefined,
  keepRefs: boolean,
): Promise<RefPlan> {
  const dir = await outputFolder(outputTarget(output), io.reader.cwd());
  return { handling: await chooseRefHandling(inputs, dir, { keepRefs, reader: io.reader }), dir };
}

/** The input as one document (its referenced files bundled in), at the input's place. */
export async function bundled(io: CliIO, parsed: ParseResult): Promise<ParseResult> {
  return withDocument(
    parsed,
    await placeDocument(io, { handling: "bundle", dir: "" }, parsed, parsed.document),
  );
}

/**
 * A command's output document made ready for where it is written, by the plan (see core's `placeDocument`):
 * bundled, rebased against the output's folder, or as it is.
 *
 * @throws {WriteError} under `rebase` when the output's folder cannot reach a referenced file.
 */
export function placeDocument(
  io: CliIO,
  plan: RefPlan,
  parsed: ParseResult,
  document: unknown,
): Promise<unknown> {
  return placeRefs(plan, parsed, document, { reader: io.reader, bundle });
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

/**
 * Writes a document like {@link emitDocument} (serialised once), then checks it from where it was written: the
 * written file is read again and every `$ref` resolved from its folder (standard output: from the working
 * directory, where the next tool reads it). When a reference does not resolve, `problem` names each (file,
 * pointer of the `$ref`, the reference, why), for the command to print last and exit 1. The written file stays.
 */
export async function emitChecked(
  io: CliIO,
  command: string,
  doc: unknown,
  format: DocumentFormat,
  options: { output?: string; inputs?: string[]; mode?: number; readSet?: (ReadSet | undefined)[] } = {},
): Promise<{ written?: string; problem?: string }> {
  const target = outputTarget(options.output);
  const text = serializeDocument(doc, format);
  if (target === undefined) io.stdout(text);
  else {
    await writeFileAtomic(target, text, {
      inputs: options.inputs,
      mode: options.mode,
      readSet: options.readSet ?? [],
    });
  }
  // Only references naming other files depend on where the document is.
  if (!mayReferToFiles(text)) return { written: target };
  let oasVersion;
  try {
    oasVersion = detectVersion(doc, "the output").oasVersion;
  } catch {
    return { written: target }; // not an OpenAPI document (an overlay's result): no references
  }
  // The files the run read are taken from its read sets, not read again.
  const check = target !== undefined
    ? await checkWrittenFile(target, { sizeBytes: byteLength(text), readSet: options.readSet })
    : await checkDocumentRefs(doc, oasVersion, {
      baseDir: io.reader.cwd(),
      source: "<stdout>",
      reader: io.reader,
      readSet: options.readSet,
    });
  if (check.danglingCount === 0) return { written: target };
  const from = target === undefined
    ? "the working directory, where standard output is read from"
    : `where it was written ("${target}" was written and stays)`;
  const message = danglingMessage(check, `oatool ${command}`, from);
  return { written: target, problem: message.split("\n").map(escapeText).join("\n") };
}

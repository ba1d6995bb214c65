/**
 * The report contract's `{ findings, summary }` of each command that reports findings beside a document:
 * convert, fix, join, overlay apply, generate and parse. (validate and diff build theirs in validation.ts and
 * diff.ts.) The CLI's `--report-format` and the library print these with the one renderer of each format.
 *
 * @module
 */
import type { Finding, SourcePosition } from "../core/mod.ts";
import type { Fix } from "../fixer/mod.ts";
import type { JoinCollisionDetails } from "../joiner/mod.ts";
import type { FindingReport, ReportFinding } from "./contract.ts";
import { conversionSentence } from "./convert.ts";
import { fixSentence } from "./fix.ts";

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What {@link conversionFindingReport} needs of a conversion. */
export interface ConversionReportInput {
  /** Name of the converted document. */
  source: string;
  /** Version of the input. */
  sourceVersion: string;
  /** Version of the output. */
  targetVersion: string;
  /** False when a critical issue (or, with strict, a warning) failed the conversion. */
  success: boolean;
  /** The issues. */
  issues: readonly Finding[];
}

/** A conversion's issues; the summary names the versions and where the document went (`written`). */
export function conversionFindingReport(result: ConversionReportInput, written?: string): FindingReport {
  const message = conversionSentence(result, written);
  return {
    findings: result.issues,
    summary: {
      command: "convert",
      source: result.source,
      ok: result.success,
      message,
      noun: "issue",
      fields: {
        sourceVersion: result.sourceVersion,
        targetVersion: result.targetVersion,
        ...(written === undefined ? {} : { written }),
      },
    },
  };
}

/** What {@link fixFindingReport} needs of a fix. */
export interface FixFindingInput {
  /** Name of the fixed document. */
  source: string;
  /** The fixes. */
  fixes: readonly Fix[];
  /** Warnings of the fixer. */
  warnings: readonly Finding[];
  /** Errors of the fixed document. */
  remainingErrors: readonly Finding[];
}

/** Options of {@link fixFindingReport}. */
export interface FixFindingOptions {
  /** A dry run. */
  dryRun?: boolean;
  /** Where the fixed document went. */
  written?: string;
  /** The position of a remaining error, when not its own (`null`: none). */
  locate?: (f: Finding) => SourcePosition | null | undefined;
}

/**
 * A fix: each fix an `info` finding (its rule the fix type, its message the description), then the fixer's
 * warnings, then the errors the fixed document still has.
 */
export function fixFindingReport(result: FixFindingInput, options: FixFindingOptions = {}): FindingReport {
  const fixes: ReportFinding[] = result.fixes.map((f) => {
    const out: ReportFinding = {
      severity: "info",
      path: f.path,
      pointer: f.pointer,
      message: f.description,
      rule: f.rule ?? f.type,
      category: "fix",
    };
    if (f.location !== undefined) out.location = f.location;
    return out;
  });
  const errors = result.remainingErrors.map((e) => {
    const at = options.locate?.(e);
    if (at === undefined) return e;
    const { location: _, ...rest } = e;
    return at === null ? rest : { ...rest, location: at };
  });
  const n = result.fixes.length;
  const left = errors.length;
  return {
    findings: [...fixes, ...result.warnings, ...errors],
    summary: {
      command: "fix",
      source: result.source,
      ok: left === 0,
      message: fixSentence(n, left, options.dryRun === true),
      fields: {
        fixCount: n,
        remainingErrorCount: left,
        dryRun: options.dryRun === true,
        ...(options.written === undefined ? {} : { written: options.written }),
      },
    },
  };
}

/** A collision that failed a join, as a finding (`join-collision`, placed at the right-hand side's position). */
export function collisionFinding(c: JoinCollisionDetails): ReportFinding {
  const f: ReportFinding = {
    severity: "error",
    path: c.jsonPath,
    pointer: "",
    message: `${c.type} '${c.name}' collides: ${c.leftSource} vs ${c.rightSource}`,
    rule: "join-collision",
    category: c.type,
  };
  const at = c.rightLocation ?? c.leftLocation;
  if (at !== undefined) f.location = at;
  return f;
}

/**
 * The report of a command whose findings need no building: a join's (its inputs' errors, its warnings, or why
 * it failed) or an overlay's (its validation errors or its warnings).
 */
export function findingReport(
  command: string,
  source: string,
  findings: readonly ReportFinding[],
  outcome: { ok: boolean; message: string; fields?: Record<string, unknown> },
): FindingReport {
  return { findings, summary: { command, source, ...outcome } };
}

/** What {@link generateFindingReport} needs of a generation. */
export interface GenerateReportInput {
  /** Name of the input document. */
  source: string;
  /** The generation issues. */
  issues: readonly Finding[];
  /** The files written. */
  files: readonly { name: string }[];
  /** What writing them did: names written, left unchanged, and stale generated files removed. */
  write?: { written: readonly string[]; unchanged: readonly string[]; removed: readonly string[] };
}

/** The sentence of a generation's write: what changed in the folder, or that nothing did. */
export function generateWriteSummary(
  write: { written: readonly string[]; removed: readonly string[] },
): string {
  if (write.written.length === 0 && write.removed.length === 0) return "unchanged";
  const removed = write.removed.length === 0 ? "" : `, ${plural(write.removed.length, "stale file")} removed`;
  return `${plural(write.written.length, "file")} written${removed}`;
}

/** A generation's issues; with `strict`, any issue fails it (as the command's exit code says). */
export function generateFindingReport(
  result: GenerateReportInput,
  options: { outputDir: string; strict?: boolean },
): FindingReport {
  const ok = !(options.strict && result.issues.length > 0);
  return {
    findings: result.issues,
    summary: {
      command: "generate",
      source: result.source,
      ok,
      message: `Generated ${plural(result.files.length, "file")} in ${options.outputDir} (${
        plural(result.issues.length, "issue")
      }${result.write === undefined ? "" : `; ${generateWriteSummary(result.write)}`}).`,
      noun: "issue",
      fields: {
        outputDir: options.outputDir,
        files: result.files.map((f) => f.name),
        ...(result.write === undefined ? {} : {
          written: result.write.written,
          unchanged: result.write.unchanged,
          removed: result.write.removed,
        }),
      },
    },
  };
}

/** A parse's structure errors and warnings. */
export function parseFindingReport(
  source: string,
  result: { errors: readonly Finding[]; warnings: readonly Finding[] },
): FindingReport {
  const ok = result.errors.length === 0;
  const counts = `${plural(result.errors.length, "error")}, ${plural(result.warnings.length, "warning")}`;
  return {
    findings: [...result.errors, ...result.warnings],
    summary: {
      command: "parse",
      source,
      ok,
      message: ok ? `${source} was parsed (${counts}).` : `${source} cannot be parsed (${counts}).`,
    },
  };
}

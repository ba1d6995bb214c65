/**
 * Renderers of validation results: text, JSON, YAML, SARIF 2.1.0 and GitHub Actions workflow commands. Pure
 * functions from a {@link ValidationResult} to text.
 *
 * @module
 */
import {
  type FindingLimits,
  type LimitedFindings,
  limitsText,
  omittedLine,
  reportedLists,
} from "../core/finding_limits.ts";
import { type Finding, serializeDocument } from "../core/mod.ts";
import { listRules, type ValidationResult } from "../validator/mod.ts";
import { escapeText } from "./escape.ts";
import type { FindingReport } from "./contract.ts";
import { renderGithub } from "./github.ts";
import { type StructuredFinding, structuredFinding } from "./json.ts";
import { renderSarif, type SarifOptions } from "./sarif.ts";
import { renderFindingLine } from "./findings.ts";
import { createStyle, type Style } from "./report.ts";

/** One finding in the structured report: the report contract's {@link StructuredFinding}. */
export type ValidationReportFinding = StructuredFinding;

/** The structured (json/yaml) report of a validation: a stable interface, camelCase names. */
export interface ValidationReport {
  /** Whether the document has no errors. */
  valid: boolean;
  /** Name of the document. */
  source: string;
  /** The OpenAPI version it declares. */
  version: string;
  /** Its version family: 2.0, 3.0, 3.1 or 3.2. */
  oasVersion: string;
  /** Number of errors. */
  errorCount: number;
  /** Number of warnings. */
  warningCount: number;
  /** The errors. */
  errors: ValidationReportFinding[];
  /** The warnings. */
  warnings: ValidationReportFinding[];
  /** Errors left out of `errors` by the report's bounds (present when some were). */
  errorsOmitted?: number;
  /** Warnings left out of `warnings` by the report's bounds (present when some were). */
  warningsOmitted?: number;
  /** What the report shows when it left findings out. */
  omittedNote?: string;
}

/** Options of the structured renderers: how many findings a report shows. */
export interface ValidationReportOptions {
  /** How many findings are listed ({@link FindingLimits}). @default 10 per rule and place, 10,000, 5 MB */
  limits?: FindingLimits;
}

/**
 * The structured report of a result (what json and yaml print): bounded, so at most `limits` findings (10 of
 * one rule at one place, 10,000 in all, 5 MB of text) with shortened texts; the counts stay those of every
 * finding, and
 * `errorsOmitted`/`warningsOmitted` say how many were left out.
 */
export function validationReport(
  result: ValidationResult,
  options: ValidationReportOptions = {},
): ValidationReport {
  const [errors, warnings] = reportedLists([result.errors, result.warnings], options.limits);
  const report: ValidationReport = {
    valid: result.valid,
    source: result.source,
    version: result.version,
    oasVersion: result.oasVersion,
    errorCount: result.errorCount,
    warningCount: result.warningCount,
    errors: errors.shown.map(structuredFinding),
    warnings: warnings.shown.map(structuredFinding),
  };
  if (errors.omitted > 0) report.errorsOmitted = errors.omitted;
  if (warnings.omitted > 0) report.warningsOmitted = warnings.omitted;
  if (errors.omitted + warnings.omitted > 0) {
    report.omittedNote = `the report lists ${limitsText(options.limits)} of the errors and warnings together`;
  }
  return report;
}

/** The result as JSON (2-space indent, trailing newline). */
export function renderValidationJson(
  result: ValidationResult,
  options: ValidationReportOptions = {},
): string {
  return JSON.stringify(validationReport(result, options), null, 2) + "\n";
}

/** The result as YAML. */
export function renderValidationYaml(
  result: ValidationResult,
  options: ValidationReportOptions = {},
): string {
  return serializeDocument(validationReport(result, options), "yaml");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Options of {@link renderValidationText}. */
export interface ValidationTextOptions extends ValidationReportOptions {
  /** Colours (identity when off). @default no colour */
  style?: Style;
}

/**
 * The text report: `Errors (n)` and `Warnings (n)` sections, one finding per line
 * (`[file:line:column: ]path: message [rule]`, then its spec link and hint), and a final line with the counts.
 * Document text is escaped ({@link escapeText}): control characters and line breaks cannot reach the terminal.
 */
export function renderValidationText(result: ValidationResult, options: ValidationTextOptions = {}): string {
  const style = options.style ?? createStyle(false);
  const lines: string[] = [];
  const [errors, warnings] = reportedLists([result.errors, result.warnings], options.limits);
  const section = (
    title: string,
    findings: readonly Finding[],
    listed: LimitedFindings<Finding>,
    mark: string,
  ) => {
    lines.push(style.bold(`${title} (${findings.length})${findings.length > 0 ? ":" : ""}`));
    const { shown, omitted } = listed;
    for (const f of shown) {
      lines.push(`  ${mark} ${renderFindingLine(f, { rule: true, style })}`);
      if (f.specLink) lines.push(`      ${style.dim(escapeText(f.specLink))}`);
      if (f.hint) lines.push(`      hint: ${escapeText(f.hint)}`);
    }
    if (omitted > 0) {
      lines.push(`  ${omittedLine(omitted, title.toLowerCase().slice(0, -1), options.limits)}`);
    }
    lines.push("");
  };
  section("Errors", result.errors, errors, style.red("✗"));
  section("Warnings", result.warnings, warnings, style.yellow("⚠"));
  const counts = `${plural(result.errorCount, "error")}, ${plural(result.warningCount, "warning")}`;
  lines.push(
    result.valid
      ? style.green(`✓ ${escapeText(result.source)} is valid (${counts}).`)
      : style.red(`✗ ${escapeText(result.source)} is invalid (${counts}).`),
  );
  return lines.join("\n") + "\n";
}

/**
 * A validation result in the one report contract: its errors then its warnings, the rules described from the
 * validator's catalogue.
 */
export function validationFindingReport(result: ValidationResult): FindingReport {
  const counts = `${plural(result.errorCount, "error")}, ${plural(result.warningCount, "warning")}`;
  return {
    findings: [...result.errors, ...result.warnings],
    summary: {
      command: "validate",
      source: result.source,
      ok: result.valid,
      message: `${result.source} is ${result.valid ? "valid" : "invalid"} (${counts}).`,
      fields: { valid: result.valid, version: result.version, oasVersion: result.oasVersion },
      rules: new Map(listRules().map((r) => [r.id, r.description])),
    },
  };
}

/** What the validation reports list their bounded findings of. */
const LISTED_OF = "the errors and warnings together";

/**
 * The result as a SARIF 2.1.0 log ({@link renderSarif}): one run of the `oatool` driver, its rules, and one
 * result per finding with the rule id, the level, the message, the file and the region (`startLine`/`startColumn`,
 * when the findings carry locations) and the readable path as a logical location.
 */
export function renderValidationSarif(result: ValidationResult, options: SarifOptions = {}): string {
  return renderSarif(validationFindingReport(result), { listedOf: LISTED_OF, ...options });
}

/**
 * The result as GitHub Actions workflow commands ({@link renderGithub}):
 * `::error file=…,line=…,col=…,title=<rule>::<path>: <message>` (and `::warning …`), one line per finding, so each shows as an annotation on the file. Data and properties are
 * escaped by the workflow-command rules and other control characters dropped, so a document cannot end the line
 * and issue a command of its own.
 */
export function renderValidationGithub(
  result: ValidationResult,
  options: ValidationReportOptions = {},
): string {
  return renderGithub(validationFindingReport(result), options);
}

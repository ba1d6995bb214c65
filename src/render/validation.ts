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
import { formatCount } from "../core/bounded_text.ts";
import { type Finding, serializeDocument } from "../core/mod.ts";
import { listRules, type ValidationResult } from "../validator/mod.ts";
import { escapeText, escapeWorkflowData, escapeWorkflowProperty } from "./escape.ts";
import { renderFindingLine } from "./findings.ts";
import { createStyle, type Style } from "./report.ts";

/** One finding in the structured report. */
export interface ValidationReportFinding {
  /** `error`, `warning` or `info`. */
  severity: string;
  /** Stable rule id, like `operation-id-unique`. */
  rule: string;
  /** Readable path of the node. */
  path: string;
  /** RFC 6901 JSON pointer of the node. */
  pointer: string;
  /** One sentence: what is wrong. */
  message: string;
  /** Link to the section of the specification. */
  specLink?: string;
  /** What to do about it, when known. */
  hint?: string;
  /** Where in the source text, when asked for with source maps. */
  location?: { file: string; line: number; column: number };
}

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

function reportFinding(f: Finding): ValidationReportFinding {
  const out: ValidationReportFinding = {
    severity: f.severity,
    rule: f.rule ?? "",
    path: f.path,
    pointer: f.pointer,
    message: f.message,
  };
  if (f.specLink !== undefined) out.specLink = f.specLink;
  if (f.hint !== undefined) out.hint = f.hint;
  if (f.location !== undefined) {
    out.location = { file: f.location.file, line: f.location.line, column: f.location.column };
  }
  return out;
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
    errors: errors.shown.map(reportFinding),
    warnings: warnings.shown.map(reportFinding),
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

/** Options of {@link renderValidationSarif}. */
export interface SarifOptions extends ValidationReportOptions {
  /** Version of the tool, for `tool.driver.version`. */
  toolVersion?: string;
}

/**
 * The result as a SARIF 2.1.0 log: one run of the `oatool` driver, its rules, and one result per finding with
 * the rule id, the level, the message, the file and the region (`startLine`/`startColumn`, when the findings
 * carry locations) and the readable path as a logical location.
 */
export function renderValidationSarif(result: ValidationResult, options: SarifOptions = {}): string {
  const [errors, warnings] = reportedLists([result.errors, result.warnings], options.limits);
  const all = [...errors.shown, ...warnings.shown];
  const omitted = errors.omitted + warnings.omitted;
  const known = new Map(listRules().map((r) => [r.id, r.description]));
  const used = [...new Set(all.map((f) => f.rule ?? ""))].sort();
  const ruleIndex = new Map(used.map((id, i) => [id, i]));
  const rules = used.map((id) => {
    const link = all.find((f) => f.rule === id && f.specLink)?.specLink;
    const rule: Record<string, unknown> = { id, shortDescription: { text: known.get(id) ?? id } };
    if (link) rule.helpUri = link;
    return rule;
  });
  const results = all.map((f) => {
    const location: Record<string, unknown> = {
      physicalLocation: {
        artifactLocation: { uri: toUri(f.location?.file ?? result.source) },
        ...(f.location ? { region: { startLine: f.location.line, startColumn: f.location.column } } : {}),
      },
      logicalLocations: [{ fullyQualifiedName: f.path || "(root)", kind: "member" }],
    };
    return {
      ruleId: f.rule ?? "",
      ruleIndex: ruleIndex.get(f.rule ?? "") ?? 0,
      level: isFailing(f) ? "error" : "warning",
      message: { text: `${f.path || "(root)"}: ${f.message}` },
      locations: [location],
      properties: {
        pointer: f.pointer,
        ...(f.specLink ? { specLink: f.specLink } : {}),
        ...(f.hint ? { hint: f.hint } : {}),
      },
    };
  });
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{
      tool: {
        driver: {
          name: "oatool",
          ...(options.toolVersion ? { version: options.toolVersion } : {}),
          informationUri: "https://spec.openapis.org/",
          rules,
        },
      },
      results,
      ...(omitted > 0
        ? {
          properties: {
            resultsOmitted: omitted,
            omittedNote: `${formatCount(omitted)} findings are not listed; the log lists ${
              limitsText(options.limits)
            } of the errors and warnings together`,
          },
        }
        : {}),
    }],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** Whether a finding is shown as an error (errors and critical conversion issues). */
function isFailing(f: Finding): boolean {
  return f.severity === "error" || f.severity === "critical";
}

/** A file name as a relative URI reference (forward slashes, percent-encoded where needed). */
function toUri(file: string): string {
  return file.replaceAll("\\", "/").split("/").map((s) => encodeURIComponent(s).replaceAll("%3A", ":")).join(
    "/",
  );
}

/**
 * The result as GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=<rule>::<path>: <message>`
 * (and `::warning …`), one line per finding, so each shows as an annotation on the file. Data and properties are
 * escaped by the workflow-command rules and other control characters dropped, so a document cannot end the line
 * and issue a command of its own.
 */
export function renderValidationGithub(
  result: ValidationResult,
  options: ValidationReportOptions = {},
): string {
  let out = "";
  const [errors, warnings] = reportedLists([result.errors, result.warnings], options.limits);
  for (const f of [...errors.shown, ...warnings.shown]) {
    const props = [`file=${escapeWorkflowProperty(f.location?.file ?? result.source)}`];
    if (f.location) props.push(`line=${f.location.line}`, `col=${f.location.column}`);
    props.push(`title=${escapeWorkflowProperty(f.rule ?? "oatool")}`);
    const text = `${f.path || "(root)"}: ${f.message}${f.specLink ? ` (${f.specLink})` : ""}${
      f.hint ? ` (hint: ${f.hint})` : ""
    }`;
    out += `::${isFailing(f) ? "error" : "warning"} ${props.join(",")}::${escapeWorkflowData(text)}\n`;
  }
  const omitted = errors.omitted + warnings.omitted;
  if (omitted > 0) {
    out += `::notice title=oatool::${escapeWorkflowData(omittedLine(omitted, "finding", options.limits))}\n`;
  }
  return out;
}

/**
 * The one SARIF 2.1.0 writer of the report contract ({@link FindingReport}): validate, diff, convert, fix,
 * join, overlay, generate and parse findings all become a log of this shape.
 *
 * @module
 */
import { limitsText } from "../core/finding_limits.ts";
import { formatCount } from "../core/bounded_text.ts";
import {
  fileOf,
  type FindingReport,
  isFailing,
  listedFindings,
  nounOf,
  placeOf,
  type ReportFinding,
  type ReportOptions,
} from "./contract.ts";

/** Options of {@link renderSarif}. */
export interface SarifOptions extends ReportOptions {
  /** Version of the tool, for `tool.driver.version`. */
  toolVersion?: string;
  /** What the note of a log that leaves findings out says it lists them of. @default "the findings" */
  listedOf?: string;
  /** The files of the run (a run over several documents lists each), as the run's `artifacts`, in order. */
  artifacts?: readonly string[];
}

/** A SARIF level: `error` for errors and critical findings, `warning`, `note` for info. */
function level(f: ReportFinding): string {
  return isFailing(f) ? "error" : f.severity === "info" ? "note" : "warning";
}

/** A file name as a relative URI reference (forward slashes, percent-encoded where needed). */
export function toUri(file: string): string {
  return file.replaceAll("\\", "/").split("/").map((s) => encodeURIComponent(s).replaceAll("%3A", ":")).join(
    "/",
  );
}

/**
 * The report as a SARIF 2.1.0 log: one run of the `oatool` driver, the rules it used (described from
 * `summary.rules`, linked to the specification when a finding has a link), and one result per finding with the
 * rule id, the level, the message, the file (the finding's, else the report's source), the region
 * (`startLine`/`startColumn`, when the finding has a location), the readable path as a logical location and the
 * JSON pointer as a property. At most the report's bounds of results; the run's properties count the rest.
 * With `artifacts`, the run lists those files, each once, as its artifacts.
 */
export function renderSarif(report: FindingReport, options: SarifOptions = {}): string {
  const { summary } = report;
  const { shown: all, omitted } = listedFindings(report, options);
  const used = [...new Set(all.map((f) => f.rule ?? ""))].sort();
  const ruleIndex = new Map(used.map((id, i) => [id, i]));
  const rules = used.map((id) => {
    const link = all.find((f) => f.rule === id && f.specLink)?.specLink;
    const rule: Record<string, unknown> = { id, shortDescription: { text: summary.rules?.get(id) ?? id } };
    if (link) rule.helpUri = link;
    return rule;
  });
  const results = all.map((f) => {
    const location: Record<string, unknown> = {
      physicalLocation: {
        artifactLocation: { uri: toUri(fileOf(f, summary)) },
        ...(f.location ? { region: { startLine: f.location.line, startColumn: f.location.column } } : {}),
      },
      logicalLocations: [{ fullyQualifiedName: placeOf(f), kind: "member" }],
    };
    return {
      ruleId: f.rule ?? "",
      ruleIndex: ruleIndex.get(f.rule ?? "") ?? 0,
      level: level(f),
      message: { text: `${placeOf(f)}: ${f.message}` },
      locations: [location],
      properties: {
        pointer: f.pointer,
        ...(f.specLink ? { specLink: f.specLink } : {}),
        ...(f.hint ? { hint: f.hint } : {}),
        ...(f.category ? { category: f.category } : {}),
        ...(f.label ? { severity: f.label } : {}),
      },
    };
  });
  const listedOf = options.listedOf ?? `the ${nounOf(summary).many}`;
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
            } of ${listedOf}`,
          },
        }
        : {}),
      ...(options.artifacts === undefined ? {} : {
        artifacts: [...new Set(options.artifacts.map(toUri))].map((uri) => ({ location: { uri } })),
      }),
    }],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

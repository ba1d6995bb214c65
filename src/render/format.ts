/**
 * One entry to the report contract's renderers: a {@link FindingReport} in any of {@link REPORT_FORMATS}.
 *
 * @module
 */
import type { Severity } from "../core/mod.ts";
import type { FindingReport, ReportFormat, ReportOptions } from "./contract.ts";
import { renderGithub } from "./github.ts";
import { renderJson } from "./json.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { renderSarif } from "./sarif.ts";
import { renderText } from "./text.ts";
import { renderYaml } from "./yaml.ts";
import type { Style } from "./report.ts";

/** Options of {@link renderReport}: those of every format. */
export interface RenderReportOptions extends ReportOptions {
  /** Colours of the text format. @default none */
  style?: Style;
  /** Version of the tool, for SARIF. */
  toolVersion?: string;
  /** JUnit: findings at or above this severity are failures. @default "error" */
  failOn?: Severity;
}

/** The report in the given format. */
export function renderReport(
  format: ReportFormat,
  report: FindingReport,
  options: RenderReportOptions = {},
): string {
  switch (format) {
    case "json":
      return renderJson(report, options);
    case "yaml":
      return renderYaml(report, options);
    case "sarif":
      return renderSarif(report, options);
    case "github":
      return renderGithub(report, options);
    case "junit":
      return renderJunit(report, options);
    case "markdown":
      return renderMarkdown(report, options);
    case "text":
      return renderText(report, options);
  }
}

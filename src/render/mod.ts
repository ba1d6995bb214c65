/**
 * Renderers: pure functions from results to text.
 *
 * @module
 */
export * from "./report.ts";
export * from "./validation.ts";
export * from "./validation_html.ts";
export * from "./escape.ts";
export * from "./findings.ts";
export * from "./join.ts";
export * from "./overlay.ts";
export * from "./parse.ts";
export * from "./fix.ts";
export * from "./walk.ts";
export * from "./generate.ts";
export * from "./convert.ts";
export * from "./diff.ts";
export * from "./diff_html.ts";
export { REPORT_FORMATS } from "./contract.ts";
export type {
  FindingReport,
  ReportFinding,
  ReportFormat,
  ReportOptions,
  ReportSummary,
  SeverityCounts,
} from "./contract.ts";
export { renderReport, type RenderReportOptions } from "./format.ts";
export { renderSarif, type SarifOptions } from "./sarif.ts";
export { renderGithub } from "./github.ts";
export { type JunitOptions, renderJunit } from "./junit.ts";
export { type MarkdownOptions, type MarkdownSection, renderMarkdown } from "./markdown.ts";
export { renderJson, type StructuredFinding, type StructuredReport, structuredReport } from "./json.ts";
export { renderYaml } from "./yaml.ts";
export { renderText, type TextOptions } from "./text.ts";
export {
  conversionFindingReport,
  type ConversionReportInput,
  findingReport,
  type FixFindingInput,
  type FixFindingOptions,
  fixFindingReport,
  generateFindingReport,
  type GenerateReportInput,
  parseFindingReport,
} from "./command_reports.ts";
export type { FindingLimits } from "../core/finding_limits.ts";

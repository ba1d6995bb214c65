/**
 * The structured report of the report contract ({@link FindingReport}) as YAML.
 *
 * @module
 */
import { serializeDocument } from "../core/mod.ts";
import type { FindingReport, ReportOptions } from "./contract.ts";
import { structuredReport } from "./json.ts";

/** The report as YAML: the same fields as {@link structuredReport}. */
export function renderYaml(report: FindingReport, options: ReportOptions = {}): string {
  return serializeDocument(structuredReport(report, options), "yaml");
}

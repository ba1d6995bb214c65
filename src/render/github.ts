/**
 * The one GitHub Actions writer of the report contract ({@link FindingReport}): every command's findings as
 * workflow commands, escaped in one place ({@link escapeWorkflowData}, {@link escapeWorkflowProperty}).
 *
 * @module
 */
import { omittedLine } from "../core/finding_limits.ts";
import { escapeWorkflowData, escapeWorkflowProperty } from "./escape.ts";
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

/** The workflow command of a finding: `error` (errors, critical), `warning`, `notice` (info). */
function command(f: ReportFinding): string {
  return isFailing(f) ? "error" : f.severity === "info" ? "notice" : "warning";
}

/**
 * The report as GitHub Actions workflow commands, one line per finding, so each shows as an annotation on its
 * file: `::error file=…,line=…,col=…,title=<rule>::<path>: <message>[ (<spec link>)][ (hint: …)]` (the title is
 * `<label> <rule>` when the finding has a label, like a diff's `ERROR response-removed`). Data and properties are
 * escaped by the workflow-command rules and other control characters dropped, so a document cannot end the line
 * and issue a command of its own. Past the report's bounds, a last `::notice` counts the findings left out.
 */
export function renderGithub(report: FindingReport, options: ReportOptions = {}): string {
  let out = "";
  const { shown, omitted } = listedFindings(report, options);
  for (const f of shown) {
    const props = [`file=${escapeWorkflowProperty(fileOf(f, report.summary))}`];
    if (f.location) props.push(`line=${f.location.line}`, `col=${f.location.column}`);
    const title = f.label ? `${f.label} ${f.rule ?? ""}` : f.rule ?? "oatool";
    props.push(`title=${escapeWorkflowProperty(title)}`);
    const text = `${placeOf(f)}: ${f.message}${f.specLink ? ` (${f.specLink})` : ""}${
      f.hint ? ` (hint: ${f.hint})` : ""
    }`;
    out += `::${command(f)} ${props.join(",")}::${escapeWorkflowData(text)}\n`;
  }
  if (omitted > 0) {
    const noun = nounOf(report.summary);
    const line = omittedLine(omitted, noun.one, options.limits, noun.many);
    out += `::notice title=oatool::${escapeWorkflowData(line)}\n`;
  }
  return out;
}

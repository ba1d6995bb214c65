/**
 * The one JUnit XML writer of the report contract ({@link FindingReport}): one test case per finding, so a CI
 * that shows test results shows every command's findings.
 *
 * @module
 */
import { omittedLine } from "../core/finding_limits.ts";
import { formatCount } from "../core/bounded_text.ts";
import type { Severity } from "../core/mod.ts";
import { escapeText } from "./escape.ts";
import {
  documentOf,
  type FindingReport,
  listedFindings,
  nounOf,
  placeOf,
  type ReportFinding,
  type ReportOptions,
} from "./contract.ts";

/** Text for an XML attribute or element: escaped for the terminal, then `& < > "` as entities. */
export function xmlText(text: string): string {
  return escapeText(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

const RANK: Readonly<Record<Severity, number>> = { critical: 0, error: 1, warning: 2, info: 3 };

/** Options of {@link renderJunit}. */
export interface JunitOptions extends ReportOptions {
  /** Findings at or above this severity are failures. @default "error" */
  failOn?: Severity;
  /** Name of the test suite. @default the report's source */
  suite?: string;
  /**
   * The documents of a run over several, in order: one test suite each, holding the findings of its file
   * ({@link documentOf}), each suite bounded on its own. `suite` is then unused.
   */
  suites?: readonly string[];
}

/** The test suites and their totals. */
interface Suites {
  xml: string;
  cases: number;
  failures: number;
}

/**
 * The report as JUnit XML: a suite `oatool <command>` with one test case per finding (class
 * `oatool.<command>[.<category>]`, name `<rule> <path>`), failing at or above `failOn` (errors by default) with
 * the message and the JSON pointer, else with the severity and message as its output; one passing case when
 * there is no finding. Past the report's bounds, one last case counts the findings left out, failing when one
 * of them fails. With `suites`, one such suite per document.
 */
export function renderJunit(report: FindingReport, options: JunitOptions = {}): string {
  const { command } = report.summary;
  const groups = options.suites === undefined
    ? [{ name: options.suite ?? report.summary.source, findings: report.findings }]
    : groupByDocument(report, options.suites);
  const all: Suites = { xml: "", cases: 0, failures: 0 };
  for (const group of groups) {
    const one = renderSuite({ findings: group.findings, summary: report.summary }, group.name, options);
    all.xml += one.xml;
    all.cases += one.cases;
    all.failures += one.failures;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="oatool ${command}" tests="${all.cases}" ` +
    `failures="${all.failures}">\n${all.xml}</testsuites>\n`;
}

/** The findings of each document, in the documents' order (a finding of no listed document is left out). */
function groupByDocument(
  report: FindingReport,
  documents: readonly string[],
): { name: string; findings: ReportFinding[] }[] {
  const groups = new Map(documents.map((name) => [name, [] as ReportFinding[]]));
  for (const f of report.findings) groups.get(documentOf(f, report.summary))?.push(f);
  return [...groups].map(([name, findings]) => ({ name, findings }));
}

/** One `<testsuite>` of findings. */
function renderSuite(report: FindingReport, suite: string, options: JunitOptions): Suites {
  const { command } = report.summary;
  const noun = nounOf(report.summary);
  const limit = RANK[options.failOn ?? "error"];
  const { shown, omitted } = listedFindings(report, options);
  const failing = (f: ReportFinding) => RANK[f.severity] <= limit;
  const omittedFailures = report.findings.filter(failing).length - shown.filter(failing).length;
  const failures = shown.filter(failing).length + (omittedFailures > 0 ? 1 : 0);
  const cases = report.findings.length === 0 ? 1 : shown.length + (omitted > 0 ? 1 : 0);
  let out = `  <testsuite name="${xmlText(suite)}" tests="${cases}" failures="${failures}">\n`;
  if (report.findings.length === 0) {
    out += `    <testcase classname="oatool.${command}" name="no ${noun.many}"/>\n`;
  }
  for (const f of shown) {
    const name = xmlText(`${f.rule ?? ""} ${placeOf(f)}`);
    const label = f.label ?? f.severity;
    out += `    <testcase classname="oatool.${command}${f.category ? `.${f.category}` : ""}" name="${name}">`;
    if (failing(f)) {
      out += `\n      <failure type="${xmlText(label)}" message="${xmlText(f.message)}">${
        xmlText(f.pointer)
      }</failure>\n    `;
    } else out += `<system-out>${xmlText(label)}: ${xmlText(f.message)}</system-out>`;
    out += `</testcase>\n`;
  }
  if (omitted > 0) {
    const text = xmlText(omittedLine(omitted, noun.one, options.limits, noun.many));
    out += `    <testcase classname="oatool.${command}" name="${
      xmlText(`${formatCount(omitted)} more ${noun.many}`)
    }">`;
    out += omittedFailures > 0
      ? `\n      <failure type="omitted" message="${text}">${
        formatCount(omittedFailures)
      } of them fail</failure>\n    `
      : `<system-out>${text}</system-out>`;
    out += `</testcase>\n`;
  }
  out += "  </testsuite>\n";
  return { xml: out, cases, failures };
}

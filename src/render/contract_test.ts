import assert from "node:assert/strict";
import { finding } from "../core/mod.ts";
import { type FindingReport, REPORT_FORMATS, type ReportFinding } from "./contract.ts";
import { renderReport } from "./format.ts";
import { renderGithub } from "./github.ts";
import { structuredReport } from "./json.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { renderSarif } from "./sarif.ts";
import { renderText } from "./text.ts";

const at = { file: "api.yaml", line: 3, column: 5 };

function report(findings: ReportFinding[], ok = false): FindingReport {
  return {
    findings,
    summary: { command: "convert", source: "api.yaml", ok, message: "done.", noun: "issue" },
  };
}

const ERROR = finding("error", ["paths", "/a"], "bad", { rule: "r-error", location: at });
const INFO = finding("info", ["info"], "note", { rule: "r-info" });

Deno.test("github: one escaping for every command; info is a notice; a label goes in the title", () => {
  const hostile = finding("warning", ["x"], "line one\n::error file=a::forged", { rule: "r,w:x" });
  const inOther: ReportFinding = { ...INFO, file: "other, file.yaml", label: "INFO" };
  const out = renderGithub(report([hostile, inOther]));
  assert.equal(
    out,
    "::warning file=api.yaml,title=r%2Cw%3Ax::x: line one%0A::error file=a::forged\n" +
      "::notice file=other%2C file.yaml,title=INFO r-info::info: note\n",
  );
  assert.equal(out.split("\n").length, 3, "one line per finding");
});

Deno.test("sarif: levels error, warning, note; the finding's own file; rule descriptions from the summary", () => {
  const r = report([ERROR, finding("warning", [], "w", { rule: "r-warning" }), { ...INFO, file: "b.yaml" }]);
  r.summary.rules = new Map([["r-error", "What r-error checks"]]);
  const log = JSON.parse(renderSarif(r, { toolVersion: "9.9.9" }));
  const results = log.runs[0].results;
  assert.deepEqual(results.map((x: { level: string }) => x.level), ["error", "warning", "note"]);
  assert.deepEqual(results[0].locations[0].physicalLocation, {
    artifactLocation: { uri: "api.yaml" },
    region: { startLine: 3, startColumn: 5 },
  });
  assert.equal(results[2].locations[0].physicalLocation.artifactLocation.uri, "b.yaml");
  assert.equal(results[0].properties.pointer, "/paths/~1a");
  assert.equal(log.runs[0].tool.driver.version, "9.9.9");
  const rules = log.runs[0].tool.driver.rules;
  assert.deepEqual(rules.find((x: { id: string }) => x.id === "r-error").shortDescription, {
    text: "What r-error checks",
  });
  assert.equal(results[1].ruleIndex, rules.findIndex((x: { id: string }) => x.id === "r-warning"));
});

Deno.test("junit: failing at or above failOn, a passing case when there is nothing, XML escaped", () => {
  const odd = finding("warning", ["a"], `<"&>`, { rule: "r" });
  const out = renderJunit(report([ERROR, odd]), { failOn: "error" });
  assert.match(out, /<testsuites name="oatool convert" tests="2" failures="1">/);
  assert.match(out, /<failure type="error" message="bad">\/paths\/~1a<\/failure>/);
  assert.match(out, /<system-out>warning: &lt;&quot;&amp;&gt;<\/system-out>/);
  assert.match(renderJunit(report([ERROR, odd]), { failOn: "warning" }), /failures="2"/);
  assert.match(renderJunit(report([], true)), /<testcase classname="oatool\.convert" name="no issues"\/>/);
});

Deno.test("markdown: status, counts and a table whose cells cannot break the table", () => {
  const pipe = finding("error", ["a|b"], "x | y `z`", { rule: "r" });
  const out = renderMarkdown(report([pipe]));
  assert.match(out, /^## oatool convert: api\.yaml\n\n:x: \*\*done\.\*\*\n/);
  assert.match(
    out,
    /\| Critical \| Errors \| Warnings \| Info \|\n\|---:\|---:\|---:\|---:\|\n\| 0 \| 1 \| 0 \| 0 \|/,
  );
  assert.match(out, /### Issues \(1\)/);
  assert.match(out, /\| error \| x \\\| y \\`z\\` \| a\\\|b \| r \|\n/);
});

Deno.test("json: the contract's fields cannot be replaced by a command's; bounded findings are counted", () => {
  const r = report([ERROR, ERROR, ERROR]);
  r.summary.fields = { counts: "forged", findings: [], sourceVersion: "2.0" };
  const out = structuredReport(r, { limits: { maxFindings: 1 } });
  assert.deepEqual(out.counts, { critical: 0, error: 3, warning: 0, info: 0 });
  assert.equal(out.findings.length, 1);
  assert.equal(out.findingsOmitted, 2);
  assert.equal(out.sourceVersion, "2.0");
  assert.deepEqual(out.findings[0], {
    severity: "error",
    rule: "r-error",
    path: "paths./a",
    pointer: "/paths/~1a",
    message: "bad",
    location: at,
  });
});

Deno.test("text: one line per finding with severity, place and rule, then the summary", () => {
  assert.equal(
    renderText(report([ERROR])),
    "Issues (1):\n  error: api.yaml:3:5: paths./a: bad [r-error]\n\n✗ done.\n",
  );
});

Deno.test("renderReport: every format of REPORT_FORMATS renders the same report", () => {
  for (const format of REPORT_FORMATS) {
    const out = renderReport(format, report([ERROR, INFO]));
    assert.ok(out.includes("bad"), format);
    assert.ok(out.endsWith("\n"), format);
  }
});

Deno.test("sarif: a run over several documents lists each file once as an artifact, URIs as in results", () => {
  const log = JSON.parse(
    renderSarif(report([ERROR]), { artifacts: ["api.yaml", "dir\\b c.yaml", "api.yaml"] }),
  );
  assert.deepEqual(log.runs[0].artifacts, [
    { location: { uri: "api.yaml" } },
    { location: { uri: "dir/b%20c.yaml" } },
  ]);
  assert.equal(JSON.parse(renderSarif(report([ERROR]))).runs[0].artifacts, undefined);
});

Deno.test("junit: with suites, one test suite per document holding its findings, totals summed", () => {
  const ref: ReportFinding = {
    ...INFO,
    location: { file: "parts.yaml", line: 1, column: 1 },
    document: "b.yaml",
  };
  const inB: ReportFinding = { ...ERROR, file: "b.yaml", location: undefined };
  const out = renderJunit(report([ERROR, inB, ref]), { suites: ["api.yaml", "b.yaml", "c.yaml"] });
  assert.match(
    out,
    /<testsuites name="oatool convert" tests="4" failures="2">\n {2}<testsuite name="api\.yaml"/,
  );
  const suites = [...out.matchAll(/<testsuite name="([^"]+)" tests="(\d+)" failures="(\d+)">/g)].map((m) =>
    m.slice(1).join(" ")
  );
  assert.deepEqual(suites, ["api.yaml 1 1", "b.yaml 2 1", "c.yaml 1 0"]);
  assert.match(
    out,
    /<testsuite name="c\.yaml" tests="1" failures="0">\n {4}<testcase [^>]*name="no issues"\/>/,
  );
});

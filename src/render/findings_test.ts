import assert from "node:assert/strict";
import type { Finding } from "../core/mod.ts";
import { renderFindingLine, renderFindingList } from "./findings.ts";
import { renderCollisionReport, renderInputChecks, renderJoinWarnings, renderRefusedInput } from "./join.ts";
import { renderApplyReport, renderOverlayErrors, renderOverlaySummary } from "./overlay.ts";
import { renderParseSummary } from "./parse.ts";
import { renderReportHeader } from "./report.ts";

const EVIL = "x\x1b[2J\r\n::error::forged\x07";
const SHOWN = "x\\u001b[2J\\r\\n::error::forged\\u0007";
// deno-lint-ignore no-control-regex -- looking for control characters is the test
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

/** Every line of a report is one the renderer made: no raw controls, no line that a document started. */
function assertSafe(text: string): void {
  assert.doesNotMatch(text, RAW);
  for (const line of text.split("\n")) assert.doesNotMatch(line, /^::error::/);
}

const finding: Finding = {
  severity: "error",
  path: `paths./a${EVIL}`,
  pointer: "/paths/~1a",
  message: `operationId "${EVIL}" is used twice.`,
  rule: "operation-id-unique",
  hint: `rename ${EVIL}`,
  location: { file: `api${EVIL}.yaml`, line: 3, column: 5 },
};

Deno.test("finding lines: one line, document text escaped, optional severity, rule and position", () => {
  assert.equal(
    renderFindingLine(finding, { severity: true, rule: true }),
    `error: api${SHOWN}.yaml:3:5: paths./a${SHOWN}: operationId "${SHOWN}" is used twice. [operation-id-unique]`,
  );
  assert.equal(
    renderFindingLine({ ...finding, path: "" }, { location: null }),
    `(root): operationId "${SHOWN}" is used twice.`,
  );
  const list = renderFindingList([finding, finding, finding], { limit: 2, indent: "    " });
  assert.equal(list.split("\n").length, 6);
  assert.match(list, new RegExp(`\n {8}hint: rename x\\\\u001b`));
  assert.match(list, /\n {4}… and 1 more\n$/);
  assertSafe(list);
});

Deno.test("join, overlay, parse and header renderers escape document text", () => {
  const report = renderCollisionReport({
    totalCount: 1,
    schemaCount: 1,
    pathCount: 0,
    componentCount: 0,
    collisions: [{
      type: "schema",
      name: EVIL,
      jsonPath: "$.components.schemas",
      sources: [`a${EVIL}.yaml`, "b.yaml"],
      resolution: "rename-right",
      newName: EVIL,
      byHandler: false,
    }],
  });
  assert.match(report, /schema 'x\\u001b\[2J\\r\\n::error::forged\\u0007' \(ax\\u001b/);
  const warnings = renderJoinWarnings([{ ...finding, severity: "warning" }]);
  assert.equal(warnings, `\nWarnings (1):\n  - operationId "${SHOWN}" is used twice.\n`);
  const checks = renderInputChecks([{ source: `in${EVIL}.yaml`, errors: Array(7).fill(finding) }]);
  assert.match(
    checks,
    /^\nWarning: in.*\.yaml has 7 validation errors; joined anyway \(run "oatool validate in/,
  );
  assert.match(checks, /\n {2}… and 2 more\n$/);
  const refused = renderRefusedInput(`in${EVIL}.yaml`, [finding]);
  for (const text of [report, warnings, checks, refused]) assertSafe(text);

  const apply = renderApplyReport(
    {
      document: {},
      overlayVersion: "1.1.0",
      title: EVIL,
      version: "1",
      actions: [{
        index: 0,
        kind: "update",
        target: `$.info${EVIL}`,
        matchCount: 1,
        applied: true,
        paths: [`$['${EVIL}']`],
      }],
      appliedCount: 1,
      skippedCount: 0,
      warnings: [{ ...finding, severity: "warning" }],
      dryRun: true,
    } as Parameters<typeof renderApplyReport>[0],
  );
  assert.match(apply, /\[0\] update: \$\.infox\\u001b/);
  const summary = renderOverlaySummary(
    `o${EVIL}`,
    {
      valid: false,
      errors: [finding],
      warnings: [],
      title: EVIL,
      actionCount: 1,
    } as unknown as Parameters<typeof renderOverlaySummary>[1],
  );
  const errors = renderOverlayErrors([finding]);
  assert.equal(
    errors,
    `Errors (1):\n  paths./a${SHOWN}: operationId "${SHOWN}" is used twice.\n      hint: rename ${SHOWN}\n`,
  );
  const parse = renderParseSummary({
    documentType: "OpenAPI 3.1.0",
    title: EVIL,
    description: `first\n\nsecond ${EVIL}`,
    apiVersion: EVIL,
    serverCount: 0,
    pathCount: 1,
  });
  assert.match(parse, /^Document Type: OpenAPI 3\.1\.0\nTitle: x\\u001b\[2J/);
  assert.match(parse, /\nDescription: first second x\\u001b\[2J ::error::forged\\u0007\n/);
  const header = renderReportHeader({ command: "parse", toolVersion: "1", specification: `s${EVIL}` });
  assert.match(header, /\nSpecification: sx\\u001b\[2J\\r\\n::error::forged\\u0007\n$/);
  for (const text of [apply, summary, errors, parse, header]) assertSafe(text);
});

/**
 * The differ speaks the library's one severity scale (issue 27): changes, checks, `failOn` and `severities` are
 * lower case; the upper-case spelling of the specification's output is still accepted as input, as the same
 * severity, until the next minor version; the reports spell it in upper case.
 */
import assert from "node:assert/strict";
import { renderDiffJson, renderDiffJunit } from "../src/render/diff.ts";
import { diffDocs, edit, schemaDoc } from "../src/differ/_test_helpers.ts";
import { listChecks, parseSeverities, severityRank, toDiffSeverity } from "../src/differ/mod.ts";

const S = { type: "string" };
const before = schemaDoc({ type: "object", properties: { p: S } }, S);
// A new required request property (error) and a changed description (info).
const after = edit(schemaDoc({ type: "object", properties: { p: S }, required: ["p"] }, S), (d) => {
  (d.info as { description?: string }).description = "new";
});

Deno.test("severity scale: changes and checks carry the library's lower-case severity", async () => {
  const r = await diffDocs(before, after);
  assert.deepEqual(r.changes.map((c) => [c.id, c.severity]), [
    ["info-description-changed", "info"],
    ["request-property-became-required", "error"],
  ]);
  const scale = new Set(["critical", "error", "warning", "info"]);
  assert.deepEqual(listChecks().filter((c) => !scale.has(c.severity)).map((c) => c.id), []);
  assert.equal(listChecks().find((c) => c.id === "endpoint-removed")?.severity, "critical");
});

Deno.test("severity scale: failOn takes lower case, and upper case as the same severity", async () => {
  for (
    const [failOn, failed] of [["warning", true], ["critical", false], ["WARNING", true], ["CRITICAL", false]]
  ) {
    const r = await diffDocs(before, after, { failOn: failOn as "warning" });
    assert.equal(r.failed, failed, String(failOn));
  }
  await assert.rejects(() => diffDocs(before, after, { failOn: "fatal" as "error" }), /failOn is "fatal"/);
});

Deno.test("severity scale: severities overrides in either spelling give the lower-case severity", async () => {
  for (const spelt of ["warning", "WARNING", "Warning"]) {
    const r = await diffDocs(before, after, {
      severities: { "request-property-became-required": spelt as "warning" },
    });
    assert.deepEqual(r.changes.map((c) => c.severity), ["info", "warning"], spelt);
    assert.equal(r.breakingCount, 0);
    assert.equal(r.warningCount, 1);
  }
  assert.deepEqual(parseSeverities({ "operation-id-changed": "CRITICAL" }, "x"), {
    "operation-id-changed": "critical",
  });
  assert.equal(severityRank("ERROR"), severityRank("error"));
  assert.equal(severityRank("critical") < severityRank("info"), true);
});

Deno.test("severity scale: the reports spell the severity in upper case, whatever the spelling of failOn", async () => {
  const r = await diffDocs(before, after);
  const json = JSON.parse(renderDiffJson(r));
  assert.deepEqual(json.changes.map((c: { severity: string }) => c.severity), ["INFO", "ERROR"]);
  assert.equal(toDiffSeverity("critical"), "CRITICAL");
  const failures = (failOn?: "info" | "INFO" | "warning" | "WARNING") =>
    (renderDiffJunit(r, failOn === undefined ? {} : { failOn }).match(/<failure /g) ?? []).length;
  assert.deepEqual([failures("info"), failures("INFO"), failures("warning"), failures("WARNING")], [
    2,
    2,
    1,
    1,
  ]);
  assert.equal(failures(), 1);
});

import assert from "node:assert/strict";
import type { ValidationResult } from "../validator/mod.ts";
import {
  renderValidationGithub,
  renderValidationJson,
  renderValidationSarif,
  renderValidationText,
  renderValidationYaml,
  validationReport,
} from "./validation.ts";

const result: ValidationResult = {
  valid: false,
  version: "3.1.0",
  oasVersion: "3.1",
  source: "api.yaml",
  errors: [{
    severity: "error",
    path: "paths./pets.get.operationId",
    pointer: "/paths/~1pets/get/operationId",
    message: 'operationId "a" is already used by paths./a.get.',
    rule: "operation-id-unique",
    specLink: "https://spec.openapis.org/oas/v3.1.0.html#operation-object",
    location: { file: "api.yaml", line: 12, column: 7 },
  }],
  warnings: [{
    severity: "warning",
    path: "",
    pointer: "",
    message: "multi\nline, with: 100%",
    rule: "component-unused",
  }],
  errorCount: 1,
  warningCount: 1,
  stats: { pathCount: 2, operationCount: 2, schemaCount: 0, webhookCount: 0 },
  sizeBytes: 100,
  loadTimeMs: 1,
  validateTimeMs: 1,
};

Deno.test("validation report: stable camelCase structure with pointers", () => {
  const report = validationReport(result);
  assert.deepEqual(Object.keys(report), [
    "valid",
    "source",
    "version",
    "oasVersion",
    "errorCount",
    "warningCount",
    "errors",
    "warnings",
  ]);
  assert.deepEqual(report.errors[0], {
    severity: "error",
    rule: "operation-id-unique",
    path: "paths./pets.get.operationId",
    pointer: "/paths/~1pets/get/operationId",
    message: 'operationId "a" is already used by paths./a.get.',
    specLink: "https://spec.openapis.org/oas/v3.1.0.html#operation-object",
    location: { file: "api.yaml", line: 12, column: 7 },
  });
  assert.deepEqual(JSON.parse(renderValidationJson(result)), report);
  const yaml = renderValidationYaml(result);
  assert.match(yaml, /^valid: false\n/);
  assert.match(yaml, /pointer: \/paths\/~1pets\/get\/operationId/);
});

Deno.test("validation text: sections, rule ids, links and the final count line", () => {
  const text = renderValidationText(result);
  assert.equal(
    text,
    [
      "Errors (1):",
      '  ✗ api.yaml:12:7: paths./pets.get.operationId: operationId "a" is already used by paths./a.get. [operation-id-unique]',
      "      https://spec.openapis.org/oas/v3.1.0.html#operation-object",
      "",
      "Warnings (1):",
      // Issue 11: a line break in a message is shown as \n, so a document cannot forge report lines.
      "  ⚠ (root): multi\\nline, with: 100% [component-unused]",
      "",
      "✗ api.yaml is invalid (1 error, 1 warning).",
      "",
    ].join("\n"),
  );
  const valid = renderValidationText({
    ...result,
    valid: true,
    errors: [],
    warnings: [],
    errorCount: 0,
    warningCount: 0,
  });
  assert.equal(valid, "Errors (0)\n\nWarnings (0)\n\n✓ api.yaml is valid (0 errors, 0 warnings).\n");
});

Deno.test("validation sarif: SARIF 2.1.0 with rules, levels and regions", () => {
  const log = JSON.parse(renderValidationSarif(result, { toolVersion: "9.9.9" }));
  assert.equal(log.version, "2.1.0");
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, "oatool");
  assert.equal(run.tool.driver.version, "9.9.9");
  assert.deepEqual(run.tool.driver.rules.map((r: { id: string }) => r.id), [
    "component-unused",
    "operation-id-unique",
  ]);
  assert.equal(run.results.length, 2);
  const [e, w] = run.results;
  assert.equal(e.ruleId, "operation-id-unique");
  assert.equal(e.ruleIndex, 1);
  assert.equal(e.level, "error");
  assert.deepEqual(e.locations[0].physicalLocation, {
    artifactLocation: { uri: "api.yaml" },
    region: { startLine: 12, startColumn: 7 },
  });
  assert.equal(w.level, "warning");
  assert.equal(w.locations[0].physicalLocation.region, undefined);
});

Deno.test("validation github: workflow commands with escaped data and properties", () => {
  assert.equal(
    renderValidationGithub(result),
    '::error file=api.yaml,line=12,col=7,title=operation-id-unique::paths./pets.get.operationId: operationId "a" is already used by paths./a.get. (https://spec.openapis.org/oas/v3.1.0.html#operation-object)\n' +
      "::warning file=api.yaml,title=component-unused::(root): multi%0Aline, with: 100%25\n",
  );
});

Deno.test("validation renderers show a finding's hint: text line, json field, sarif property, github data", () => {
  const hinted: ValidationResult = {
    ...result,
    errors: [{ ...result.errors[0], hint: "rename one of them" }],
    warnings: [],
    warningCount: 0,
  };
  assert.match(renderValidationText(hinted), /\n {6}hint: rename one of them\n/);
  assert.equal(validationReport(hinted).errors[0].hint, "rename one of them");
  const sarif = JSON.parse(renderValidationSarif(hinted));
  assert.equal(sarif.runs[0].results[0].properties.hint, "rename one of them");
  assert.match(renderValidationGithub(hinted), / \(hint: rename one of them\)\n$/);
});

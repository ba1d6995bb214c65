/**
 * Declarative rules in the policy file are checked when it is loaded: each mistake at its line and column (and
 * by JSON pointer for a configuration given as data). Spectral's `[get,put]` union is read as RFC 9535.
 */
import assert from "node:assert/strict";
import { createMemoryReader } from "../core/mod.ts";
import { ConfigError, configFromData, configJsonSchema, loadConfig, normalizeJsonPath } from "./mod.ts";

async function problems(yaml: string): Promise<string[]> {
  const reader = createMemoryReader({ "oatool.yaml": yaml }, { cwd: "/proj" });
  try {
    await loadConfig("oatool.yaml", { reader });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [...error.problems];
  }
}

const rule = (body: string) => `rules:\n  my-rule:\n${body}`;

/** [name, rule body (4-space indented), expected problem]. */
const BAD: [string, string, string][] = [
  [
    "a JSONPath that does not parse",
    `    given: "$.paths[?"\n    then: {function: truthy}\n`,
    `oatool.yaml:3:5: invalid JSONPath at position 9 in "$.paths[?": expected a filter expression, found end of ` +
    `expression; write an RFC 9535 JSONPath such as "$.paths[*]['get','put']".`,
  ],
  [
    "a bad JSONPath in a list of them",
    `    given: ["$.info", "paths"]\n    then: {function: truthy}\n`,
    `oatool.yaml:3:23: invalid JSONPath at position 0 in "paths": a JSONPath query starts with "$", found character "p"; write ` +
    `an RFC 9535 JSONPath such as "$.paths[*]['get','put']".`,
  ],
  [
    "given without then",
    `    given: "$.info"\n`,
    `oatool.yaml:2:3: a rule with given/then needs "then" too.`,
  ],
  [
    "an unknown function",
    `    given: "$.info"\n    then: {function: truthyy}\n`,
    `oatool.yaml:4:12: "truthyy" is not one of truthy, falsy, defined, undefined, pattern, enumeration, enum, ` +
    `length, casing; did you mean "truthy"?`,
  ],
  [
    "an unknown key in then",
    `    given: "$.info"\n    then: {function: truthy, feild: x}\n`,
    `oatool.yaml:4:30: unknown key "feild"; did you mean "field"?`,
  ],
  [
    "then without a function",
    `    given: "$.info"\n    then: {field: x}\n`,
    `oatool.yaml:4:5: the required key "function" is missing.`,
  ],
  [
    "options a function does not take",
    `    given: "$.info"\n    then: {function: truthy, functionOptions: {match: x}}\n`,
    `oatool.yaml:4:48: unknown key "match"; known keys: .`,
  ],
  [
    "pattern without match or notMatch",
    `    given: "$.info"\n    then: {function: pattern}\n`,
    `oatool.yaml:4:5: pattern needs functionOptions.match or functionOptions.notMatch.`,
  ],
  [
    "a pattern RE2 cannot compile",
    `    given: "$.info"\n    then:\n      function: pattern\n      functionOptions: {notMatch: "(?=a)"}\n`,
    `oatool.yaml:6:25: the regular expression does not compile (RE2 syntax: no lookaround, no backreferences): ` +
    "error parsing regexp: invalid or unsupported Perl syntax: `(?=`.",
  ],
  [
    "enumeration without values",
    `    given: "$.info"\n    then: {function: enumeration, functionOptions: {}}\n`,
    `oatool.yaml:4:35: the required key "values" is missing.`,
  ],
  [
    "length with min above max",
    `    given: "$.info"\n    then: {function: length, functionOptions: {min: 3, max: 1}}\n`,
    `oatool.yaml:4:30: min (3) is above max (1).`,
  ],
  [
    "a casing type that does not exist",
    `    given: "$.info"\n    then: {function: casing, functionOptions: {type: camelCase}}\n`,
    `oatool.yaml:4:48: "camelCase" is not one of flat, camel, pascal, kebab, cobol, snake, macro.`,
  ],
  [
    "an unknown placeholder",
    `    given: "$.info"\n    then: {function: truthy}\n    message: "{{path}} {{nope}}"\n`,
    `oatool.yaml:5:5: unknown placeholder {{nope}}; known: {{path}}, {{property}}, {{value}}, {{error}}, ` +
    `{{description}}.`,
  ],
  [
    "a message too long",
    `    given: "$.info"\n    then: {function: truthy}\n    message: "${"m".repeat(501)}"\n`,
    `oatool.yaml:5:5: the message is longer than 500 characters.`,
  ],
  [
    "a bad field JSONPath",
    `    given: "$.info"\n    then: {function: truthy, field: "$.a["}\n`,
    `oatool.yaml:4:30: invalid JSONPath at position 4 in "$.a[": expected a selector, found end of expression; ` +
    `write an RFC 9535 JSONPath such as "$.paths[*]['get','put']".`,
  ],
];

for (const [name, body, expected] of BAD) {
  Deno.test(`declarative config: ${name} is reported at its line and column`, async () => {
    assert.deepEqual(await problems(rule(body)), [expected]);
  });
}

Deno.test("declarative config: an API's declarative rules are checked too; data is named by pointer", async () => {
  assert.deepEqual(
    await problems(
      `apis:\n  a:\n    root: a.yaml\n    rules:\n      r: {given: "$[", then: {function: defined}}\n`,
    ),
    [
      `oatool.yaml:5:11: invalid JSONPath at position 2 in "$[": expected a selector, found end of expression; ` +
      `write an RFC 9535 JSONPath such as "$.paths[*]['get','put']".`,
    ],
  );
  const reader = createMemoryReader({}, { cwd: "/proj" });
  await assert.rejects(
    configFromData({ rules: { r: { given: "$", then: { function: "length" } } } }, "/proj", { reader }),
    (e) =>
      e instanceof ConfigError &&
      e.message ===
        "the configuration at /rules/r/then: length needs functionOptions.min or functionOptions.max.",
  );
});

Deno.test("declarative config: good rules load, their settings kept; the published schema describes then", async () => {
  const reader = createMemoryReader({
    "oatool.yaml": rule(
      `    given: "$.paths[*][get,put]"\n    then:\n      - {field: summary, function: truthy}\n` +
        `      - {field: operationId, function: casing, functionOptions: {type: camel, disallowDigits: true}}\n` +
        `    severity: error\n    message: "{{path}}: {{error}}"\n`,
    ),
  }, { cwd: "/proj" });
  const c = await loadConfig("oatool.yaml", { reader });
  assert.equal(c.rules["my-rule"].severity, "error");
  assert.deepEqual(c.rules["my-rule"].declarative?.given, "$.paths[*][get,put]");
  // The published JSON Schema describes the checks as the loader reads them.
  const check = JSON.parse(configJsonSchema()).$defs.check;
  assert.deepEqual(check.required, ["function"]);
  assert.ok(check.properties.function.enum.includes("casing"));
});

Deno.test("normalizeJsonPath: Spectral's union of bare names becomes quoted names; nothing else changes", () => {
  assert.equal(normalizeJsonPath("$.paths[*][get,put, post]"), "$.paths[*]['get','put','post']");
  assert.equal(normalizeJsonPath("$.paths[*][get]"), "$.paths[*]['get']");
  assert.equal(normalizeJsonPath("$['a[b,c]'][x-y]"), "$['a[b,c]']['x-y']");
  assert.equal(normalizeJsonPath("$.a[0,1][?@.b == 'x'][*]"), "$.a[0,1][?@.b == 'x'][*]");
  assert.equal(normalizeJsonPath("$.a[true]"), "$.a[true]");
  assert.equal(normalizeJsonPath("$.a['x\\'[y]']"), "$.a['x\\'[y]']");
});

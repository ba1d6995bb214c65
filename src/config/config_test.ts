import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { createMemoryReader } from "../core/mod.ts";
import {
  CONFIG_SCHEMA,
  ConfigError,
  configFromData,
  configJsonSchema,
  findConfig,
  loadConfig,
  MAX_EXTENDS_DEPTH,
} from "./mod.ts";

const EVERY_KEY = `# yaml-language-server: $schema=oatool.schema.json
$schema: ./oatool.schema.json
extends: [recommended, ./team.yaml]
rules:
  operation-id-unique: warning
  component-unused: off
  path-params: [error, {allowUnused: true}]
  ref-resolves: {severity: info, options: {remote: false}}
  operation-summary:
    given: "$.paths[*][get,put]"
    then: {field: summary, function: truthy}
    severity: error
    message: "{{path}} needs a summary"
ignore:
  - rule: path-ambiguous
    file: specs/other.yaml
    pointer: /paths/~1a~1{x}
    reason: accepted by the API review
baseline: baselines/api.yaml
plugins: [./rules/naming.ts, "https://example.com/rule.js"]
apis:
  public:
    root: specs/public.yaml
    rules: {operation-id-unique: error}
    ignore: [{rule: oas-schema, pointer: /info, reason: legacy}]
    baseline: baselines/public.yaml
generate: {package: api, include-tags: [pets], output: gen}
`;

const TEAM = `extends: strict
rules: {component-unused: warning, server-url: error}
plugins: [./team-rule.ts]
`;

function reader(files: Record<string, string>) {
  return createMemoryReader(files, { cwd: "/proj" });
}

Deno.test("config: every key of oatool.yaml is read, the extends chain merged and paths made absolute", async () => {
  const r = reader({ "oatool.yaml": EVERY_KEY, "team.yaml": TEAM });
  const c = await loadConfig("oatool.yaml", { reader: r });
  assert.deepEqual(c.files, ["/proj/oatool.yaml", "/proj/team.yaml"]);
  assert.deepEqual(c.presets, ["recommended", "strict"]);
  assert.deepEqual(c.rules["operation-id-unique"], { severity: "warning", at: "oatool.yaml:5:3" });
  // The file's own setting overrides the extended file's.
  assert.equal(c.rules["component-unused"].severity, "off");
  assert.equal(c.rules["server-url"].severity, "error");
  assert.deepEqual(c.rules["path-params"].options, { allowUnused: true });
  assert.deepEqual(c.rules["ref-resolves"], {
    severity: "info",
    options: { remote: false },
    at: "oatool.yaml:8:3",
  });
  assert.deepEqual(c.rules["operation-summary"].declarative, {
    given: "$.paths[*][get,put]",
    then: { field: "summary", function: "truthy" },
    message: "{{path}} needs a summary",
  });
  assert.deepEqual(c.ignore, [{
    rule: "path-ambiguous",
    file: "/proj/specs/other.yaml",
    pointer: "/paths/~1a~1{x}",
    reason: "accepted by the API review",
    at: "oatool.yaml:15:5",
  }]);
  assert.equal(c.baseline, "/proj/baselines/api.yaml");
  assert.deepEqual(c.plugins, ["/proj/team-rule.ts", "/proj/rules/naming.ts", "https://example.com/rule.js"]);
  assert.deepEqual(c.apis.public.root, "/proj/specs/public.yaml");
  assert.deepEqual(c.apis.public.rules, {
    "operation-id-unique": { severity: "error", at: "oatool.yaml:24:13" },
  });
  assert.equal(c.apis.public.ignore[0].reason, "legacy");
  assert.equal(c.apis.public.baseline, "/proj/baselines/public.yaml");
  assert.deepEqual(c.generate, { package: "api", "include-tags": ["pets"], output: "/proj/gen" });
});

Deno.test("config: found in the working directory or a parent, in any of its forms; two forms are refused", async () => {
  const json = '{"rules": {"component-unused": "off"}}';
  assert.equal(
    await findConfig("/proj/a/b", reader({ ".oatool.json": json, "a/b/x.yaml": "" })),
    "/proj/.oatool.json",
  );
  assert.equal(
    await findConfig("/proj/a", reader({ "a/oatool.yml": "", "oatool.yaml": "" })),
    "/proj/a/oatool.yml",
  );
  assert.equal(await findConfig("/proj", reader({ "other.yaml": "" })), undefined);
  const c = await loadConfig("/proj/.oatool.json", { reader: reader({ ".oatool.json": json }) });
  assert.equal(c.rules["component-unused"].severity, "off");
  await assert.rejects(
    findConfig("/proj", reader({ "oatool.yaml": "", ".oatool.yaml": "" })),
    (e: Error) =>
      e instanceof ConfigError && /oatool\.yaml and \.oatool\.yaml are both policy files/.test(e.message),
  );
});

/** Bad files and the `line:column: message` each is rejected with. */
const BAD: [string, string, RegExp][] = [
  [
    "unknown key",
    "rules: {}\nignor: []\n",
    /^oatool\.yaml:2:1: unknown key "ignor"; did you mean "ignore"\?$/,
  ],
  ["bad severity", "rules:\n  path-params: erorr\n", /^oatool\.yaml:2:3: "erorr" is not one of .*"error"\?$/],
  [
    "severity list too long",
    "rules:\n  x: [error, {}, 3]\n",
    /^oatool\.yaml:2:18: the list has at most 2 item/,
  ],
  [
    "options not an object",
    "rules:\n  x: [warning, 3]\n",
    /^oatool\.yaml:2:16: 3 is an integer; expected an object/,
  ],
  [
    "rule object key",
    "rules:\n  x:\n    severity: error\n    sevrity: off\n",
    /^oatool\.yaml:4:5: unknown key "sevrity"/,
  ],
  [
    "rule value type",
    "rules:\n  x: 3\n",
    /^oatool\.yaml:2:3: 3 is not a severity .*, \[severity, options\] or a rule object/,
  ],
  [
    "ignore without reason",
    "ignore:\n  - {rule: x, pointer: /a}\n",
    /^oatool\.yaml:2:5: the required key "reason" is missing/,
  ],
  [
    "ignore pointer",
    "ignore:\n  - rule: x\n    pointer: a/b\n    reason: r\n",
    /^oatool\.yaml:3:5: "a\/b" does not match/,
  ],
  [
    "ignore unknown key",
    "ignore:\n  - rule: x\n    pointer: ''\n    reason: r\n    why: y\n",
    /^oatool\.yaml:5:5: unknown key "why"/,
  ],
  [
    "baseline empty",
    "rules: {}\nbaseline: ''\n",
    /^oatool\.yaml:2:1: an empty string is not allowed here\.$/,
  ],
  [
    "plugins not a list",
    "plugins: ./a.ts\n",
    /^oatool\.yaml:1:1: "\.\/a\.ts" is a string; expected an array\.$/,
  ],
  ["plugin empty", "plugins: [a.ts, '']\n", /^oatool\.yaml:1:17: an empty string is not allowed here\.$/],
  [
    "api without root",
    "apis:\n  pub: {rules: {}}\n",
    /^oatool\.yaml:2:3: the required key "root" is missing\.$/,
  ],
  [
    "api unknown key",
    "apis:\n  pub:\n    root: a.yaml\n    rulez: {}\n",
    /^oatool\.yaml:4:5: unknown key "rulez"; did you mean "rules"\?$/,
  ],
  ["api name", "apis:\n  'a b': {root: a.yaml}\n", /^oatool\.yaml:2:3: the key "a b" does not match/],
  [
    "generate unknown key",
    "generate:\n  package: api\n  clinet: true\n",
    /^oatool\.yaml:3:3: unknown key "clinet"; did you mean "client"\?$/,
  ],
  [
    "generate wrong type",
    "generate:\n  max-ops-per-file: 0\n",
    /^oatool\.yaml:2:3: 0 is less than 1; give at least 1\.$/,
  ],
  [
    "generate list of names",
    "generate:\n  include-tags: repos\n",
    /^oatool\.yaml:2:3: "repos" is a string; expected an array\.$/,
  ],
  [
    "generate not an object",
    "rules: {}\ngenerate: yes\n",
    /^oatool\.yaml:2:1: "yes" is a string; expected an object\.$/,
  ],
  [
    "extends type",
    "extends: 3\n",
    /^oatool\.yaml:1:1: 3 is not a preset .* or a list of presets or files\.$/,
  ],
  [
    "extends unknown preset",
    "extends: [recommended, strictt]\n",
    /^oatool\.yaml:1:24: "strictt" is neither a preset/,
  ],
  [
    "top level not an object",
    "- rules\n",
    /^oatool\.yaml:1:1: \["rules"\] is an array; expected an object\.$/,
  ],
  ["YAML syntax", "rules: {a: error\n", /^oatool\.yaml:2:1: /],
  ["duplicate key", "rules: {}\nrules: {}\n", /^oatool\.yaml:2:\d+: .*duplicate/i],
];

Deno.test("config: bad files are rejected at their line and column", async (t) => {
  for (const [name, text, expected] of BAD) {
    await t.step(name, async () => {
      const error = await loadConfig("oatool.yaml", { reader: reader({ "oatool.yaml": text }) }).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof ConfigError, `${name}: ${error}`);
      assert.match(error.message, expected);
    });
  }
});

Deno.test("config: a JSON file's problems are placed too; data given as an object is named by pointer", async () => {
  const r = reader({ "oatool.json": '{\n  "rules": {\n    "x": "loud"\n  }\n}' });
  await assert.rejects(
    loadConfig("oatool.json", { reader: r }),
    /^ConfigError: oatool\.json:3:5: "loud" is not/,
  );
  await assert.rejects(
    configFromData({ rules: { x: "loud" } }, "/proj", { reader: r }),
    /the configuration at \/rules\/x: "loud" is not one of/,
  );
});

Deno.test("config: extends cycles are refused, and chains deeper than the bound", async () => {
  const cycle = reader({ "oatool.yaml": "extends: ./a.yaml\n", "a.yaml": "extends: [./oatool.yaml]\n" });
  await assert.rejects(
    loadConfig("oatool.yaml", { reader: cycle }),
    /oatool\.yaml extends itself: oatool\.yaml → a\.yaml → oatool\.yaml/,
  );
  const files: Record<string, string> = {};
  for (let i = 0; i <= MAX_EXTENDS_DEPTH + 1; i++) files[`c${i}.yaml`] = `extends: ./c${i + 1}.yaml\n`;
  files[`c${MAX_EXTENDS_DEPTH + 2}.yaml`] = "rules: {}\n";
  await assert.rejects(loadConfig("c0.yaml", { reader: reader(files) }), /deeper than 8 files/);
  const missing = reader({ "oatool.yaml": "extends: ./nope.yaml\n" });
  await assert.rejects(loadConfig("oatool.yaml", { reader: missing }), /nope\.yaml/);
  // The confinement check sees every extended file before it is read.
  const seen: string[] = [];
  await loadConfig("oatool.yaml", {
    reader: reader({ "oatool.yaml": "extends: ./a.yaml\n", "a.yaml": "rules: {}\n" }),
    confine: (p) => (seen.push(p), Promise.resolve(p)),
  });
  assert.deepEqual(seen, ["/proj/a.yaml"]);
});

Deno.test("config schema: the published JSON Schema (2020-12) accepts and rejects what the checks do", async () => {
  const printed = JSON.parse(configJsonSchema());
  assert.equal(printed.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.deepEqual(printed, JSON.parse(JSON.stringify(CONFIG_SCHEMA)));
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, strictTuples: false });
  const check = ajv.compile(printed);
  const { parseText } = await import("../core/mod.ts");
  assert.ok(check(parseText(EVERY_KEY).data), JSON.stringify(check.errors));
  assert.ok(check(parseText(TEAM).data), JSON.stringify(check.errors));
  for (const [name, text] of BAD) {
    if (/extends unknown preset|YAML syntax|duplicate key/.test(name)) continue; // not schema questions
    assert.equal(check(parseText(text, { format: "yaml" }).data), false, name);
  }
});

/**
 * Plugins: the two worked examples of docs/custom-rules.md (real files under docs/examples/) loaded through a
 * policy file and run; severities from `rules:`; and a faulty plugin of each failure class reported as the
 * plugin's error (a ConfigError naming the file when it cannot be loaded, a `custom-rule-error` finding when a
 * rule fails while it runs), never as a crash.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { ConfigError } from "../../config/mod.ts";
import { validate } from "../validate.ts";
import { defineRule } from "./define.ts";
import { CUSTOM_RULE_ERROR } from "./guard.ts";

const EXAMPLES = fileURLToPath(new URL("../../../docs/examples/", import.meta.url));
const VALIDATOR = new URL("../mod.ts", import.meta.url).href;

const DOC = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /pets:
    get:
      operationId: List_Pets
      responses:
        "200": {description: ok}
    post:
      operationId: addPet
      responses:
        "200": {description: ok}
        "4XX": {description: bad}
  /users:
    get:
      operationId: listUsers
      responses:
        "200": {description: ok}
        "404": {$ref: "#/components/responses/NotFound"}
components:
  responses:
    NotFound: {description: missing}
  schemas:
    pet: {type: object}
    Owner: {type: object}
`;

/** Writes files into a new temporary folder; returns its path. */
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-plugins-" });
  for (const [name, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, name), text);
  return dir;
}

async function run(
  dir: string,
  options: { ruleSeverities?: Record<string, "off" | "warning" | "error"> } = {},
) {
  const r = await validate({ content: DOC, name: "api.yaml" }, {
    config: join(dir, "oatool.yaml"),
    ...options,
  });
  return [...r.errors, ...r.warnings].map((f) => `${f.severity} ${f.rule} ${f.path}: ${f.message}`);
}

Deno.test("plugins: the two worked examples of docs/custom-rules.md load from the policy file and report", async () => {
  const dir = await folder({
    "oatool.yaml": `plugins:\n  - ${EXAMPLES}naming_rules.ts\n  - ${EXAMPLES}operation_4xx.ts\n` +
      `rules: {component-unused: off, operation-description: off}\n`,
  });
  assert.deepEqual(await run(dir), [
    "error operation-4xx-response paths./pets.get.responses: the operation describes no 4XX response (client error).",
    'warning operation-id-camel-case paths./pets.get.operationId: operationId "List_Pets" is not camelCase.',
    'warning schema-name-pascal-case components.schemas.pet: the schema name "pet" is not PascalCase.',
  ]);
});

Deno.test("plugins: plugin rules take their severities from rules: and from the command line, as built-ins", async () => {
  const dir = await folder({
    "oatool.yaml": `plugins: [${EXAMPLES}operation_4xx.ts, ${EXAMPLES}naming_rules.ts]\n` +
      `rules: {operation-4xx-response: warning, schema-name-pascal-case: off, operation-id-camel-case: error,` +
      ` component-unused: off, operation-description: off}\n`,
  });
  assert.deepEqual((await run(dir)).map((l) => l.split(" ").slice(0, 2).join(" ")), [
    "error operation-id-camel-case",
    "warning operation-4xx-response",
  ]);
  const cli = await run(dir, { ruleSeverities: { "operation-4xx-response": "off" } });
  assert.deepEqual(cli.map((l) => l.split(" ")[1]), ["operation-id-camel-case"]);
});

/** A plugin that cannot be loaded: a ConfigError naming the file and what is wrong. */
const LOAD_FAILURES: [string, string, RegExp][] = [
  ["throws on import", `throw new Error("no network here");`, /could not be loaded: no network here$/],
  [
    "does not parse",
    `export const rules = [{ id: "a" description: "b" }];`,
    /could not be loaded: .*\(at file:.*:1:\d+\)$/,
  ],
  ["exports nothing", `export const other = 1;`, /exports no rules; export `rules`/],
  ["exports an empty list", `export const rules = [];`, /exports an empty list of rules/],
  [
    "exports a rule without create",
    `export const rules = [{ id: "a", description: "b" }];`,
    /rule 1 "a": create must be a function/,
  ],
  [
    "exports a rule without an id",
    `export default { description: "b", create: () => ({}) };`,
    /rule 1 has no valid id/,
  ],
  [
    "exports a rule with a bad severity",
    `export default { id: "a", severity: "fatal", description: "b", create: () => ({}) };`,
    /rule 1 "a": severity must be "error" or "warning"/,
  ],
  [
    "reuses a built-in rule's id",
    `export default { id: "ref-resolves", description: "b", create: () => ({}) };`,
    /the rule id "ref-resolves" is already used by a built-in or declarative rule/,
  ],
  [
    "exports a rule whose getter throws",
    `export default { get id() { throw new Error("gotcha"); }, description: "b", create: () => ({}) };`,
    /rule 1 could not be read: gotcha/,
  ],
  [
    "calls defineRule with a bad definition",
    `import { defineRule } from ${
      JSON.stringify(VALIDATOR)
    };\nexport const rules = [defineRule({ id: "a b" })];`,
    /could not be loaded: defineRule: the rule has no valid id/,
  ],
];

for (const [name, source, expected] of LOAD_FAILURES) {
  Deno.test(`plugins: a plugin that ${name} is a ConfigError naming the plugin file`, async () => {
    const dir = await folder({ "bad.ts": source, "oatool.yaml": "plugins: [./bad.ts]\n" });
    const error = await run(dir).then(() => undefined, (e) => e);
    assert.ok(error instanceof ConfigError, String(error));
    assert.match(error.message, /^plugin .*bad\.ts: /);
    assert.match(error.message, expected);
    assert.doesNotMatch(error.message, /\n/);
  });
}

Deno.test("plugins: a missing plugin file and a remote module are ConfigErrors naming them", async () => {
  const dir = await folder({ "oatool.yaml": "plugins: [./gone.ts]\n" });
  await assert.rejects(
    run(dir),
    (e) => e instanceof ConfigError && /plugin .*gone\.ts: could not be loaded/.test(e.message),
  );
  const remote = await folder({ "oatool.yaml": "plugins: ['https://example.com/rule.ts']\n" });
  await assert.rejects(
    run(remote),
    (e) => e instanceof ConfigError && /only local files are loaded/.test(e.message),
  );
});

/** A rule that fails while it runs: one custom-rule-error finding; the built-in rules' findings stay. */
const RUN_FAILURES: [string, string, RegExp, string][] = [
  ["throws in create()", `create() { throw new Error("no"); }`, /threw in create\(\): no;/, ""],
  [
    "throws in a visitor",
    `create: () => ({ operation(op, at) { throw new TypeError("kaput " + op.operationId); } })`,
    /threw in its "operation" visitor: kaput List_Pets;/,
    "paths./pets.get",
  ],
  ["returns no visitors", `create: () => 42`, /returned no visitors from create\(\)/, ""],
  [
    "returns a visitor for an unknown kind",
    `create: () => ({ operations() {} })`,
    /"operations", which is not an object kind of the walker \(did you mean "operation"\?\)/,
    "",
  ],
  [
    "returns a visitor that is not a function",
    `create: () => ({ operation: 3 })`,
    /a visitor for "operation" that is not a function/,
    "",
  ],
  [
    "returns a promise from a visitor",
    `create: () => ({ async operation() { throw new Error("later"); } })`,
    /returned a promise from its "operation" visitor/,
    "paths./pets.get",
  ],
  [
    "reports a path that is not a list",
    `create: (ctx) => ({ operation() { ctx.report("/paths", "x"); } })`,
    /reported a finding whose path is not a list/,
    "",
  ],
  [
    "reports a message that is not a string",
    `create: (ctx) => ({ operation(op, at) { ctx.report(at.path, { text: 1 }); } })`,
    /reported a finding whose message is not a string/,
    "",
  ],
];

for (const [name, create, expected, path] of RUN_FAILURES) {
  Deno.test(`plugins: a rule that ${name} is one custom-rule-error finding, not a crash`, async () => {
    const dir = await folder({
      "bad.ts": `export const rules = [{ id: "faulty", description: "d", ${create} }];\n`,
      "oatool.yaml": "plugins: [./bad.ts]\nrules: {faulty: warning}\n",
    });
    const lines = await run(dir);
    const faults = lines.filter((l) => l.includes(CUSTOM_RULE_ERROR));
    assert.equal(faults.length, 1, lines.join("\n"));
    assert.ok(
      faults[0].startsWith(`error ${CUSTOM_RULE_ERROR} ${path}: the rule "faulty" of the plugin `),
      faults[0],
    );
    assert.match(faults[0], /bad\.ts /);
    assert.match(faults[0], expected);
    assert.match(faults[0], /it was stopped for this document\.$/);
    // The built-in rules ran on.
    assert.ok(lines.some((l) => l.includes("component-unused")), lines.join("\n"));
  });
}

Deno.test("defineRule: fills in the defaults, returns a new object, and refuses a malformed rule", () => {
  const create = () => ({});
  const rule = defineRule({ id: "my-rule", description: "d", create });
  assert.deepEqual(rule, { id: "my-rule", severity: "warning", description: "d", anchor: "", create });
  assert.throws(
    () => defineRule({ id: "x", description: "d", create, versions: ["4.0" as "3.1"] }),
    /TypeError: defineRule: the rule "x": versions must be a list of 2.0, 3.0, 3.1, 3.2\./,
  );
  assert.throws(() => defineRule(null as never), /the rule is not a rule object/);
});

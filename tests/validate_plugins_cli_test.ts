/**
 * `oatool validate` with custom rules, as a process with the binary's permissions: the worked examples of
 * docs/custom-rules.md found through the policy file, a plugin that cannot be loaded is exit 2 with one line
 * naming it (no stack trace), a rule that throws is a `custom-rule-error` finding (exit 1), and a declarative
 * rule's mistake is exit 2 at its line and column.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, spawnOatool } from "./_spawn.ts";

const DOC = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /pets:
    get:
      summary: List pets
      operationId: listPets
      responses:
        "200": {description: ok}
`;

async function project(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-plugins-cli-" });
  for (const [name, text] of Object.entries({ "api.yaml": DOC, ...files })) {
    await Deno.writeTextFile(join(dir, name), text);
  }
  return dir;
}

Deno.test("validate: the policy file's plugins and declarative rules run; exit 1 on their errors", async () => {
  const cwd = await project({
    "oatool.yaml": `plugins: [${ROOT}docs/examples/operation_4xx.ts]\nrules:\n  id-starts-with-get:\n` +
      `    given: "$.paths[*][get,put]"\n    then: {field: operationId, function: pattern, functionOptions: ` +
      `{match: ^get}}\n    severity: error\n    message: "{{property}} of {{path}}: {{error}}"\n`,
  });
  const r = await spawnOatool(["validate", "api.yaml", "--format", "json"], { cwd });
  assert.equal(r.code, 1, r.stderr);
  const rules = JSON.parse(r.stdout).errors.map((f: { rule: string }) => f.rule);
  assert.deepEqual(rules, ["id-starts-with-get", "operation-4xx-response"]);
  assert.match(
    r.stdout,
    /operationId of paths.\/pets.get.operationId: \\"operationId\\" must match the pattern/,
  );
});

Deno.test("validate: a plugin that cannot be loaded is exit 2, one line naming the file, no stack trace", async () => {
  const cwd = await project({
    "rules.ts": `throw new Error("broken plugin");\n`,
    "oatool.yaml": "plugins: [./rules.ts]\n",
  });
  const r = await spawnOatool(["validate", "api.yaml"], { cwd });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr.trim(), "oatool validate: plugin rules.ts: could not be loaded: broken plugin");
});

Deno.test("validate: a plugin rule that throws is a custom-rule-error finding; exit 1", async () => {
  const cwd = await project({
    "rules.ts":
      `export default { id: "boom", description: "d", create: () => ({ operation() { throw 7; } }) };\n`,
    "oatool.yaml": "plugins: [./rules.ts]\n",
  });
  const r = await spawnOatool(["validate", "api.yaml", "--format", "json"], { cwd });
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(
    JSON.parse(r.stdout).errors.map((f: { rule: string; message: string }) => [f.rule, f.message]),
    [[
      "custom-rule-error",
      `the rule "boom" of the plugin rules.ts threw in its "operation" visitor: 7; it was stopped for this document.`,
    ]],
  );
});

Deno.test("validate: a declarative rule's mistake is exit 2 at its line and column", async () => {
  const cwd = await project({
    "oatool.yaml":
      `rules:\n  r:\n    given: "$.paths[*]"\n    then: {function: casing, functionOptions: {type: camel-case}}\n`,
  });
  const r = await spawnOatool(["validate", "api.yaml"], { cwd });
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /^oatool validate: oatool\.yaml:4:48: "camel-case" is not one of flat, camel, pascal/,
  );
});

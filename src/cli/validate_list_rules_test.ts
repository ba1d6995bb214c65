import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "./_test_io.ts";

const EXAMPLES = new URL("../../docs/examples/", import.meta.url).pathname;

Deno.test("validate --list-rules: the built-in rules, then the policy file's declarative and plugin rules", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-list-rules-" });
  try {
    const policy = join(dir, "oatool.yaml");
    await Deno.writeTextFile(
      policy,
      `plugins: [${join(EXAMPLES, "naming_rules.ts")}]
rules:
  operation-summary:
    given: "$.paths[*][get,put,post,delete,patch]"
    then: { field: summary, function: truthy }
    severity: error
    description: Every operation has a summary
`,
    );
    const bare = await run(["validate", "--list-rules"]);
    assert.equal(bare.code, 0, bare.stderr);
    assert.match(bare.stdout, /^ref-resolves +error /m);
    assert.doesNotMatch(bare.stdout, /operation-summary|\(custom\)/);
    const text = await run(["validate", "--list-rules", "--config", policy]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^ref-resolves +error /m);
    assert.match(text.stdout, /^operation-summary +error +Every operation has a summary \(custom\)$/m);
    assert.match(text.stdout, /^operation-id-camel-case +\w+ +.*\(custom\)$/m);
    assert.match(text.stdout, /^schema-name-pascal-case +\w+ +.*\(custom\)$/m);
    const json = JSON.parse(
      (await run(["validate", "--list-rules", "--format", "json", "--config", policy])).stdout,
    );
    const custom = json.filter((r: { custom: boolean }) => r.custom).map((r: { id: string }) => r.id);
    assert.deepEqual(custom.sort(), [
      "operation-id-camel-case",
      "operation-summary",
      "schema-name-pascal-case",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

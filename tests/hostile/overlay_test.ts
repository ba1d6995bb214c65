/**
 * Hostile Overlay documents, run through the CLI with the binary's permissions and a kill bound: copies that
 * double the document again and again, copies that double its depth, and a long list of actions checked for
 * duplicates (the schema's uniqueItems, done in one pass instead of comparing every pair).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

function overlayYaml(actions: string[]): string {
  return `overlay: 1.1.0\ninfo: {title: hostile, version: '1'}\nactions:\n${actions.join("")}`;
}

Deno.test("hostile overlay: copies doubling the document 30 times fail on the node budget", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "spec.json"), JSON.stringify({ a: [1] }));
    const actions = Array.from(
      { length: 30 },
      (_, i) => `  - target: $.a\n    copy: $.a\n    description: double ${i}\n`,
    );
    await Deno.writeTextFile(join(dir, "o.yaml"), overlayYaml(actions));
    const r = await spawnOatool(["overlay", "apply", "-s", "spec.json", "-o", "out.json", "o.yaml"], {
      cwd: dir,
    });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.equal(
      r.stderr.trim(),
      "oatool overlay apply: action [19] would grow the document to about 1048578 values, over the overlay's " +
        "node budget of 1000000 (10 × the values of the document and the overlay, at least 1000000); check " +
        "for copy or update actions that multiply the document.",
    );
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["o.yaml", "spec.json"]);
  });
});

Deno.test("hostile overlay: copies doubling the depth stop at the loader's depth limit", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "spec.json"), JSON.stringify({ leaf: true, a: { leaf: true } }));
    const actions = Array.from(
      { length: 30 },
      (_, i) => `  - target: $..[?@.leaf]\n    copy: $\n    description: deeper ${i}\n`,
    );
    await Deno.writeTextFile(join(dir, "o.yaml"), overlayYaml(actions));
    const r = await spawnOatool(["overlay", "apply", "-s", "spec.json", "o.yaml"], { cwd: dir });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr.trim(),
      /^oatool overlay apply: action \[9\] would nest the document deeper than 1000 levels at \$\['a'\](\['a'\])+\.\.\.(\['a'\])+ \(the value is 513 levels deep\); oatool refuses documents nested that deeply, so target a shallower node or flatten the value\.$/,
    );
  });
});

Deno.test("hostile overlay: 100,000 actions are checked for duplicates in one pass", async () => {
  await withTempDir(async (dir) => {
    const actions = Array.from({ length: 100_000 }, (_, i) => `  - {target: "$.p${i}", remove: true}\n`);
    await Deno.writeTextFile(join(dir, "o.yaml"), overlayYaml([...actions, actions[5]]));
    const r = await spawnOatool(["overlay", "validate", "-q", "o.yaml"], { cwd: dir });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      "Overlay is invalid\nErrors (1):\n  actions[100000]: is identical to actions[5]; actions must be unique " +
        "(uniqueItems), remove the duplicate\n",
    );
  });
});

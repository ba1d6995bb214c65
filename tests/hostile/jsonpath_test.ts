/**
 * Hostile JSONPath in overlay targets, run through the CLI with the binary's permissions and a kill bound:
 * catastrophic regular expressions, oversized repetitions, and `$..*..*` on a deep document.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { treeSize } from "../../src/core/tree_size.ts";
import { spawnOatool, withTempDir } from "../_spawn.ts";

const SPEC = { openapi: "3.1.0", info: { title: "T", version: "1" }, paths: {} };

function overlayYaml(target: string): string {
  return `overlay: 1.1.0\ninfo: {title: hostile, version: '1'}\nactions:\n  - target: ${
    JSON.stringify(target)
  }\n` +
    "    update: {x-hit: true}\n";
}

Deno.test("hostile JSONPath: a catastrophic regex in a filter answers at once (linear-time matching)", async () => {
  await withTempDir(async (dir) => {
    const spec = { ...SPEC, "x-items": [{ s: "a".repeat(50_000) + "!" }, { s: "aaa" }] };
    await Deno.writeTextFile(join(dir, "spec.json"), JSON.stringify(spec));
    await Deno.writeTextFile(join(dir, "o.yaml"), overlayYaml("$['x-items'][?match(@.s, '(a+)+')]"));
    const r = await spawnOatool(["overlay", "apply", "-q", "-s", "spec.json", "o.yaml"], { cwd: dir });
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out["x-items"].map((i: Record<string, unknown>) => i["x-hit"] === true), [false, true]);

    await Deno.writeTextFile(join(dir, "o.yaml"), overlayYaml("$['x-items'][?search(@.s, '(a|aa)+!$')]"));
    const s = await spawnOatool(["overlay", "apply", "-q", "-s", "spec.json", "o.yaml"], { cwd: dir });
    assert.equal(s.killed, false);
    assert.equal(s.code, 0, s.stderr);
    assert.deepEqual(
      JSON.parse(s.stdout)["x-items"].map((i: Record<string, unknown>) => i["x-hit"] === true),
      [true, false],
    );
  });
});

Deno.test("hostile JSONPath: a repetition too large to compile is a clear error", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "spec.json"), JSON.stringify({ ...SPEC, "x-items": [{ s: "a" }] }));
    await Deno.writeTextFile(
      join(dir, "o.yaml"),
      overlayYaml("$['x-items'][?match(@.s, '((a{100}){100}){100}')]"),
    );
    const r = await spawnOatool(["overlay", "apply", "-s", "spec.json", "o.yaml"], { cwd: dir });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.equal(
      r.stderr.trim(),
      // The query is quoted shortened to 40 characters (start and end kept), like every overlay-supplied string.
      `oatool overlay apply: action [0] query "$['x-items'][?match(@.s, '…100}){100}')]": the ` +
        'regular expression "((a{100}){100}){100}" is too large for linear-time ' +
        "matching (its repetitions expand to about 1020201 steps, over the budget of 10000; repetition counts " +
        "may be at most 1000); simplify the pattern.",
    );
  });
});

Deno.test("hostile JSONPath: $..*..* on a deep document fails on the node budget, not on memory", async () => {
  await withTempDir(async (dir) => {
    let deep: Record<string, unknown> = { end: true };
    for (let i = 0; i < 900; i++) deep = { a: 1, b: 2, c: 3, d: 4, next: deep };
    const spec = { ...SPEC, "x-deep": deep };
    await Deno.writeTextFile(join(dir, "spec.json"), JSON.stringify(spec));
    await Deno.writeTextFile(join(dir, "o.yaml"), overlayYaml("$..*..*..*"));
    const r = await spawnOatool(["overlay", "apply", "-s", "spec.json", "o.yaml"], { cwd: dir });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    const values = treeSize(spec).nodes;
    assert.equal(
      r.stderr.trim(),
      `oatool overlay apply: action [0] query "$..*..*..*": selects or visits more than 100000 nodes, over its ` +
        `node budget (10 × the ${values} values of the document, at least 100000); narrow the query, for ` +
        "example with one descendant segment (..) instead of several.",
    );
  });
});

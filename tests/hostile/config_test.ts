/**
 * Hostile policy and baseline files: an alias bomb, control characters in keys and rule ids, a cycle through
 * many files, a baseline of 50,000 entries. Each is refused with a bounded message at its place, or handled in one
 * pass; nothing hangs or prints raw control characters.
 */
import assert from "node:assert/strict";
import { createMemoryReader } from "../../src/core/mod.ts";
import { ConfigError, loadConfig } from "../../src/config/mod.ts";
import { type IgnoreEntry, validate } from "../../src/validator/mod.ts";
import { run } from "../../src/cli/_test_io.ts";

const DOC = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {},
  components: { schemas: { Unused: { type: "string" } } },
});

Deno.test("hostile config: a YAML alias bomb is refused as a parse error of the policy file", async () => {
  let text = 'a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]\n';
  for (let i = 1; i < 12; i++) text += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]\n`;
  const reader = createMemoryReader({ "/p/oatool.yaml": `generate:\n  ${text.replaceAll("\n", "\n  ")}` });
  await assert.rejects(loadConfig("/p/oatool.yaml", { reader }), (e: Error) => {
    assert.ok(e instanceof ConfigError, String(e));
    assert.ok(e.message.length < 4_100);
    return true;
  });
});

Deno.test("hostile config: control characters in an unknown key and a rule id are escaped on the terminal", async () => {
  const reader = createMemoryReader({
    "/p/oatool.yaml": '"rules\\u001b[2J": {}\n',
    "/p/api.json": DOC,
  }, { cwd: "/p" });
  const r = await run(["validate", "api.json"], { reader });
  assert.equal(r.code, 2);
  assert.ok(!r.stderr.includes("\u001b"));
  assert.match(r.stderr, /unknown key "rules\\u001b\[2J"/);
  const flag = await run(["validate", "--skip-rule", "x\u001b[2J\nforged", "api.json"], {
    reader: createMemoryReader({ "/p/api.json": DOC }, { cwd: "/p" }),
  });
  assert.equal(flag.code, 2);
  assert.ok(!flag.stderr.includes("\u001b"));
  assert.equal(flag.stderr.trimEnd().split("\n").length, 1);
});

Deno.test("hostile config: a cycle through many files is refused once, naming the chain", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 6; i++) files[`/p/c${i}.yaml`] = `extends: ./c${(i + 1) % 6}.yaml\n`;
  await assert.rejects(
    loadConfig("/p/c0.yaml", { reader: createMemoryReader(files) }),
    /c0\.yaml extends itself: .*c5\.yaml → .*c0\.yaml/,
  );
});

Deno.test("hostile baseline: 50,000 entries are matched in one pass; all but the real one are stale", async () => {
  const reader = createMemoryReader({ "/p/api.json": DOC });
  const generated = await validate({ file: "/p/api.json" }, { reader, generateBaseline: true });
  const real = generated.baselineEntries!;
  assert.equal(real.length, 1);
  const entries: IgnoreEntry[] = [...real];
  for (let i = 0; i < 50_000; i++) {
    entries.push({ rule: "component-unused", pointer: `/components/schemas/S${i}`, hash: "0123456789ab" });
  }
  const r = await validate({ file: "/p/api.json" }, { reader, baseline: entries });
  assert.equal(r.valid, true);
  assert.equal(r.ignoredCount, 1);
  assert.equal(r.staleBaseline!.length, 50_000);
});

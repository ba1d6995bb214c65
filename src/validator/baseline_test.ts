import assert from "node:assert/strict";
import { join } from "node:path";
import { createDefaultReader, createMemoryReader } from "../core/mod.ts";
import type { IgnoreEntry } from "../config/mod.ts";
import { pruneBaseline, readBaseline, validate, writeBaseline } from "./mod.ts";
import { check, oas3, op } from "./_test_helpers.ts";

/** Two operations sharing an operationId (an error), an unused schema (a warning). */
function doc(): Record<string, unknown> & { paths: Record<string, Record<string, unknown>> } {
  return oas3({
    paths: {
      "/pets": { get: op({ operationId: "listPets" }), post: op({ operationId: "listPets" }) },
      "/users": { get: op({ operationId: "listUsers" }) },
    },
    components: { schemas: { Unused: { type: "string" } } },
  }, "3.0.3") as ReturnType<typeof doc>;
}

const rulesOf = (r: { errors: { rule?: string }[]; warnings: { rule?: string }[] }) =>
  [...r.errors, ...r.warnings].map((f) => f.rule);

Deno.test("baseline: generate, then pass after an unrelated change, fail on a new error, see a fixed one stale", async () => {
  const first = await check(doc(), { generateBaseline: true });
  assert.deepEqual(rulesOf(first), ["operation-id-unique", "component-unused"]);
  const entries = first.baselineEntries!;
  assert.deepEqual(entries.map((e) => [e.rule, e.pointer]), [
    ["operation-id-unique", "/paths/~1pets/post/operationId"],
    ["component-unused", "/components/schemas/Unused"],
  ]);
  for (const e of entries) assert.match(e.hash!, /^[0-9a-f]{12}$/);

  // Every finding accepted.
  const same = await check(doc(), { baseline: entries });
  assert.equal(same.valid, true);
  assert.deepEqual(rulesOf(same), []);
  assert.equal(same.ignoredCount, 2);
  assert.deepEqual(same.staleBaseline, []);

  // An unrelated change (another operation, the info object) keeps every entry.
  const unrelated = doc();
  (unrelated.info as Record<string, unknown>).description = "now described";
  unrelated.paths["/users"].get = op({ operationId: "listUsers", summary: "changed" });
  const after = await check(unrelated, { baseline: entries });
  assert.equal(after.valid, true);
  assert.equal(after.ignoredCount, 2);
  assert.deepEqual(after.staleBaseline, []);

  // A new error fails, and is the only finding reported.
  const worse = doc();
  worse.paths["/users"].post = op({ operationId: "listUsers" });
  const failed = await check(worse, { baseline: entries });
  assert.equal(failed.valid, false);
  assert.deepEqual(failed.errors.map((f) => [f.rule, f.pointer]), [
    ["operation-id-unique", "/paths/~1users/post/operationId"],
  ]);
  assert.deepEqual(failed.warnings, []);

  // Fixing an accepted error leaves its entry stale.
  const fixed = doc();
  fixed.paths["/pets"].post = op({ operationId: "createPet" });
  const better = await check(fixed, { baseline: entries });
  assert.equal(better.valid, true);
  assert.equal(better.ignoredCount, 1);
  assert.deepEqual(better.staleBaseline!.map((e) => e.rule), ["operation-id-unique"]);
});

Deno.test("baseline: a changed node no longer matches its entry (pointer plus hash)", async () => {
  const entries = (await check(doc(), { generateBaseline: true })).baselineEntries!;
  const changed = doc();
  changed.paths["/pets"].post = op({ operationId: "listPets", description: "edited" });
  const r = await check(changed, { baseline: entries });
  // The operationId node is the same value: still accepted.
  assert.equal(r.valid, true);
  const moved = doc();
  (moved.components as { schemas: Record<string, unknown> }).schemas.Unused = { type: "integer" };
  const m = await check(moved, { baseline: entries });
  assert.deepEqual(m.warnings.map((f) => f.rule), ["component-unused"]);
  assert.deepEqual(m.staleBaseline!.map((e) => e.rule), ["component-unused"]);
});

Deno.test("baseline: written and read as a file, stale entries pruned, other files' entries relative", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-baseline-" });
  try {
    const api = join(dir, "api.json");
    await Deno.writeTextFile(api, JSON.stringify(doc()));
    const file = join(dir, "base", "baseline.yaml");
    await Deno.mkdir(join(dir, "base"));
    const entries = (await validate({ file: api }, { generateBaseline: true })).baselineEntries!;
    const other: IgnoreEntry = {
      rule: "ref-resolves",
      file: join(dir, "shared.yaml"),
      pointer: "/x",
      hash: "0123456789ab",
    };
    await writeBaseline(file, [...entries, other]);
    const text = await Deno.readTextFile(file);
    assert.match(
      text,
      /^oatoolBaseline: 1\nignore:\n {2}- rule: operation-id-unique\n {4}pointer: \/paths\/~1pets\/post\/operationId\n/,
    );
    assert.match(text, /file: \.\.\/shared\.yaml/);
    assert.deepEqual((await readBaseline(file, createMemoryReader({ [file]: text }))).at(-1), other);

    const fixed = doc();
    fixed.paths["/pets"].post = op({ operationId: "createPet" });
    await Deno.writeTextFile(api, JSON.stringify(fixed));
    const r = await validate({ file: api }, { baseline: file });
    assert.equal(r.baselineFile, file);
    // The fixed error's entry is stale, and so is the other file's: that finding does not occur either.
    assert.deepEqual(r.staleBaseline!.map((e) => e.rule), ["operation-id-unique", "ref-resolves"]);
    assert.equal(await pruneBaseline(file, r.staleBaseline!, { reader: createDefaultReader() }), 2);
    const again = await validate({ file: api }, { baseline: file });
    assert.deepEqual(again.staleBaseline, []);
    assert.equal(again.ignoredCount, 1);
    assert.equal(again.valid, true);
    assert.doesNotMatch(await Deno.readTextFile(file), /operation-id-unique|ref-resolves/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("baseline: a malformed baseline file is a ConfigError at its line", async () => {
  const reader = createMemoryReader({
    "/b.yaml": "oatoolBaseline: 1\nignore:\n  - rule: x\n    pointer: /a\n",
  });
  await assert.rejects(
    validate({ content: JSON.stringify(doc()) }, { baseline: "/b.yaml", reader }),
    /\/b\.yaml:3:5: the required key "hash" is missing\./,
  );
  const version = createMemoryReader({ "/b.yaml": "oatoolBaseline: 2\nignore: []\n" });
  await assert.rejects(
    validate({ content: JSON.stringify(doc()) }, { baseline: "/b.yaml", reader: version }),
    /\/b\.yaml:1:1: 2 must be 1\./,
  );
});

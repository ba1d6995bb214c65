/**
 * Hostile documents given to `oatool fix`: a generic schema name nested 200,000 deep, 20,000 operations sharing
 * one operationId under a template that always gives the same id, 20,000 schema names that all sanitise to one
 * name, a long reference loop to prune, and a document whose parts have the wrong types. Each run is bounded by
 * a kill and must end with the exact outcome, never a hang, a stack overflow or a stack trace.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

/** The parsed output document, read loosely (each test knows its shape). */
// deno-lint-ignore no-explicit-any
type Loose = any;

async function fixWith(doc: unknown, args: string[]): Promise<{ code: number; stderr: string; doc?: Loose }> {
  return await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "in.json"), JSON.stringify(doc));
    const r = await spawnOatool(["fix", ...args, "-o", "out.json", "in.json"], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    assert.ok(!r.killed, `fix ${args.join(" ")} did not finish`);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    const text = await Deno.readTextFile(join(dir, "out.json")).catch(() => undefined);
    return { code: r.code, stderr: r.stderr, doc: text === undefined ? undefined : JSON.parse(text) };
  });
}

const head = { openapi: "3.0.3", info: { title: "T", version: "1" } };
const ok = { "200": { description: "ok" } };

Deno.test("hostile fix: a generic schema name nested 200,000 deep becomes one valid name", async () => {
  const name = "A[".repeat(200_000) + "B" + "]".repeat(200_000);
  const r = await fixWith({
    ...head,
    paths: {},
    components: {
      schemas: {
        [name]: { type: "object" },
        Use: { $ref: `#/components/schemas/${encodeURIComponent(name)}` },
      },
    },
  }, ["--fix-schema-names", "-q"]);
  const names = Object.keys(r.doc.components.schemas);
  assert.equal(names.length, 2);
  assert.match(names[0], /^A[a-zA-Z0-9._-]+B$/);
  assert.equal(r.doc.components.schemas.Use.$ref, `#/components/schemas/${names[0]}`);
  assert.equal(r.code, 0, r.stderr);
});

Deno.test("hostile fix: 20,000 duplicate operationIds under a constant template are renamed in linear time", async () => {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i++) paths[`/p${i}`] = { get: { operationId: "same", responses: ok } };
  const r = await fixWith({ ...head, paths }, [
    "--fix-duplicate-operationids",
    "--operationid-template",
    "same",
  ]);
  assert.equal(r.code, 0, r.stderr.slice(-500));
  assert.equal(r.doc.paths["/p0"].get.operationId, "same");
  assert.equal(r.doc.paths["/p1"].get.operationId, "same_2");
  assert.equal(r.doc.paths["/p19999"].get.operationId, "same_20000");
  assert.match(r.stderr, /Fixes Applied \(19999\)/);
  assert.match(r.stderr, /Warnings \(19999\)/);
});

Deno.test("hostile fix: 20,000 schema names that sanitise to one name get distinct suffixes", async () => {
  const schemas: Record<string, unknown> = { Pet: {} };
  for (let i = 0; i < 20_000; i++) {
    schemas[`Pet${"/".repeat(1 + (i % 7))}${"#".repeat(1 + Math.floor(i / 7))}`] = {};
  }
  const r = await fixWith({ ...head, paths: {}, components: { schemas } }, ["--fix-schema-names", "-q"]);
  const names = Object.keys(r.doc.components.schemas);
  assert.equal(names.length, 20_001);
  assert.equal(new Set(names).size, 20_001);
  assert.ok(names.every((n) => /^[a-zA-Z0-9._-]+$/.test(n)));
});

Deno.test("hostile fix: a 50,000-long reference chain ending in a loop is pruned without recursion", async () => {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 50_000; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${(i + 1) % 50_000}` };
  const r = await fixWith({ ...head, paths: {}, components: { schemas } }, ["--prune-schemas", "-q"]);
  assert.deepEqual(r.doc.components.schemas, {});
});

Deno.test("hostile fix: parts of the wrong type are left alone and reported, not a crash", async () => {
  const r = await fixWith({
    ...head,
    paths: {
      "/a/{id}": {
        get: { parameters: "nope", responses: ok },
        put: { parameters: [null, 3, { $ref: 7 }], responses: ok },
      },
      "/b": 5,
      "x-ext": { get: {} },
    },
    components: { schemas: null, parameters: [] },
  }, ["--prune-all", "--stub-missing-refs", "--fix-duplicate-operationids", "--fix-schema-names"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /\[missing-path-parameter\] paths\.\/a\/\{id\}\.put\.parameters\[3\]/);
  assert.match(r.stderr, /Remaining Errors \(\d+\):/);
  assert.deepEqual(r.doc.paths["/a/{id}"].get.parameters, "nope");
  assert.equal(r.doc.paths["/b"], 5);
});

/**
 * Hostile `$ref` graphs, run as spawned processes (bounded by a kill, no timing asserted): long chains,
 * expansion bombs, references that nest the resolved document too deep, recursive schemas for semantic
 * deduplication, and pure reference loops. Inputs are generated into a temporary folder.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

type Schemas = Record<string, unknown>;

function doc(schemas: Schemas, entry = "S0"): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "hostile", version: "1" },
    paths: {
      "/a": {
        get: {
          operationId: "a",
          description: "d",
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: `#/components/schemas/${entry}` } } },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

const ref = (i: number) => ({ $ref: `#/components/schemas/S${i}` });

/** S0 → S1 → … → Sn, each nothing but a reference; Sn is a string schema. */
function chain(n: number): string {
  const schemas: Schemas = {};
  for (let i = 0; i < n; i++) schemas[`S${i}`] = ref(i + 1);
  schemas[`S${n}`] = { type: "string" };
  return doc(schemas);
}

async function run(args: string[], dir: string) {
  const r = await spawnOatool(args, { cwd: dir, timeoutMs: 60_000 });
  assert.ok(!r.killed, `oatool ${args.join(" ")} did not finish`);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, "no stack trace");
  return r;
}

Deno.test("hostile refs: parse --resolve-refs follows a 10,000-long chain to its value", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "chain.json"), chain(10_000));
    const r = await run(["parse", "-q", "--resolve-refs", "chain.json"], dir);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.components.schemas.S0, { type: "string" });
    assert.deepEqual(out.components.schemas.S9999, { type: "string" });
    assert.deepEqual(
      out.paths["/a"].get.responses["200"].content["application/json"].schema,
      { type: "string" },
    );
  });
});

Deno.test("hostile refs: an expansion bomb fails fast, naming the expansion budget", async () => {
  await withTempDir(async (dir) => {
    const schemas: Schemas = {};
    for (let i = 0; i < 64; i++) {
      schemas[`S${i}`] = { type: "object", properties: { a: ref(i + 1), b: ref(i + 1) } };
    }
    schemas.S64 = { type: "string" };
    await Deno.writeTextFile(join(dir, "bomb.json"), doc(schemas));
    const r = await run(["parse", "-q", "--resolve-refs", "bomb.json"], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /bomb\.json: resolving its references would make the document hold more than/);
    assert.match(r.stderr, /expansion budget/);
  });
});

Deno.test("hostile refs: a document that would nest too deep once resolved is refused, not overflowed", async () => {
  await withTempDir(async (dir) => {
    // Legal as written (shallow), but each schema nests the next one two levels down once resolved.
    const schemas: Schemas = {};
    for (let i = 0; i < 3000; i++) schemas[`S${i}`] = { type: "object", properties: { next: ref(i + 1) } };
    schemas.S3000 = { type: "string" };
    await Deno.writeTextFile(join(dir, "deep.json"), doc(schemas));
    const r = await run(["parse", "-q", "--resolve-refs", "deep.json"], dir);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /deep\.json: resolving its references would nest the document deeper than 1000 levels/,
    );
  });
});

Deno.test("hostile refs: semantic dedup of a 6,000-schema reference cycle finishes and keeps distinct schemas", async () => {
  await withTempDir(async (dir) => {
    // A ring of schemas, one of them different: every member is distinguishable, which a refinement round
    // per member would take quadratic time to find out.
    const n = 6000;
    const schemas: Schemas = {};
    for (let i = 0; i < n; i++) {
      const s: Record<string, unknown> = { type: "object", properties: { next: ref((i + 1) % n) } };
      if (i === 0) s.required = ["next"];
      schemas[`S${i}`] = s;
    }
    // Two identical two-schema rings: these are duplicates.
    schemas.A1 = { type: "object", properties: { other: { $ref: "#/components/schemas/A2" } } };
    schemas.A2 = { type: "object", properties: { other: { $ref: "#/components/schemas/A1" } } };
    await Deno.writeTextFile(join(dir, "ring.json"), doc(schemas));
    await Deno.writeTextFile(
      join(dir, "small.json"),
      JSON.stringify({ openapi: "3.1.0", info: { title: "s", version: "1" }, paths: {} }),
    );
    const r = await run([
      "join",
      "--no-validate",
      "--semantic-dedup",
      "-o",
      "out.json",
      "ring.json",
      "small.json",
    ], dir);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(await Deno.readTextFile(join(dir, "out.json")));
    const names = Object.keys(out.components.schemas);
    assert.equal(names.length, n + 1);
    assert.ok(names.includes("A1") && !names.includes("A2"));
    assert.deepEqual(out.components.schemas.A1.properties.other, { $ref: "#/components/schemas/A1" });
  });
});

Deno.test("hostile refs: validate reports a pure $ref loop as an error, and a long chain in bounded time", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      join(dir, "loop.json"),
      doc({ A: { $ref: "#/components/schemas/B" }, B: { $ref: "#/components/schemas/A" } }, "A"),
    );
    const loop = await run(["validate", "loop.json"], dir);
    assert.equal(loop.code, 1);
    assert.match(
      loop.stdout + loop.stderr,
      /components\.schemas\.A\.\$ref: reference "#\/components\/schemas\/B" is part of a loop of references that never reaches a value \(#\/components\/schemas\/A → #\/components\/schemas\/B → #\/components\/schemas\/A\)/,
    );
    await Deno.writeTextFile(join(dir, "chain.json"), chain(10_000));
    const long = await run(["validate", "--no-warnings", "chain.json"], dir);
    assert.equal(long.code, 0, long.stdout + long.stderr);
  });
});

/**
 * Long lists: enums of a million values converted (de-duplicated in linear time) and diffed (reported as
 * counts and a bounded sample), a 2.0 enum whose uniqueness the structural check tests in one pass, and results
 * long enough to overflow the stack when spread into a call (`Math.max(...widths)`). Spawned with the binary's
 * permissions, bounded by a kill; the renderers also in-process.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";
import { renderGenerateReport, renderWalkTable } from "../../src/render/mod.ts";
import type { GenerateResult } from "../../src/generator/mod.ts";

const INFO = { title: "t", version: "1" };

async function run(args: string[], dir: string, bound: number) {
  const r = await spawnOatool(args, { cwd: dir, timeoutMs: 60_000 });
  assert.ok(!r.killed, `oatool ${args.join(" ")} did not finish`);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+|internal error/, "no crash");
  assert.ok(r.stdout.length < bound, `stdout of ${r.stdout.length} characters, over ${bound}`);
  assert.ok(r.stderr.length < bound, `stderr of ${r.stderr.length} characters, over ${bound}`);
  return r;
}

/** A 3.0 document whose query parameter and component schema have the enum `values`. */
function enumDoc(values: unknown[]): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: INFO,
    paths: {
      "/a": {
        get: {
          summary: "s",
          parameters: [{ name: "q", in: "query", schema: { type: "string", enum: values } }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
}

Deno.test("hostile lists: convert -t 2.0 de-duplicates a 1,000,000-value parameter enum, keeping order", async () => {
  await withTempDir(async (dir) => {
    // 500,000 distinct values, each twice; a few objects equal in another key order.
    const values: unknown[] = Array.from({ length: 1_000_000 }, (_, i) => `v${i % 500_000}`);
    values.push({ a: 1, b: [2] }, { b: [2], a: 1 });
    await Deno.writeTextFile(join(dir, "a.json"), enumDoc(values));
    const r = await run(["convert", "-t", "2.0", "-o", "b.json", "a.json"], dir, 64 * 1024);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(await Deno.readTextFile(join(dir, "b.json")));
    const e = out.paths["/a"].get.parameters[0].enum as unknown[];
    assert.equal(e.length, 500_001);
    assert.equal(e[0], "v0");
    assert.equal(e[499_999], "v499999");
    assert.deepEqual(e[500_000], { a: 1, b: [2] });
  });
});

Deno.test("hostile lists: a 2.0 document with a 1,000,000-value enum converts to 3.0 and 3.1", async () => {
  await withTempDir(async (dir) => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => `v${i}`);
    await Deno.writeTextFile(
      join(dir, "a.json"),
      JSON.stringify({
        swagger: "2.0",
        info: INFO,
        paths: {
          "/a": {
            get: {
              parameters: [{ name: "q", in: "query", type: "string", enum: values }],
              responses: { "200": { description: "ok" } },
            },
          },
        },
      }),
    );
    for (const target of ["3.0", "3.1"]) {
      const r = await run(["convert", "-t", target, "-o", `b${target}.json`, "a.json"], dir, 64 * 1024);
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(await Deno.readTextFile(join(dir, `b${target}.json`)));
      assert.equal(out.paths["/a"].get.parameters[0].schema.enum.length, 1_000_000);
    }
  });
});

Deno.test("hostile lists: validate of a 2.0 enum of 100,000 values checks uniqueness in one pass", async () => {
  await withTempDir(async (dir) => {
    // The duplicate pair first: ajv's loop, from the last item down, compares every pair before it.
    const values: unknown[] = Array.from({ length: 100_000 }, (_, i) => ({ v: i }));
    values.unshift({ v: 0 });
    await Deno.writeTextFile(
      join(dir, "a.json"),
      JSON.stringify({
        swagger: "2.0",
        info: INFO,
        paths: {},
        definitions: { E: { type: "object", enum: values } },
      }),
    );
    const r = await run(["validate", "a.json"], dir, 64 * 1024);
    assert.equal(r.code, 1);
    assert.ok(
      r.stdout.includes("definitions.E.enum: items 0 and 1 are identical; list each only once."),
    );
  });
});

Deno.test("hostile lists: diff of two 1,000,000-value enums reports counts and a sample", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      join(dir, "old.json"),
      enumDoc(Array.from({ length: 1_000_000 }, (_, i) => `v${i}`)),
    );
    await Deno.writeTextFile(
      join(dir, "new.json"),
      enumDoc(Array.from({ length: 1_000_000 }, (_, i) => `w${i}`)),
    );
    const r = await run(["diff", "--format", "json", "old.json", "new.json"], dir, 64 * 1024);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.totalChanges, 2);
    assert.deepEqual(report.changes.map((c: { id: string; message: string }) => [c.id, c.message]), [
      [
        "request-enum-value-added",
        'schema allows 1,000,000 new values: "w0", "w1", "w2", "w3", "w4", … (the query parameter "q" of GET /a).',
      ],
      [
        "request-enum-value-removed",
        'schema no longer allows 1,000,000 values: "v0", "v1", "v2", "v3", "v4", … (the query parameter "q" of GET /a).',
      ],
    ]);
    const text = await run(["diff", "old.json", "new.json"], dir, 64 * 1024);
    assert.match(
      text.stdout,
      /^\+ paths\.\/a\.get\.parameters\[0\]\.schema: schema allows 1,000,000 new values/,
    );
  });
});

Deno.test("hostile lists: walk prints a table of 200,000 rows (no spread of the rows into Math.max)", async () => {
  await withTempDir(async (dir) => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 200_000; i++) paths[`/p${i}`] = {};
    await Deno.writeTextFile(join(dir, "a.json"), JSON.stringify({ openapi: "3.0.3", info: INFO, paths }));
    const r = await run(["walk", "paths", "--limit", "200000", "a.json"], dir, 10 * 1024 * 1024);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 200_001);
    assert.equal(lines[200_000], "/p199999  -        no       -");
  });
});

Deno.test("hostile lists: the walk and generate reports take 300,000 rows and long cells", () => {
  const n = 300_000;
  const items = Array.from({ length: n }, (_, i) => ({
    path: i === 0 ? "/" + "x".repeat(100_000) : `/p${i}`,
    webhook: false,
    methods: [],
    location: "",
    pointer: "",
  }));
  const table = renderWalkTable({
    kind: "paths",
    total: n,
    matched: n,
    returned: n,
    offset: 0,
    limit: n,
    items,
  });
  assert.equal(table.split("\n")[1].length, 400 + "  -        no       -".length);
  const files = Array.from({ length: n }, (_, i) => ({ name: `f${i}.go`, content: "" }));
  const report = renderGenerateReport(
    {
      source: "a.json",
      version: "3.0.3",
      sizeBytes: 1,
      stats: { pathCount: 0, operationCount: 0, schemaCount: 0 },
      loadTimeMs: 0,
      generateTimeMs: 0,
      packageName: "api",
      types: 0,
      operations: 0,
      issues: [],
      files,
    } as unknown as GenerateResult,
    { toolVersion: "0", outputDir: "out" },
  );
  assert.ok(report.includes(`\nFiles (300000):\n  f0.go       0 B\n`));
});

Deno.test("hostile lists: join merges 50,000 servers per document in linear time, each once", async () => {
  await withTempDir(async (dir) => {
    const servers = (from: number) =>
      Array.from({ length: 50_000 }, (_, i) => ({ url: `https://s${from + i}.example.com` }));
    const api = (name: string, from: number) =>
      JSON.stringify({ openapi: "3.0.3", info: INFO, servers: servers(from), paths: { [`/${name}`]: {} } });
    await Deno.writeTextFile(join(dir, "a.json"), api("a", 0));
    await Deno.writeTextFile(join(dir, "b.json"), api("b", 25_000));
    const r = await run(["join", "--no-validate", "-o", "out.json", "a.json", "b.json"], dir, 64 * 1024);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(await Deno.readTextFile(join(dir, "out.json")));
    assert.equal(out.servers.length, 75_000);
    assert.equal(out.servers[74_999].url, "https://s74999.example.com");
  });
});

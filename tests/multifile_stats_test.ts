/**
 * Statistics of multi-file specifications (paths in files, schemas in files, 3.0 and 3.1): validate, parse and
 * walk (CLI in-process) and the tool server's parse and walk tools (in-process) report what the whole document
 * set defines, which is what its bundled document holds (`bundle()` counted by `computeStats`).
 */
import assert from "node:assert/strict";
import { bundle } from "../src/bundler/mod.ts";
import { computeStats, type DocumentStats, loadDocument } from "../src/core/mod.ts";
import { run } from "../src/cli/_test_io.ts";
import { connect } from "../src/mcp/_test_client.ts";
import { validate } from "../src/validator/mod.ts";
import { parse } from "../src/bundler/parse.ts";

const DIR = "testdata/multifile_stats";

/** Each fixture with the counts of its bundled document, pinned. */
const CASES: { name: string; file: string; expected: DocumentStats }[] = [
  {
    name: "3.0: Path Items and schemas in files, a pointer into a file's components",
    file: `${DIR}/v30/openapi.yaml`,
    expected: { pathCount: 3, operationCount: 5, schemaCount: 4, webhookCount: 0 },
  },
  {
    name: "3.1: Path Items in files (under paths, a webhook, a component), a $defs pointer, a chain of files",
    file: `${DIR}/v31/openapi.yaml`,
    expected: { pathCount: 2, operationCount: 4, schemaCount: 3, webhookCount: 1 },
  },
];

async function bundledStats(file: string): Promise<DocumentStats> {
  const parsed = await loadDocument(file);
  const bundled = await bundle(parsed);
  return computeStats(bundled.document, parsed.oasVersion);
}

/** The statistic lines of a report header (stderr). */
function headerCounts(stderr: string): { paths: number; operations: number; schemas: number } {
  const count = (label: string) => {
    const m = stderr.match(new RegExp(`\\n${label}: (\\d+)\\n`));
    assert.ok(m, `no "${label}:" line in:\n${stderr}`);
    return Number(m[1]);
  };
  return { paths: count("Paths"), operations: count("Operations"), schemas: count("Schemas") };
}

for (const c of CASES) {
  Deno.test(`multi-file stats: validate and parse, library and CLI, count the set (${c.name})`, async () => {
    const expected = await bundledStats(c.file);
    assert.deepEqual(expected, c.expected);
    assert.deepEqual((await validate(c.file)).stats, expected);
    assert.deepEqual((await parse(c.file)).stats, expected);
    const header = {
      paths: expected.pathCount,
      operations: expected.operationCount,
      schemas: expected.schemaCount,
    };
    const v = await run(["validate", c.file]);
    assert.equal(v.code, 0, v.stderr);
    assert.deepEqual(headerCounts(v.stderr), header);
    const p = await run(["parse", c.file]);
    assert.equal(p.code, 0, p.stderr);
    assert.deepEqual(headerCounts(p.stderr), header);
  });

  Deno.test(`multi-file stats: walk lists what the files define (${c.name})`, async () => {
    const expected = await bundledStats(c.file);
    const ops = await run(["walk", "operations", "-q", c.file]);
    assert.equal(ops.code, 0, ops.stderr);
    assert.equal(ops.stdout.split("\n").filter((l) => l !== "").length, expected.operationCount);
    // Components: the root's, and every schema a reference leads to in another file (the bundle lifts them).
    const schemas = await run(["walk", "schemas", "-q", "--component", c.file]);
    assert.equal(schemas.code, 0, schemas.stderr);
    assert.equal(schemas.stdout.split("\n").filter((l) => l !== "").length, expected.schemaCount);
    const paths = await run(["walk", "paths", "-q", c.file]);
    assert.equal(
      paths.stdout.split("\n").filter((l) => l !== "").length,
      expected.pathCount + expected.webhookCount,
    );
  });

  Deno.test(`multi-file stats: the MCP parse and walk tools count the set (${c.name})`, async () => {
    const expected = await bundledStats(c.file);
    const s = await connect();
    try {
      const spec = { file: c.file };
      const parsed = await s.call("parse", { spec });
      assert.equal(parsed.isError, false, parsed.text);
      const summary = parsed.structured?.summary as Record<string, number>;
      assert.deepEqual(
        [summary.path_count, summary.operation_count, summary.schema_count],
        [expected.pathCount, expected.operationCount, expected.schemaCount],
      );
      const ops = await s.call("walk_operations", { spec });
      assert.equal(ops.isError, false, ops.text);
      assert.equal(ops.structured?.total, expected.operationCount);
      const schemas = await s.call("walk_schemas", { spec, component: true });
      assert.equal(schemas.isError, false, schemas.text);
      assert.equal(schemas.structured?.matched, expected.schemaCount);
    } finally {
      await s.close();
    }
  });
}

Deno.test("multi-file stats: walk places items of referenced files in their file and under the path using them", async () => {
  const file = `${DIR}/v30/openapi.yaml`;
  const r = await run(["walk", "responses", "-q", "--status", "default", file]);
  assert.equal(r.code, 0, r.stderr);
  // The response referenced from paths/pets.yaml is listed under GET /pets, and its target as a component.
  assert.deepEqual(r.stdout.split("\n").filter((l) => l !== "").map((l) => l.split("\t").slice(0, 3)), [
    ["default", "GET", "/pets"],
  ]);
  const s = await run(["walk", "schemas", "-q", "--name", "owner", file]);
  assert.match(s.stdout, /testdata\/multifile_stats\/v30\/schemas\/owner\.yaml#/);
});

Deno.test("multi-file stats: the fix and convert banners count the set", async () => {
  const file = `${DIR}/v30/openapi.yaml`;
  const expected = await bundledStats(file);
  const header = {
    paths: expected.pathCount,
    operations: expected.operationCount,
    schemas: expected.schemaCount,
  };
  const dir = await Deno.makeTempDir();
  try {
    const f = await run(["fix", "-o", `${dir}/fixed.yaml`, file]);
    assert.equal(f.code, 0, f.stderr);
    assert.deepEqual(headerCounts(f.stderr), header);
    const c = await run(["convert", "--target", "3.1", "-o", `${dir}/converted.yaml`, file]);
    assert.equal(c.code, 0, c.stderr);
    assert.deepEqual(headerCounts(c.stderr), header);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * Every message and every report is bounded: a small document with 5,000 undeclared path parameters (a path of
 * 39 KB repeated by every finding), a loop of 5,000 references, 12,000 generation or conversion issues, or an
 * operationId of a million characters makes reports of a bounded size, in every format, with the counts of
 * every finding and a count of what was left out. Spawned with the binary's permissions, bounded by a kill.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";
import { pathParamsDocument } from "../../scripts/make_spec.ts";

const INFO = { title: "t", version: "1" };
const LIMITS = "(a report shows at most 10 per rule and place, 10,000 in all, 5 MB of text)";

/** The document of {@link pathParamsDocument} as JSON text. */
function manyParams(n: number, declared: boolean): string {
  return JSON.stringify(pathParamsDocument(n, declared));
}

async function run(args: string[], dir: string, bound: number) {
  const r = await spawnOatool(args, { cwd: dir, timeoutMs: 60_000 });
  assert.ok(!r.killed, `oatool ${args.join(" ")} did not finish`);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, "no stack trace");
  assert.ok(r.stdout.length < bound, `stdout of ${r.stdout.length} characters, over ${bound}`);
  assert.ok(r.stderr.length < bound, `stderr of ${r.stderr.length} characters, over ${bound}`);
  return r;
}

Deno.test("hostile messages: validate of 5,000 undeclared path parameters is bounded in every format", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.json"), manyParams(5_000, false));
    const text = await run(["validate", "a.json"], dir, 256 * 1024);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^Errors \(5000\):\n/);
    assert.match(
      text.stdout,
      new RegExp(`\\n  … and 4,990 more errors ${escape(LIMITS)}\\n\\nWarnings \\(0\\)\\n`),
    );
    assert.match(text.stdout, /✗ a\.json is invalid \(5000 errors, 0 warnings\)\.\n$/);
    assert.equal(text.stdout.match(/\[path-params\]/g)?.length, 10);
    // A quoted path keeps its start and end around "…".
    assert.match(text.stdout, /the path "\/\{p0\}\/\{p1\}\/[^"]*…[^"]*\/\{p4999\}" has the parameter \{p9\}/);

    const json = JSON.parse((await run(["validate", "--format", "json", "a.json"], dir, 256 * 1024)).stdout);
    assert.equal(json.errorCount, 5000);
    assert.equal(json.errors.length, 10);
    assert.equal(json.errorsOmitted, 4990);
    assert.equal(
      json.omittedNote,
      "the report lists at most 10 per rule and place, 10,000 in all, 5 MB of text of the errors and warnings together",
    );
    for (const e of json.errors) {
      assert.ok(e.pointer.length <= 8192 && e.path.length <= 8192 && e.message.length <= 1000);
    }

    const sarif = JSON.parse(
      (await run(["validate", "--format", "sarif", "a.json"], dir, 256 * 1024)).stdout,
    );
    assert.equal(sarif.runs[0].results.length, 10);
    assert.equal(sarif.runs[0].properties.resultsOmitted, 4990);

    const github = await run(["validate", "--format", "github", "a.json"], dir, 256 * 1024);
    const lines = github.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 11);
    assert.equal(lines[10], `::notice title=oatool::… and 4,990 more findings ${LIMITS}`);
  });
});

Deno.test("hostile messages: a loop of 5,000 references is named by its first members and its length", async () => {
  await withTempDir(async (dir) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 5_000; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${(i + 1) % 5_000}` };
    await Deno.writeTextFile(
      join(dir, "a.json"),
      JSON.stringify({ openapi: "3.0.3", info: INFO, paths: {}, components: { schemas } }),
    );
    const r = await run(["validate", "a.json"], dir, 4 * 1024 * 1024);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^Errors \(5000\):\n/);
    // Each member's finding names the loop in a few hundred characters, so all 5,000 are listed.
    assert.equal(
      r.stdout.match(/\(a loop of 5,000 references: #\/components\/schemas\/S\d+ → /g)?.length,
      5000,
    );
    assert.ok(
      r.stdout.includes(
        `  ✗ components.schemas.S0.$ref: reference "#/components/schemas/S1" is part of a loop of references that never reaches a value (a loop of 5,000 references: #/components/schemas/S0 → #/components/schemas/S1 → #/components/schemas/S2 → #/components/schemas/S3 → #/components/schemas/S4 → … (5,000 members)); make one of them a value. [ref-resolves]\n`,
      ),
    );
    assert.doesNotMatch(r.stdout, /… and \d+ more/);
  });
});

Deno.test("hostile messages: diff and fix of 5,000 path parameters at a 39 KB path list 5 MB and count the rest", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "old.json"), manyParams(5_000, true));
    await Deno.writeTextFile(join(dir, "new.json"), manyParams(5_000, false));
    const json = JSON.parse(
      (await run(["diff", "--format", "json", "old.json", "new.json"], dir, 8 * 1024 * 1024)).stdout,
    );
    assert.equal(json.totalChanges, 5000);
    assert.equal(json.warningCount, 5000);
    // Each change shows its path and pointer shortened to 8,192 characters: 298 fit in the 5 MB of text.
    assert.equal(json.changes.length, 298);
    assert.equal(json.changesOmitted, 4702);
    for (const c of json.changes) {
      assert.ok(c.pointer.length <= 8192 && c.message.length <= 1000 && c.endpoint.length <= 400, c.pointer);
    }
    const yaml = await run(["diff", "--format", "yaml", "old.json", "new.json"], dir, 8 * 1024 * 1024);
    assert.match(yaml.stdout, /\nchangesOmitted: 4702\n/);
    for (const format of ["text", "markdown", "junit", "github"]) {
      const r = await run(["diff", "--format", format, "old.json", "new.json"], dir, 8 * 1024 * 1024);
      assert.ok(r.stdout.includes(`… and 4,702 more changes ${LIMITS}`), format);
    }

    const fix = await run(["fix", "-o", "fixed.json", "new.json"], dir, 4 * 1024 * 1024);
    assert.equal(fix.code, 0, fix.stderr);
    assert.match(fix.stderr, /\nFixes Applied \(5000\):\n/);
    assert.ok(fix.stderr.includes(`\n  … and 4,688 more fixes ${LIMITS}\n`));
    assert.equal(
      JSON.parse(await Deno.readTextFile(join(dir, "fixed.json")))
        .paths[Object.keys(JSON.parse(await Deno.readTextFile(join(dir, "new.json"))).paths)[0]].get
        .parameters.length,
      5000,
    );
  });
});

Deno.test("hostile messages: 12,000 generation and conversion issues are listed up to the bound of 10,000", async () => {
  await withTempDir(async (dir) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 12_000; i++) {
      schemas[`S${i}`] = { type: "object", properties: { v: { type: ["string", "integer"] } } };
    }
    await Deno.writeTextFile(
      join(dir, "a.json"),
      JSON.stringify({ openapi: "3.1.0", info: INFO, paths: {}, components: { schemas } }),
    );
    const gen = await run(["generate", "-o", "out", "a.json"], dir, 4 * 1024 * 1024);
    assert.equal(gen.code, 0, gen.stderr);
    assert.match(gen.stdout, /\nGeneration Issues \(12000\):\n/);
    assert.ok(gen.stdout.includes(`\n  … and 2,000 more issues ${LIMITS}\n`));
    const conv = await run(["convert", "-t", "3.0", "-o", "b.json", "a.json"], dir, 4 * 1024 * 1024);
    assert.equal(conv.code, 0, conv.stderr);
    assert.ok(conv.stderr.includes(`\n  … and 2,000 more issues ${LIMITS}\n`));
    assert.match(conv.stderr, /\(0 critical, 12000 warnings, 0 info\)\.\n$/);
  });
});

Deno.test("hostile messages: an operationId of a million characters is quoted shortened", async () => {
  await withTempDir(async (dir) => {
    const id = "op" + "x".repeat(1_000_000);
    const op = (n: number) => ({
      get: { operationId: id, summary: `s${n}`, responses: { "200": { description: "ok" } } },
    });
    await Deno.writeTextFile(
      join(dir, "a.json"),
      JSON.stringify({ openapi: "3.0.3", info: INFO, paths: { "/a": op(1), "/b": op(2), "/c": op(3) } }),
    );
    const r = await run(["validate", "a.json"], dir, 16 * 1024);
    assert.equal(r.code, 1);
    const unique = r.stdout.split("\n").filter((l) => l.includes("[operation-id-unique]"));
    assert.equal(unique.length, 2);
    for (const line of unique) assert.match(line, /"opxxxxx+…x+"/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

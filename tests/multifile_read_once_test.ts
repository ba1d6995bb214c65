/**
 * A multi-file specification is read once per library call: validate (its rules, structural checks and
 * statistics) and parse (its statistics, and `resolveRefs`) load one document set and bundle or resolve that
 * set, never reading a file a second time.
 */
import assert from "node:assert/strict";
import { countingReader } from "../src/mcp/_test_client.ts";
import { validate } from "../src/validator/mod.ts";
import { parse } from "../src/bundler/parse.ts";
import { bundle } from "../src/bundler/mod.ts";
import { loadDocumentSet } from "../src/io/document_set.ts";

const FIXTURE = "testdata/multifile_stats/v31";
/** The root and the five files it reaches (Path Items under paths, a webhook and a component; a chain). */
const SET_SIZE = 6;
const STATS = { pathCount: 2, operationCount: 4, schemaCount: 3, webhookCount: 1 };

/** The files read more than once, with their counts; and how many files were read. */
function rereads(reads: readonly string[]): { twice: [string, number][]; files: number } {
  const counts = new Map<string, number>();
  for (const path of reads) counts.set(path, (counts.get(path) ?? 0) + 1);
  return { twice: [...counts].filter(([, n]) => n > 1), files: counts.size };
}

Deno.test("multi-file validate reads each file of the set once (rules, structure and statistics)", async () => {
  const root = `${await Deno.realPath(FIXTURE)}/openapi.yaml`;
  const reader = countingReader(Deno.cwd());
  const r = await validate(root, { reader, sourceMap: true });
  assert.deepEqual(r.stats, STATS);
  assert.deepEqual(rereads(reader.reads), { twice: [], files: SET_SIZE });
});

Deno.test("multi-file parse reads each file of the set once, also resolving its references", async () => {
  const root = `${await Deno.realPath(FIXTURE)}/openapi.yaml`;
  for (const resolveRefs of [false, true]) {
    const reader = countingReader(Deno.cwd());
    const r = await parse(root, { reader, resolveRefs });
    assert.deepEqual(r.stats, STATS);
    assert.deepEqual(rereads(reader.reads), { twice: [], files: SET_SIZE }, `resolveRefs: ${resolveRefs}`);
  }
});

Deno.test("validate and bundle of a document set already loaded read nothing, and report as for its file", async () => {
  const root = `${await Deno.realPath(FIXTURE)}/openapi.yaml`;
  const reader = countingReader(Deno.cwd());
  const set = await loadDocumentSet(root, { reader });
  assert.deepEqual(rereads(reader.reads), { twice: [], files: SET_SIZE });
  const fromSet = await validate(set, { sourceMap: true });
  const bundled = await bundle(set);
  assert.equal(reader.reads.length, SET_SIZE);
  const fromFile = await validate(root, { sourceMap: true });
  assert.deepEqual([fromSet.errors, fromSet.warnings, fromSet.stats], [
    fromFile.errors,
    fromFile.warnings,
    fromFile.stats,
  ]);
  assert.deepEqual(bundled.stats, STATS);
  assert.deepEqual(fromSet.stats, STATS);
});

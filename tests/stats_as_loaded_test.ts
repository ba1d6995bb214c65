/**
 * A loaded document's statistics are counted on first read, yet they are those of the document as loaded: the
 * verbs that change a loaded document in place (fix, convert) have them counted before they change it.
 */
import assert from "node:assert/strict";
import { convert, fix, loadDocument } from "../mod.ts";

const PETSTORE_32 = "testdata/petstore/petstore-3.2.yaml";

Deno.test("fix in place leaves the loaded document's statistics as loaded", async () => {
  const parsed = await loadDocument({
    content:
      'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents: {schemas: {A: {}, B: {}}}\n',
  });
  const result = await fix(parsed, { inPlace: true, pruneSchemas: true });
  assert.deepEqual(result.document, parsed.document); // changed in place: both schemas pruned
  assert.deepEqual(result.fixes.map((f) => f.rule), ["prune-schema", "prune-schema"]);
  assert.equal(parsed.stats.schemaCount, 2);
});

Deno.test("convert reports the statistics of its input as loaded, also when it converts in place", async () => {
  const loaded = await loadDocument(PETSTORE_32);
  const expected = { ...loaded.stats };
  assert.equal(expected.operationCount, 6); // query and additionalOperations count in 3.2
  const fromFile = await convert(PETSTORE_32, { target: "3.1" });
  assert.deepEqual(fromFile.stats, expected);
  const parsed = await loadDocument(PETSTORE_32);
  const inPlace = await convert(parsed, { target: "3.1", inPlace: true });
  assert.deepEqual([inPlace.stats, parsed.stats], [expected, expected]);
});

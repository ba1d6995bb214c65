import assert from "node:assert/strict";
import { createMemoryReader } from "./memory_reader.ts";
import { documentChanged, documentSetDerived, loadDocumentSet } from "./document_set.ts";
import { loadDocument } from "./load.ts";

const FILES = {
  "/api/openapi.yaml": 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a: {$ref: paths/a.json}\n',
  "/api/paths/a.json": '{"get": {"responses": {"200": {"$ref": "../common.yaml#/ok"}}}}',
  "/api/common.yaml": "ok: {description: ok}\n",
};

Deno.test("loadDocumentSet: the root and every file it reaches, once each, with text, format and one index", async () => {
  const reader = createMemoryReader(FILES);
  const set = await loadDocumentSet("/api/openapi.yaml", { reader });
  assert.deepEqual(
    set.files.map((f) => [f.key, f.root, f.format, f.text === FILES[f.key as keyof typeof FILES]]),
    [
      ["/api/openapi.yaml", true, "yaml", true],
      ["/api/paths/a.json", false, "json", true],
      ["/api/common.yaml", false, "yaml", true],
    ],
  );
  assert.equal(set.root.version, "3.1.0");
  assert.equal(set.index.follow("../common.yaml#/ok", "/api/paths/a.json").ok, true);
  assert.ok(set.readSet !== undefined);
  // A loaded document is taken as it is (no second load).
  const parsed = await loadDocument("/api/openapi.yaml", { reader });
  const again = await loadDocumentSet(parsed, { reader });
  assert.equal(again.root, parsed);
  assert.equal(again.files.length, 3);
});

Deno.test("loadDocumentSet: a file that cannot be read is recorded in the index, not thrown", async () => {
  const reader = createMemoryReader({ "/api/openapi.yaml": FILES["/api/openapi.yaml"] });
  const set = await loadDocumentSet("/api/openapi.yaml", { reader });
  assert.equal(set.files.length, 1);
  const r = set.index.resolve("paths/a.json");
  assert.equal(r.ok, false);
});

/** A memory reader over {@link FILES} that counts the reads of each file. */
function counting(): { reader: ReturnType<typeof createMemoryReader>; reads: string[] } {
  const inner = createMemoryReader(FILES);
  const reads: string[] = [];
  return {
    reads,
    reader: {
      ...inner,
      readFile(path, options) {
        reads.push(path);
        return inner.readFile(path, options);
      },
    },
  };
}

Deno.test("loadDocumentSet: a parse result's set is loaded once; a set is taken as it is; lenient is a view", async () => {
  const { reader, reads } = counting();
  const parsed = await loadDocument("/api/openapi.yaml", { reader });
  const set = await loadDocumentSet(parsed, { reader });
  assert.equal(reads.length, 3);
  assert.equal(await loadDocumentSet(parsed, { reader }), set); // the same parse result: the same set
  assert.equal(await loadDocumentSet(set), set);
  const strict = await loadDocumentSet(parsed, { reader, lenient: false });
  assert.equal(strict.files, set.files);
  assert.notEqual(strict.index, set.index);
  assert.equal(strict.index.follow("../common.yaml#/ok", "/api/paths/a.json").ok, true);
  assert.equal(reads.length, 3); // nothing read again
  // Another reader loads anew (its files may differ).
  assert.notEqual(await loadDocumentSet(parsed, { reader: createMemoryReader(FILES) }), set);
});

Deno.test("loadDocumentSet: a document changed in place is resolved anew; a derived root keeps the files", async () => {
  const { reader, reads } = counting();
  const parsed = await loadDocument("/api/openapi.yaml", { reader });
  const set = await loadDocumentSet(parsed, { reader });
  assert.equal(set.index.resolve("#/components/schemas/A").ok, false);
  (parsed.document as Record<string, unknown>).components = { schemas: { A: { type: "string" } } };
  documentChanged(parsed);
  assert.equal((await loadDocumentSet(parsed, { reader })).index.resolve("#/components/schemas/A").ok, true);
  const next = { ...parsed, document: structuredClone(parsed.document) };
  documentSetDerived(next, parsed);
  const derived = await loadDocumentSet(next, { reader });
  assert.equal(derived.root, next);
  assert.equal(derived.index.document(derived.index.rootKey)?.data, next.document);
  assert.equal(derived.index.follow("../common.yaml#/ok", "/api/paths/a.json").ok, true);
  assert.equal(reads.length, 3);
});

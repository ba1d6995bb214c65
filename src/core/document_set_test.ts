import assert from "node:assert/strict";
import { createMemoryReader } from "./memory_reader.ts";
import { loadDocumentSet } from "./document_set.ts";
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

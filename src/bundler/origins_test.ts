import assert from "node:assert/strict";
import { createMemoryReader } from "../core/mod.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import { bundle, bundledDocumentSet } from "./mod.ts";

const ROOT = new URL("../../testdata/multifile/oas30/openapi.yaml", import.meta.url).pathname;

/** An origin as [file, pointer], or undefined. */
function where(origin: { file: string; pointer: string } | undefined): [string, string] | undefined {
  return origin === undefined ? undefined : [origin.file, origin.pointer];
}

Deno.test("bundle origins: each part copied from a file maps back to it, a place under it by its longest copied prefix", async () => {
  const r = await bundle(ROOT, { sourceMap: true });
  const o = r.origins;
  // Components added, a Path Item inlined, a root component filled from its file, a fragment of a file.
  assert.deepEqual(where(o("/components/schemas/Owner/properties/name")), [
    "schemas/owner.json",
    "/properties/name",
  ]);
  assert.deepEqual(where(o("/paths/~1pets/get/responses/200")), ["paths/pets.yaml", "/get/responses/200"]);
  assert.deepEqual(where(o("#/components/schemas/Pet")), ["schemas/pet.yaml", ""]);
  assert.deepEqual(where(o("/components/schemas/Pet_2/properties")), ["legacy/pet.yaml", "/properties"]);
  assert.deepEqual(where(o(["components", "schemas", "Error_2", "properties", "code"])), [
    "common.yaml",
    "/components/schemas/Error/properties/code",
  ]);
  // A place the file lacks (a removal) still maps through its prefix.
  assert.deepEqual(where(o("/paths/~1pets~1{id}/get/responses/409")), [
    "paths/pet.yaml",
    "/get/responses/409",
  ]);
  // The root's own places have none; a malformed pointer has none.
  for (const p of ["", "/info", "/components/schemas/Error/properties", "/paths", "x"]) {
    assert.equal(o(p), undefined, p);
  }
  // Array indices are numbers in the segments (as in every path), and positions are in the file's text.
  const param = o("/paths/~1pets~1{id}/parameters/0")!;
  assert.deepEqual([param.file, param.segments], ["paths/pet.yaml", ["parameters", 0]]);
  const code = o("/components/schemas/Error_2/properties/code")!.position()!;
  assert.deepEqual([code.file.endsWith("testdata/multifile/oas30/common.yaml"), code.line, code.column], [
    true,
    20,
    9,
  ]);
  // The set of the bundle carries them; a set of one file has none.
  const one = await bundledDocumentSet(await loadDocumentSet(ROOT));
  assert.deepEqual(where(one.origins?.("/components/schemas/Owner")), ["schemas/owner.json", ""]);
  const alone = await loadDocumentSet({
    content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}',
  });
  assert.equal((await bundledDocumentSet(alone)).origins, undefined);
});

Deno.test("bundle origins: a Reference Object's siblings belong to the file that held it", async () => {
  const reader = createMemoryReader({
    "/api/openapi.yaml": 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n' +
      "  /a: {$ref: paths/a.yaml}\n  /b: {$ref: paths/a.yaml, description: from the root}\n",
    "/api/paths/a.yaml": "get:\n  responses: {'200': {description: ok}}\n" +
      "  externalDocs: {$ref: '../docs.yaml#/ext', description: from a}\n",
    "/api/docs.yaml": "ext: {url: 'https://example.com', x-more: {a: 1}}\n",
  });
  const { origins: o } = await bundle("/api/openapi.yaml", { reader });
  assert.deepEqual(where(o("/paths/~1a/get/externalDocs/x-more/a")), ["docs.yaml", "/ext/x-more/a"]);
  assert.deepEqual(where(o("/paths/~1a/get/externalDocs/description")), [
    "paths/a.yaml",
    "/get/externalDocs/description",
  ]);
  assert.deepEqual(where(o("/paths/~1b/get")), ["paths/a.yaml", "/get"]);
  assert.equal(o("/paths/~1b/description"), undefined);
});

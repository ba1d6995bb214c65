import assert from "node:assert/strict";
import { generate, type GenerateOptions, type GenerateResult } from "./generate.ts";
import { bundle } from "../bundler/mod.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import { EVERY_EXTENSION, fixture } from "./_ext_test_util.ts";

/** The generated files and issues, as compared. */
function output(r: GenerateResult): unknown {
  return {
    files: r.files.map((f) => [f.name, f.content]),
    issues: r.issues.map((i) => [i.severity, i.path, i.message]),
    types: r.types,
    operations: r.operations,
  };
}

const ROOTS = [
  "multifile/oas20/swagger.json",
  "multifile/oas30/openapi.yaml",
  "multifile/oas31/openapi.yaml",
  "multifile/oas32/openapi.yaml",
];
// The embedded document is the input's text: a bundle given as text embeds that text, so it is left out here.
const OPTION_SETS: GenerateOptions[] = [
  { client: true, server: true },
  { ...EVERY_EXTENSION, serverEmbedSpec: false },
];

for (const root of ROOTS) {
  Deno.test(`generate: the multi-file ${root} gives the Go code of its bundle`, async () => {
    const path = fixture(root);
    const bundled = await bundle(path);
    assert.ok(bundled.fileCount > 1, "the fixture reaches other files");
    for (const options of OPTION_SETS) {
      const fromFiles = await generate(path, options);
      const fromBundle = await generate({ content: JSON.stringify(bundled.document), name: path }, options);
      assert.ok(fromFiles.operations > 0 && fromFiles.types > 0, `${root}: operations and types generated`);
      assert.deepEqual(output(fromFiles), output(fromBundle), root);
      assert.deepEqual(fromFiles.stats, bundled.stats, `${root}: the counts are the whole set's`);
    }
  });
}

Deno.test("generate: a document set already loaded is used as it is (and gives what its root gives)", async () => {
  const path = fixture("multifile/oas30/openapi.yaml");
  const set = await loadDocumentSet(path);
  const options = { client: true, server: true };
  const fromSet = await generate(set, options);
  assert.deepEqual(output(fromSet), output(await generate(path, options)));
  assert.deepEqual(output(await generate(set.root, options)), output(fromSet));
});

Deno.test("generate: a Path Item referenced from two paths gives its operations at each, as written inline", async () => {
  const item = {
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    get: { operationId: "getThing", responses: { "200": { description: "OK" } } },
  };
  const doc = (paths: Record<string, unknown>, pathItems?: Record<string, unknown>) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths,
      webhooks: { hook: { $ref: "#/components/pathItems/Thing" } },
      ...(pathItems ? { components: { pathItems } } : {}),
    });
  const options = { client: true, server: true, noReadme: true };
  const referenced = await generate({
    content: doc({
      "/a/{id}": { $ref: "#/components/pathItems/Thing" },
      "/b/{id}": { $ref: "#/components/pathItems/Thing" },
    }, { Thing: item }),
  }, options);
  const inline = await generate({
    content: doc({ "/a/{id}": item, "/b/{id}": structuredClone(item) }, { Thing: item }),
  }, options);
  assert.equal(referenced.operations, 2); // the webhook's operation is not one of the API's
  assert.deepEqual(output(referenced), output(inline));
});

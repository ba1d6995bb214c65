import assert from "node:assert/strict";
import { createMemoryReader } from "../core/mod.ts";
import { bundle } from "./mod.ts";

const HEAD = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\n';

Deno.test("bundle: discriminator mapping values that name files become references to the components", async () => {
  const reader = createMemoryReader({
    "/api/openapi.yaml": HEAD + "paths: {}\ncomponents:\n  schemas:\n    Pet:\n" +
      "      oneOf: [{$ref: schemas/dog.yaml}, {$ref: schemas/cat.yaml}]\n" +
      "      discriminator:\n        propertyName: kind\n" +
      "        mapping: {dog: schemas/dog.yaml, cat: './schemas/cat.yaml', bird: Bird, fish: schemas/none.yaml}\n",
    "/api/schemas/dog.yaml": "type: object\n",
    "/api/schemas/cat.yaml": "type: object\n",
  });
  const r = await bundle("/api/openapi.yaml", { reader });
  const pet = (r.document.components as { schemas: Record<string, Record<string, unknown>> }).schemas.Pet;
  assert.deepEqual(pet.oneOf, [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }]);
  assert.deepEqual((pet.discriminator as { mapping: unknown }).mapping, {
    dog: "#/components/schemas/Dog",
    cat: "#/components/schemas/Cat",
    bird: "Bird",
    fish: "schemas/none.yaml",
  });
});

Deno.test("bundle: a part of no component kind is inlined at its use, in a list too; a cycle of such parts is kept once", async () => {
  const reader = createMemoryReader({
    "/api/openapi.yaml": HEAD.replace('version: "1"}', 'version: "1", x-more: 1, more: {$ref: more.yaml}}') +
      "paths: {}\ntags:\n  - $ref: tags.yaml#/pets\n  - {name: plain}\n",
    "/api/tags.yaml": "pets: {name: pets, description: Pets}\n",
    "/api/more.yaml": "again:\n  $ref: more.yaml\nvalue: 1\n",
  });
  const r = await bundle("/api/openapi.yaml", { reader });
  assert.deepEqual(r.document.tags, [{ name: "pets", description: "Pets" }, { name: "plain" }]);
  assert.deepEqual((r.document.info as Record<string, unknown>).more, {
    again: { $ref: "#/info/more" },
    value: 1,
  });
  assert.deepEqual(r.warnings.map((w) => [w.rule, w.path]), [["bundle-circular", "info.more.again"]]);
  assert.equal(r.fileCount, 3);
});

Deno.test("bundle: content resolves its references against the working folder; a document alone is unchanged", async () => {
  const reader = createMemoryReader({ "/w/s.yaml": "type: string\n" }, { cwd: "/w" });
  const content = HEAD +
    "paths: {}\ncomponents:\n  schemas:\n    A: {type: object, properties: {s: {$ref: s.yaml}}}\n";
  const r = await bundle({ content }, { reader });
  assert.deepEqual(r.document.components, {
    schemas: {
      A: { type: "object", properties: { s: { $ref: "#/components/schemas/S" } } },
      S: { type: "string" },
    },
  });
  assert.deepEqual([r.fileCount, r.componentCount, r.addedComponents, r.format], [2, 2, 1, "yaml"]);
  const alone = HEAD +
    "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n    B: {}\n";
  const same = await bundle({ content: alone }, { reader });
  assert.deepEqual(same.document.components, { schemas: { A: { $ref: "#/components/schemas/B" }, B: {} } });
  assert.deepEqual([same.fileCount, same.warnings], [1, []]);
});

Deno.test("bundle: 2.0 and 3.0 have no components.pathItems, so keepPathRefs inlines them with one warning", async () => {
  const reader = createMemoryReader({
    "/api/openapi.yaml": HEAD + "paths:\n  /a: {$ref: a.yaml}\n  /b: {$ref: a.yaml}\n",
    "/api/a.yaml": "get: {responses: {'200': {description: ok}}}\n",
  });
  const r = await bundle("/api/openapi.yaml", { reader, keepPathRefs: true });
  const item = { get: { responses: { "200": { description: "ok" } } } };
  assert.deepEqual(r.document.paths, { "/a": item, "/b": item });
  assert.deepEqual(r.warnings.map((w) => w.rule), ["bundle-path-refs"]);
});

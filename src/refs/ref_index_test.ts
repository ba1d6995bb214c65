import assert from "node:assert/strict";
import { RefIndex, stronglyConnected } from "./ref_index.ts";
import { createRefIndex } from "../io/load_refs.ts";
import { loadDocument } from "../io/load.ts";
import { createMemoryReader } from "../io/memory_reader.ts";

async function indexOf(files: Record<string, string>, root = "api.yaml"): Promise<RefIndex> {
  const reader = createMemoryReader(files, { cwd: "/w" });
  const doc = await loadDocument(root, { reader });
  return await createRefIndex(doc, { reader });
}

const HEAD = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n";

Deno.test("RefIndex resolves local pointers, relative files (against the referring file) and reports failures", async () => {
  const index = await indexOf({
    "api.yaml": HEAD +
      "components:\n  schemas:\n    Pet: {$ref: 'schemas/pet.yaml#/Pet'}\n    Local: {type: string}\n" +
      "    Esc: {$ref: '#/components/schemas/a~1b'}\n    a/b: {type: integer}\n",
    "schemas/pet.yaml": "Pet: {type: object, properties: {owner: {$ref: 'owner.yaml'}}}\n",
    "schemas/owner.yaml": "type: object\ntitle: owner\n",
  });
  const local = index.resolve("#/components/schemas/Local");
  assert.deepEqual(local.ok && [local.value, local.segments], [{ type: "string" }, [
    "components",
    "schemas",
    "Local",
  ]]);
  const esc = index.resolve("#/components/schemas/a~1b");
  assert.deepEqual(esc.ok && esc.value, { type: "integer" });
  const pet = index.resolve("schemas/pet.yaml#/Pet");
  assert.ok(pet.ok);
  assert.equal(pet.file, "/w/schemas/pet.yaml");
  // owner.yaml is relative to pet.yaml's folder, and was loaded because pet.yaml refers to it.
  const owner = index.resolve("owner.yaml", pet.file);
  assert.deepEqual(owner.ok && owner.value, { type: "object", title: "owner" });
  assert.deepEqual(index.documents.map((d) => d.source), [
    "api.yaml",
    "schemas/pet.yaml",
    "schemas/owner.yaml",
  ]);
  const missing = index.resolve("#/components/schemas/Nope");
  assert.deepEqual(!missing.ok && missing.reason, "missing-target");
  const bad = index.resolve("#not a pointer");
  assert.deepEqual(!bad.ok && bad.reason, "bad-pointer");
  const remote = index.resolve("https://example.com/x.yaml");
  assert.deepEqual(!remote.ok && remote.reason, "remote");
});

Deno.test("RefIndex resolves 3.1 $anchor plain names and $id, not in 3.0", () => {
  const doc = {
    openapi: "3.1.0",
    components: {
      schemas: {
        A: { $anchor: "thing", type: "string" },
        B: { $id: "https://example.com/b", type: "object", properties: { c: { type: "integer" } } },
        C: { example: { $anchor: "data" } },
      },
    },
  };
  const index = RefIndex.of(doc, "3.1");
  const a = index.resolve("#thing");
  assert.deepEqual(a.ok && a.segments, ["components", "schemas", "A"]);
  const b = index.resolve("https://example.com/b#/properties/c");
  assert.deepEqual(b.ok && [b.value, b.segments], [{ type: "integer" }, [
    "components",
    "schemas",
    "B",
    "properties",
    "c",
  ]]);
  // An $anchor inside an example is data.
  const data = index.resolve("#data");
  assert.deepEqual(!data.ok && data.reason, "missing-anchor");
  const v30 = RefIndex.of({ ...doc, openapi: "3.0.3" }, "3.0").resolve("#thing");
  assert.deepEqual(!v30.ok && v30.reason, "bad-pointer");
});

Deno.test("RefIndex follows chains to a value and detects loops, in linear time for long chains", () => {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
  schemas.S20000 = { type: "string" };
  schemas.L1 = { $ref: "#/components/schemas/L2" };
  schemas.L2 = { $ref: "#/components/schemas/L1" };
  schemas.IntoLoop = { $ref: "#/components/schemas/L1" };
  const index = RefIndex.of({ openapi: "3.1.0", components: { schemas } }, "3.1");
  for (let i = 0; i < 20_000; i++) {
    const r = index.follow(`#/components/schemas/S${i}`);
    assert.ok(r.ok && r.segments[2] === "S20000");
  }
  const loop = index.follow("#/components/schemas/IntoLoop");
  assert.deepEqual(!loop.ok && loop.reason, "loop");
  assert.deepEqual(
    index.loopAt("document", ["components", "schemas", "L2"])?.map((p) => p.segments.join("/")),
    ["components/schemas/L2", "components/schemas/L1"],
  );
  assert.equal(index.loopAt("document", ["components", "schemas", "IntoLoop"]), undefined);
  assert.equal(index.loopAt("document", ["components", "schemas", "S0"]), undefined);
});

Deno.test("RefIndex lists edges with expected kinds, referrers, loops and cycles (strongly connected components)", () => {
  const doc = {
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: {
          parameters: [{ $ref: "#/components/parameters/P" }],
          responses: { "200": { $ref: "#/components/responses/R" } },
        },
      },
    },
    components: {
      parameters: { P: { name: "p", in: "query", schema: { $ref: "#/components/schemas/Node" } } },
      responses: {
        R: { description: "r", content: { "a/b": { schema: { $ref: "#/components/schemas/Node" } } } },
      },
      schemas: {
        Node: {
          type: "object",
          properties: {
            next: { $ref: "#/components/schemas/Node" },
            leaf: { $ref: "#/components/schemas/Leaf" },
          },
        },
        Leaf: { type: "string", examples: [{ $ref: "#/not/a/ref" }] },
        A: { $ref: "#/components/schemas/B" },
        B: { $ref: "#/components/schemas/A" },
      },
    },
  };
  const index = RefIndex.of(doc, "3.1");
  assert.deepEqual(index.edges().map((e) => `${e.from.segments.join("/")} ${e.expected} ${e.ref}`), [
    "paths//a/get/parameters/0 parameter #/components/parameters/P",
    "paths//a/get/responses/200 response #/components/responses/R",
    "components/parameters/P/schema schema #/components/schemas/Node",
    "components/responses/R/content/a~1b/schema schema #/components/schemas/Node".replace("a~1b", "a/b"),
    "components/schemas/Node/properties/next schema #/components/schemas/Node",
    "components/schemas/Node/properties/leaf schema #/components/schemas/Leaf",
    "components/schemas/A schema #/components/schemas/B",
    "components/schemas/B schema #/components/schemas/A",
  ]);
  assert.deepEqual(
    index.referrers("document", ["components", "schemas", "Node"]).map((e) =>
      e.from.segments.slice(0, 3).join("/")
    ),
    ["components/parameters/P", "components/responses/R", "components/schemas/Node"],
  );
  assert.deepEqual(index.referrers("document", ["components", "schemas", "Missing"]), []);
  assert.deepEqual(
    index.refLoops().map((l) => l.map((p) => p.segments.at(-1))),
    [["A", "B"]],
  );
  const cycles = index.cycles().map((c) => c.map((p) => p.segments.at(-1)).sort());
  assert.deepEqual(cycles.sort(), [["A", "B"], ["Node"]]);
});

Deno.test("RefIndex enumerates the components of every kind, for 2.0 and 3.x", () => {
  const v2 = RefIndex.of({
    swagger: "2.0",
    definitions: { D: {} },
    parameters: { P: {} },
    responses: { R: {} },
    securityDefinitions: { S: {} },
  }, "2.0");
  assert.deepEqual(v2.components().map((c) => `${c.section}:${c.kind}:${c.segments.join("/")}`), [
    "schemas:schema:definitions/D",
    "parameters:parameter:parameters/P",
    "responses:response:responses/R",
    "securitySchemes:securityScheme:securityDefinitions/S",
  ]);
  const v3 = RefIndex.of({
    openapi: "3.2.0",
    components: { mediaTypes: { M: {} }, schemas: { A: {}, B: {} }, pathItems: { I: {} }, "x-no": { X: {} } },
  }, "3.2");
  assert.deepEqual(v3.components().map((c) => `${c.kind}:${c.name}`), [
    "schema:A",
    "schema:B",
    "pathItem:I",
    "mediaType:M",
  ]);
  assert.deepEqual(v3.components("schema").map((c) => c.name), ["A", "B"]);
});

Deno.test("stronglyConnected: components come out dependencies first, iteratively on long paths", () => {
  assert.deepEqual(stronglyConnected([[1], [2], [1], [0], []]), [[2, 1], [0], [3], [4]]);
  const n = 200_000;
  const path = Array.from({ length: n }, (_, i) => (i + 1 < n ? [i + 1] : [0]));
  assert.equal(stronglyConnected(path)[0].length, n);
});

Deno.test("RefIndex.walk follows references into files once each, so a cycle across files never loops", async () => {
  const index = await indexOf({
    "api.yaml":
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n" +
      "        '200': {$ref: 'parts.yaml#/Ok'}\n",
    "parts.yaml": "Ok:\n  description: ok\n  content:\n    a/b: {schema: {$ref: '#/Node'}}\n" +
      "Node:\n  type: object\n  properties:\n    next: {$ref: 'parts.yaml#/Node'}\n",
  });
  const seen: string[] = [];
  index.walk({
    response: (_n, at) => seen.push(`response ${at.file.split("/").pop()}#${at.pointer}`),
    schema: (_n, at) => seen.push(`schema ${at.file.split("/").pop()}#${at.pointer}`),
  }, { follow: true });
  assert.deepEqual(seen, [
    "response parts.yaml#/Ok",
    // A 3.1 schema with a $ref is still a schema (its siblings count).
    "schema parts.yaml#/Ok/content/a~1b/schema",
    "schema parts.yaml#/Node",
    "schema parts.yaml#/Node/properties/next",
  ]);
  // Without follow, only the root is walked.
  const rootOnly: string[] = [];
  index.walk({ response: (_n, at) => rootOnly.push(at.pointer) });
  assert.deepEqual(rootOnly, []);
});

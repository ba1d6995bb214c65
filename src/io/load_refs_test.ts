import { assert, assertEquals } from "../core/_assert_test.ts";
import { fileURLToPath } from "node:url";
import { loadDocument } from "./load.ts";
import { createRefIndex, resolveRefs } from "./load_refs.ts";
import { Walker } from "../walker/mod.ts";
import { getAt } from "../core/pointer.ts";
import { createMemoryReader } from "./memory_reader.ts";

const testdata = fileURLToPath(new URL("../../testdata/", import.meta.url));

Deno.test("resolveRefs inlines local pointers and relative files (nested folders, fragments, escapes)", async () => {
  const root = await loadDocument(`${testdata}refs/root.yaml`);
  const { document, warnings } = await resolveRefs(root);
  assertEquals(warnings, []);
  const schema = getAt(document, [
    "paths",
    "/pets",
    "get",
    "responses",
    "200",
    "content",
    "application/json",
    "schema",
  ]);
  assertEquals((schema as Record<string, unknown>).type, "object");
  // pet.yaml's relative "nested/owner.yaml" resolves against pet.yaml's own folder
  assertEquals(getAt(schema, ["properties", "owner", "properties", "name", "type"]), "string");
  assertEquals(getAt(document, ["paths", "/pets", "get", "parameters", 0, "name"]), "limit");
  assertEquals(
    getAt(document, [
      "paths",
      "/odd",
      "get",
      "responses",
      "200",
      "content",
      "application/json",
      "schema",
      "type",
    ]),
    "string",
  );
  // a reference to a reference resolves to the final value
  assertEquals(getAt(document, ["components", "schemas", "Local"]), { type: "string" });
  // $ref inside an example value is data: untouched
  assertEquals(
    getAt(document, [
      "paths",
      "/pets",
      "get",
      "responses",
      "200",
      "content",
      "application/json",
      "examples",
      "sample",
      "value",
    ]),
    { $ref: "data inside an example value is never followed" },
  );
  // the input document is not changed
  assertEquals(getAt(root.document, ["components", "schemas", "Local"]), {
    $ref: "#/components/schemas/Target",
  });
});

Deno.test("a circular pair across files stays as $ref with a warning, and terminates", async () => {
  const root = await loadDocument(`${testdata}refs/circular/root.yaml`);
  const { document, warnings } = await resolveRefs(root);
  assertEquals(warnings.length, 1);
  assertEquals(warnings[0].rule, "ref-circular");
  const a = getAt(document, [
    "paths",
    "/nodes",
    "get",
    "responses",
    "200",
    "content",
    "application/json",
    "schema",
  ]);
  assertEquals(getAt(a, ["properties", "b", "properties", "a"]), { $ref: "a.yaml#/A" });
  JSON.stringify(document); // no cycle left in the object graph
});

Deno.test("references may not leave the base directory, by ../ or by symlink, nor go remote", async () => {
  for (
    const [file, reason, text] of [
      ["dotdot.yaml", "outside", "leaves the base directory"],
      ["symlink.yaml", "outside", "leaves the base directory"],
      ["remote.yaml", "remote", "only local files are"],
    ]
  ) {
    const root = await loadDocument(`${testdata}refs/escape/${file}`);
    const resolver = await createRefIndex(root);
    let ref = "";
    new Walker(root.oasVersion, [{ $ref: (_holder, r) => ref = r }], { lenient: true }).walk(
      root.document,
      "",
      "root",
    );
    const r = resolver.resolve(ref);
    assert(!r.ok, file);
    assertEquals(r.reason, reason, file);
    assert(r.message.includes(text), r.message);
    assertEquals(resolver.documents.length, 1, `${file}: nothing outside was read`);
    const { warnings } = await resolveRefs(root);
    assertEquals(warnings.map((w) => w.rule), ["ref-unresolved"]);
  }
});

Deno.test("missing files and missing targets are reported, not thrown", async () => {
  const root = await loadDocument({
    content: "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n" +
      "    A: {$ref: 'nope.yaml#/A'}\n    B: {$ref: '#/components/schemas/Missing'}\n    C: {$ref: '#Pet'}\n",
  });
  const resolver = await createRefIndex(root);
  const a = resolver.resolve("nope.yaml#/A");
  const b = resolver.resolve("#/components/schemas/Missing");
  const c = resolver.resolve("#Pet");
  assertEquals([a.ok, b.ok, c.ok], [false, false, false]);
  assertEquals([!a.ok && a.reason, !b.ok && b.reason, !c.ok && c.reason], [
    "missing-file",
    "missing-target",
    "bad-pointer",
  ]);
});

Deno.test("a document loaded from a URL resolves relative refs against its URL, never the local disk", async () => {
  const reader = createMemoryReader({ "schemas/pet.yaml": "Pet: {type: object, title: from-cwd}\n" }, {
    cwd: "/work/here",
    urls: {
      "https://api.example.com/v1/openapi.yaml":
        "openapi: 3.0.3\ninfo: {title: u, version: '1'}\npaths: {}\n" +
        "components:\n  schemas:\n    Pet: {$ref: 'schemas/pet.yaml#/Pet'}\n" +
        "    Abs: {$ref: '/work/here/schemas/pet.yaml#/Pet'}\n" +
        "    File: {$ref: 'file:///work/here/schemas/pet.yaml#/Pet'}\n" +
        "    Other: {$ref: 'https://other.example.com/pet.yaml#/Pet'}\n",
      "https://api.example.com/v1/schemas/pet.yaml": "Pet: {type: object, title: from-url}\n",
    },
  });
  const root = await loadDocument("https://api.example.com/v1/openapi.yaml", { reader });
  const { document, warnings } = await resolveRefs(root, { reader });
  assertEquals(getAt(document, ["components", "schemas", "Pet", "title"]), "from-url");
  assertEquals(warnings.map((w) => w.message), [
    'reference "/work/here/schemas/pet.yaml#/Pet" is an absolute path in a document loaded from a URL; such a document may only refer to relative paths or URLs of its own origin.',
    'reference "file:///work/here/schemas/pet.yaml#/Pet" leaves the origin https://api.example.com of the document; a document loaded from a URL never reads local files.',
    'reference "https://other.example.com/pet.yaml#/Pet" leaves the origin https://api.example.com of the document; only references of the same origin are followed.',
  ]);
});

import { assert, assertEquals, assertRejects } from "../core/_assert_test.ts";
import { fileURLToPath as fromFileUrl } from "node:url";
import { byteLength, documentFromObject, loadDocument, loadStructured } from "./load.ts";
import { createMemoryReader } from "./memory_reader.ts";
import { withDocument } from "./rebase_refs.ts";
import { LoadError, ParseError, UnsupportedVersionError } from "../core/errors.ts";

const testdata = fromFileUrl(new URL("../../testdata/", import.meta.url));

Deno.test("petstores of every version load with the right counts, JSON and YAML alike", async () => {
  const expected: Record<string, [string, string, number, number, number]> = {
    "2.0": ["2.0", "2.0", 2, 3, 3],
    "3.0": ["3.0.3", "3.0", 2, 3, 3],
    "3.1": ["3.1.0", "3.1", 2, 4, 3],
    "3.2": ["3.2.0", "3.2", 3, 6, 3],
  };
  for (const [v, [version, family, paths, ops, schemas]] of Object.entries(expected)) {
    for (const ext of ["yaml", "json"]) {
      const r = await loadDocument(`${testdata}petstore/petstore-${v}.${ext}`);
      assertEquals(
        [r.version, r.oasVersion, r.format, r.stats.pathCount, r.stats.operationCount, r.stats.schemaCount],
        [version, family, ext, paths, ops, schemas],
        `${v}.${ext}`,
      );
      assertEquals(r.errors, []);
      assert(r.sizeBytes > 500);
    }
  }
});

Deno.test("content, stdin and URL inputs go through the reader", async () => {
  const reader = createMemoryReader({}, {
    stdin: '{"openapi": "3.1.0", "info": {"title": "s", "version": "1"}, "paths": {}}',
    urls: {
      "https://u:p@example.com/api.yaml": 'openapi: 3.0.3\ninfo: {title: u, version: "1"}\npaths: {}\n',
    },
  });
  const s = await loadDocument("-", { reader });
  assertEquals([s.source, s.format, s.version], ["<stdin>", "json", "3.1.0"]);
  const u = await loadDocument("https://u:p@example.com/api.yaml", { reader });
  assertEquals([u.source, u.format], ["https://***@example.com/api.yaml", "yaml"]);
  const c = await loadDocument({ content: "swagger: '2.0'\ninfo: {title: c, version: '1'}\npaths: {}" });
  assertEquals([c.source, c.oasVersion], ["<content>", "2.0"]);
});

Deno.test("an input object needs exactly one of file, url, content", async () => {
  await assertRejects(() => loadStructured({} as { file: string }), LoadError, "none was given");
  await assertRejects(
    () => loadStructured({ file: "a", content: "b" } as unknown as { file: string }),
    LoadError,
    "file and content were given",
  );
  await assertRejects(() => loadStructured({ url: "ftp://x" }), LoadError, "must start with http");
});

Deno.test("malformed documents are clear errors", async () => {
  const cases: [string, new (...a: never[]) => Error, string][] = [
    ["bad.yaml", ParseError, "bad.yaml:5:1: invalid YAML"],
    ["bad.json", ParseError, "bad.json:3:25: invalid JSON"],
    ["wrong-version.yaml", UnsupportedVersionError, '"3.3.0" is not supported'],
    ["version-number.yaml", UnsupportedVersionError, "not a string"],
    ["swagger-1.2.json", UnsupportedVersionError, 'no "openapi" or "swagger"'],
    ["no-version.yaml", UnsupportedVersionError, 'no "openapi" or "swagger"'],
    ["alias-bomb.yaml", ParseError, "billion laughs"],
    ["recursive-alias.yaml", ParseError, "recursive alias"],
    ["list-root.yaml", ParseError, "root is a list"],
    ["empty.yaml", ParseError, "is empty"],
    ["custom-tag.yaml", ParseError, "custom YAML tags"],
    ["duplicate-key.yaml", ParseError, "duplicated mapping key"],
  ];
  for (const [file, type, text] of cases) {
    await assertRejects(() => loadDocument(`${testdata}malformed/${file}`), type, text);
  }
  await assertRejects(() => loadDocument(`${testdata}no-such-file.yaml`), LoadError, "does not exist");
  await assertRejects(() => loadDocument(`${testdata}petstore`), LoadError, "is a directory");
});

Deno.test("structure checks report missing info fields and bad path keys, or stay quiet when off", async () => {
  const r = await loadDocument(`${testdata}malformed/bad-structure.yaml`);
  assertEquals(r.errors.map((f) => [f.path, f.pointer]), [["info.title", "/info/title"], [
    "paths.pets",
    "/paths/pets",
  ]]);
  const off = await loadDocument(`${testdata}malformed/bad-structure.yaml`, { validateStructure: false });
  assertEquals(off.errors, []);
});

Deno.test("documentFromObject wraps pre-parsed documents without parsing text", () => {
  const doc = {
    openapi: "3.0.3",
    info: { title: "o", version: "1" },
    paths: { "/a": { get: { responses: {} } } },
  };
  const r = documentFromObject(doc, { source: "mem" });
  assert(r.document === doc);
  assertEquals([r.stats.operationCount, r.source], [1, "mem"]);
  assertEquals(r.sourceMap().positionOf("/paths/~1a/get")?.line, 9);
});

Deno.test("the library option maxInputSize caps files, standard input and URLs, naming the limit", async () => {
  const reader = createMemoryReader({ "a.yaml": "a: 12345678901\n" }, {
    stdin: "a: 12345678901\n",
    urls: { "https://h.example/a.yaml?token=s3cret": "a: 12345678901\n" },
  });
  for (const input of ["a.yaml", "-", "https://h.example/a.yaml?token=s3cret"]) {
    const e = await assertRejects(() => loadStructured(input, { reader, maxInputSize: 10 }), LoadError);
    assert(e.message.includes("is larger than 10 bytes, the input size limit"), e.message);
    assert(!e.message.includes("s3cret"), e.message);
  }
  assertEquals((await loadStructured("a.yaml", { reader, maxInputSize: 100 })).data, { a: 12345678901 });
});

Deno.test("byteLength: UTF-8 bytes as TextEncoder encodes them (lone surrogates as U+FFFD)", () => {
  const encoder = new TextEncoder();
  for (
    const s of [
      "",
      "abc",
      "é",
      "€",
      "😀",
      "\ud800",
      "a\udc00b",
      "x😀\ud800é€",
      "\u0000\u007f\u0080\u07ff\u0800\uffff",
    ]
  ) {
    assertEquals(byteLength(s), encoder.encode(s).length, JSON.stringify(s));
  }
});

Deno.test("statistics are counted on first read, once, and stay a plain enumerable field", () => {
  const doc = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/a": { get: {} } } } as {
    openapi: string;
    info: unknown;
    paths: Record<string, unknown>;
  };
  const r = documentFromObject(doc);
  doc.paths["/b"] = { put: {}, post: {} }; // changed after loading, before anyone asked: counted as it is now
  assertEquals(r.stats, { pathCount: 2, operationCount: 3, schemaCount: 0, webhookCount: 0 });
  doc.paths["/c"] = {};
  assertEquals(r.stats.pathCount, 2); // remembered
  assertEquals({ ...r }.stats.pathCount, 2);
  assert(Object.keys(r).includes("stats"));
  const later = withDocument(r, { openapi: "3.1.0", paths: {} });
  assertEquals([later.stats.pathCount, later.document.paths, later.source], [0, {}, r.source]);
});

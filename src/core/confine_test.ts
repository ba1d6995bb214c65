import { assert, assertEquals } from "./_assert_test.ts";
import {
  fileKind,
  formatSize,
  isInside,
  locateRef,
  mayReferToFiles,
  ReadSet,
  redactUrl,
  redactUrlsIn,
  refuseKind,
  tooLargeMessage,
} from "./confine.ts";
import { createMemoryReader } from "../io/memory_reader.ts";
import type { DocumentReader } from "../io/reader.ts";
import { loadDocument } from "../io/load.ts";
import { createRefIndex } from "../io/load_refs.ts";

Deno.test("locateRef: local files stay inside the base, decided from the path alone", () => {
  const origin = { kind: "file", dir: "/base/sub", base: "/base" } as const;
  assertEquals(locateRef("pet.yaml", "pet.yaml#/Pet", origin), { kind: "file", path: "/base/sub/pet.yaml" });
  assertEquals(locateRef("../a%20b.yaml", "../a%20b.yaml", origin), { kind: "file", path: "/base/a b.yaml" });
  for (const ref of ["../../etc/passwd", "/etc/passwd", "../../base2/x.yaml"]) {
    const r = locateRef(ref, ref, origin);
    assertEquals(r.kind === "refused" && r.reason, "outside", ref);
    assert(r.kind === "refused" && r.message.includes("leaves the base directory /base"), ref);
  }
  const remote = locateRef("https://u:p@h.example/x.yaml?k=v", "https://u:p@h.example/x.yaml?k=v#/A", origin);
  assertEquals(remote.kind === "refused" && remote.reason, "remote");
  assert(remote.kind === "refused" && !remote.message.includes("u:p") && !remote.message.includes("k=v"));
  assert(remote.kind === "refused" && remote.message.includes("https://***@h.example/x.yaml?***"));
});

Deno.test("locateRef: a document from a URL resolves against it, same origin only, never local files", () => {
  const origin = { kind: "url", url: "https://api.example.com/v1/openapi.yaml" } as const;
  assertEquals(locateRef("schemas/pet.yaml", "schemas/pet.yaml", origin), {
    kind: "url",
    url: "https://api.example.com/v1/schemas/pet.yaml",
  });
  assertEquals(locateRef("../common.yaml", "../common.yaml", origin), {
    kind: "url",
    url: "https://api.example.com/common.yaml",
  });
  for (
    const [ref, text] of [
      ["/etc/passwd", "is an absolute path"],
      ["C:/x.yaml", "is an absolute path"],
      ["file:///etc/passwd", "never reads local files"],
      ["//evil.example/x.yaml", "only references of the same origin"],
      ["http://api.example.com/v1/x.yaml", "only references of the same origin"],
    ]
  ) {
    const r = locateRef(ref, ref, origin);
    assert(r.kind === "refused" && r.message.includes(text), `${ref}: ${JSON.stringify(r)}`);
  }
});

Deno.test("isInside, refuseKind, sizes and redaction", () => {
  assert(isInside("/a", "/a"));
  assert(isInside("/a", "/a/b/c"));
  assert(!isInside("/a", "/ab"));
  assert(!isInside("/a", "/"));
  assert(isInside("/a", "/a/..b"));
  assertEquals(refuseKind("x", "file", "referenced"), undefined);
  assertEquals(refuseKind("x", "fifo", "input"), undefined);
  assertEquals(
    refuseKind("x", "fifo", "referenced"),
    '"x" is a named pipe (FIFO), not a regular file; only regular files are read through references and overlays.',
  );
  assertEquals(
    refuseKind("/dev/zero", "char-device", "input"),
    '"/dev/zero" is a character device, not a regular file; only regular files are read.',
  );
  assertEquals(
    refuseKind("d", "directory", "input"),
    '"d" is a directory, not a document file; name a file.',
  );
  assertEquals(fileKind(Deno.statSync("/dev/null")), "char-device");
  assertEquals(formatSize(256 * 1024 * 1024), "268435456 bytes (256 MiB)");
  assertEquals(formatSize(1000), "1000 bytes");
  assert(
    tooLargeMessage('file "a"', 1000, 2000).startsWith('file "a" is larger than 1000 bytes (2000 bytes)'),
  );
  assertEquals(redactUrl("not a url"), "not a url");
  assertEquals(redactUrl("https://u:p@h/p?q=1#/frag"), "https://***@h/p?***#/frag");
  assertEquals(
    redactUrlsIn('see "https://u:p@h/p?q=1" and http://h/x'),
    'see "https://***@h/p?***" and http://h/x',
  );
});

Deno.test("ReadSet finds a file by real path or by device and inode", () => {
  const set = new ReadSet();
  set.add({ path: "/a/b.yaml", dev: 1, ino: 7 });
  set.add({ path: "/a/c.yaml" });
  assertEquals(set.find({ path: "/a/b.yaml" })?.path, "/a/b.yaml");
  assertEquals(set.find({ path: "/other/hardlink.yaml", dev: 1, ino: 7 })?.path, "/a/b.yaml");
  assertEquals(set.find({ path: "/a/c.yaml", dev: 2, ino: 9 })?.path, "/a/c.yaml");
  assertEquals(set.find({ path: "/a/d.yaml", dev: 2, ino: 7 }), undefined);
  const other = new ReadSet();
  other.addAll(set);
  assertEquals(other.files.length, 2);
});

Deno.test("no existence oracle: a ref outside the base is refused before any file system call", async () => {
  const calls: string[] = [];
  const inner = createMemoryReader({
    "/base/root.yaml":
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n" +
      "    A: {$ref: '../secret/exists.yaml#/A'}\n    B: {$ref: '../secret/missing.yaml#/A'}\n",
    "/secret/exists.yaml": "A: {type: object}\n",
  }, { cwd: "/base" });
  const reader: DocumentReader = {
    ...inner,
    readFile: (p, o) => (calls.push(`read ${p}`), inner.readFile(p, o)),
    realPath: (p) => (calls.push(`real ${p}`), inner.realPath(p)),
  };
  const root = await loadDocument("root.yaml", { reader });
  calls.length = 0;
  const resolver = await createRefIndex(root, { reader });
  const a = resolver.resolve("../secret/exists.yaml#/A");
  const b = resolver.resolve("../secret/missing.yaml#/A");
  assert(!a.ok && !b.ok);
  assertEquals(a.message.replace("exists", "X"), b.message.replace("missing", "X"));
  assert(a.message.includes("leaves the base directory"), a.message);
  assertEquals(calls.filter((c) => c.includes("secret")), []);
});

Deno.test("mayReferToFiles: only local references say no; escaped keys and YAML anchors on $ref say yes", () => {
  assert(!mayReferToFiles('{"a": {"$ref": "#/components/schemas/A"}}'));
  assert(!mayReferToFiles("a:\n  $ref: '#/x'\n"));
  assert(mayReferToFiles('{"$ref": "other.json#/A"}'));
  assert(mayReferToFiles("$ref: ./other.yaml\n"));
  assert(mayReferToFiles('{"\\u0024ref": "/etc/passwd"}'));
  assert(mayReferToFiles('"\\x24ref": /etc/passwd\n'));
  assert(mayReferToFiles("k: &key $ref\nx:\n  ? *key\n  : /etc/passwd\n"));
  assert(mayReferToFiles('"\\U00000024ref": /etc/passwd\n'));
  assert(mayReferToFiles('{"$ref":"x.json"}') && mayReferToFiles("'$ref': 'x.yaml'"));
  assert(!mayReferToFiles('{"$ref":"#/a", "note": "\\u00e9 \\n"}'));
  // A property named `$ref` (SCIM's, in GitHub's description) holds an object: it names no file.
  assert(!mayReferToFiles('{"properties": {"$ref": {"type": "string"}}, "x": {"$ref": "#/a"}}'));
  assert(!mayReferToFiles("properties:\n  $ref: {type: string}\n  list: {$ref: [1]}\n"));
  assert(mayReferToFiles('{"properties": {"$ref": {"type": "string"}}, "x": {"$ref": "b.json"}}'));
  // The same text asked again is answered from the last scan.
  const big = '{"$ref": "#/a"}'.repeat(1000);
  assert(!mayReferToFiles(big) && !mayReferToFiles(big));
});

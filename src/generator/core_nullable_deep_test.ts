/**
 * Optional nullable fields as `Nullable[T]` (absent, null and a value kept apart) and deepObject query
 * parameters: what the generator decides (types, tags, issues), then the Go toolchain on one module — build,
 * vet, gofmt, and `go test` of testdata/generate/nullable/nullable_test.go (JSON round trip of the three states,
 * client → server over httptest with JSON and form bodies, deepObject struct/map/required parameters). Also
 * writeGenerated leaving unchanged files as they are.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { generate, type GenerateOptions } from "./generate.ts";
import type { GeneratedFile } from "./split.ts";
import { checkGoModule, generateVariants } from "./_ext_test_util.ts";
import { writeGenerated } from "./write_generated.ts";
import { loadDocument } from "../io/load.ts";
import { testWith } from "../../tests/_tools.ts";

const ROOT = new URL("../../testdata/", import.meta.url).pathname;
const FIXTURE = `${ROOT}generate/nullable-deep-3.1.yaml`;
const both: GenerateOptions = { client: true, server: true };

function file(files: readonly GeneratedFile[], name: string): string {
  const f = files.find((x) => x.name === name);
  assert.ok(f, `no ${name} in ${files.map((x) => x.name).join(" ")}`);
  return f.content;
}

Deno.test("generate: optional and nullable fields are Nullable[T]; required nullable and optional plain stay pointers", async () => {
  const r = await generate(FIXTURE, both);
  const t = file(r.files, "types.go");
  assert.match(t, /^type Nullable\[T any\] map\[bool\]T$/m);
  for (const fn of ["NewNullableValue[T any](v T)", "NewNullNullable[T any]()"]) {
    assert.ok(t.includes(fn), fn);
  }
  for (const m of ["Get() (T, error)", "MustGet() T", "IsNull() bool", "IsSpecified() bool", "SetNull()"]) {
    assert.ok(t.includes(m), m);
  }
  assert.match(t, /\tOwner \*string `json:"owner"`\n/);
  // No validate tag on a Nullable (the validator would check the map), even with minLength.
  assert.match(t, /\tTitle Nullable\[string\] `json:"title,omitempty"`\n/);
  assert.match(t, /\tTags Nullable\[\[\]string\] `json:"tags,omitempty"`\n/);
  assert.match(t, /\tParent Nullable\[Ref\] `json:"parent,omitempty"`\n/);
  assert.match(t, /\tPlain \*string `json:"plain,omitempty"`\n/);
  // 3.0 `nullable: true`, a recursive one included.
  const s30 = file((await generate(`${ROOT}generate/shapes-3.0.yaml`)).files, "types.go");
  assert.match(s30, /\tCount Nullable\[int64\] `json:"count,omitempty"`\n/);
  assert.match(s30, /\tParent Nullable\[Item\] `json:"parent,omitempty"`\n/);
  assert.match(s30, /\tNote \*string `json:"note"`\n/);
  // 3.1 type lists and a oneOf with null.
  const s31 = file((await generate(`${ROOT}generate/shapes-3.1.yaml`)).files, "types.go");
  assert.match(s31, /\tOptionalNullable Nullable\[int64\] +`json:"optionalNullable,omitempty"`\n/);
  assert.match(s31, /\tNullableRef +Nullable\[Named\] +`json:"nullableRef,omitempty"`\n/);
});

Deno.test("generate: --no-pointers keeps Nullable for optional nullable fields; Nullable only when used", async () => {
  const t = file((await generate(FIXTURE, { noPointers: true })).files, "types.go");
  assert.match(t, /\tTitle Nullable\[string\] `json:"title,omitempty"`\n/);
  assert.match(t, /\tPlain string `json:"plain,omitempty"`\n/);
  assert.match(t, /\tOwner \*string `json:"owner"`\n/);
  const petstore = await generate(`${ROOT}petstore/petstore-3.0.yaml`, both);
  assert.ok(!file(petstore.files, "types.go").includes("Nullable"));
});

Deno.test("generate: deepObject query parameters are serialized and bound, and raise no issue", async () => {
  const r = await generate(FIXTURE, both);
  assert.deepEqual(r.issues.filter((i) => i.rule === "generate-param-style"), []);
  const client = file(r.files, "client.go");
  assert.match(client, /\taddDeepObject\(query, "filter", req\.Filter\)\n/);
  assert.match(client, /\taddDeepObject\(query, "page", req\.Page\)\n/);
  assert.match(file(r.files, "server.go"), /bindDeepObject\(query, "page", true, &req\.Page\)/);
  // Still reported where deepObject is not defined (a header), and for styles not supported.
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/x": {
        get: {
          parameters: [
            { name: "h", in: "header", style: "deepObject", schema: { type: "object" } },
            { name: "q", in: "query", style: "tabDelimited", schema: { type: "string" } },
            { name: "d", in: "query", style: "deepObject", schema: { type: "object" } },
          ],
          responses: { "204": { description: "ok" } },
        },
      },
    },
  };
  const issues = (await generate({ content: JSON.stringify(doc) }, both)).issues
    .filter((i) => i.rule === "generate-param-style").map((i) => i.message);
  assert.deepEqual(issues, [
    'parameter "h" uses style "deepObject", which is sent as "form".',
    'parameter "q" uses style "tabDelimited", which is sent as "form".',
  ]);
});

Deno.test("--server-stubs: an example's null and values of Nullable fields become Go literals", async () => {
  const r = await generate(FIXTURE, { ...both, serverStubs: true });
  const stubs = file(r.files, "server_stubs.go");
  assert.match(stubs, /Title: NewNullNullable\[string\]\(\)/);
  assert.match(stubs, /Count: NewNullableValue\[int64\]\(3\)/);
  assert.match(stubs, /Tags: NewNullableValue\[\[\]string\]\(\[\]string\{"a"\}\)/);
  assert.deepEqual(r.issues.filter((i) => (i.rule ?? "").includes("example")), []);
});

await testWith(
  ["go"],
  "generated Nullable and deepObject code builds, vets, is gofmt-clean and round-trips with Go",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-nullable-" });
    try {
      const { packages } = await generateVariants([
        ["nullable", "generate/nullable-deep-3.1.yaml", both],
        ["nullablenopointers", "generate/nullable-deep-3.1.yaml", { ...both, noPointers: true }],
        ["nullablenovalidation", "generate/nullable-deep-3.1.yaml", { ...both, noValidation: true }],
        ["nullablesplit", "generate/nullable-deep-3.1.yaml", {
          ...both,
          maxOpsPerFile: 1,
          maxTypesPerFile: 2,
        }],
        ["shapes30nopointers", "generate/shapes-3.0.yaml", { ...both, noPointers: true }],
        ["nullablestubs", "generate/nullable-deep-3.1.yaml", { ...both, serverStubs: true }],
      ]);
      packages.nullable.push({
        name: "nullable_test.go",
        content: await Deno.readTextFile(join(ROOT, "generate/nullable/nullable_test.go")),
      });
      await checkGoModule(dir, packages, ["nullable"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("writeGenerated: files already holding the content are left as they are, others replaced", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-gen-write-" });
  try {
    const files = [{ name: "a.go", content: "package a\n" }, { name: "b.go", content: "package a // é\n" }];
    await writeGenerated(dir, files);
    const before = await Deno.stat(join(dir, "a.go"));
    const beforeB = await Deno.stat(join(dir, "b.go"));
    await writeGenerated(dir, [files[0], { name: "b.go", content: "package a // è\n" }]);
    const after = await Deno.stat(join(dir, "a.go"));
    const afterB = await Deno.stat(join(dir, "b.go"));
    assert.equal(after.ino, before.ino); // not replaced
    assert.equal(after.mtime?.getTime(), before.mtime?.getTime());
    assert.notEqual(afterB.ino, beforeB.ino); // replaced (a new file renamed over it)
    assert.equal(await Deno.readTextFile(join(dir, "b.go")), "package a // è\n");
    // A byte order mark or invalid UTF-8 in the old file is another content.
    await Deno.writeFile(
      join(dir, "a.go"),
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("package a\n")]),
    );
    await writeGenerated(dir, [files[0]]);
    assert.equal(await Deno.readTextFile(join(dir, "a.go")), "package a\n");
    assert.equal((await Deno.readFile(join(dir, "a.go"))).length, 10);
    // Never over a file the run read, unchanged or not.
    const input = join(dir, "in.yaml");
    await Deno.writeTextFile(input, "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n");
    const parsed = await loadDocument(input);
    await assert.rejects(
      () => writeGenerated(dir, [{ name: "in.yaml", content: "x" }], { readSet: parsed.readSet }),
      /refusing to write over the input/,
    );
    assert.equal(
      await Deno.readTextFile(input),
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

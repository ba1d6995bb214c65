import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "./_test_io.ts";
import { parseText } from "../core/mod.ts";
import { refsOf as refs } from "../bundler/_refs_test_util.ts";

const DATA = new URL("../../testdata/multifile/", import.meta.url).pathname;
const V30 = `${DATA}oas30/openapi.yaml`;
const V20 = `${DATA}oas20/swagger.json`;
const V31 = `${DATA}oas31/openapi.yaml`;

Deno.test("oatool bundle: the bundle on stdout in the input's format; banner, files and findings on stderr", async () => {
  const r = await run(["bundle", V30]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^openapi: 3\.0\.3\ninfo:\n/);
  const doc = parseText(r.stdout, { format: "yaml" }).data;
  assert.ok(refs(doc).length > 0);
  assert.deepEqual(refs(doc).filter((ref) => !ref.startsWith("#/")), []);
  assert.match(r.stderr, /^oatool bundle v/);
  assert.match(r.stderr, /\nFiles: 7\nComponents: 7 \(5 from other files\)\n/);
  assert.match(r.stderr, /ℹ info: components\.schemas\.Error_2: component "Error" from /);
  assert.match(r.stderr, /✓ Bundled 7 files to <stdout>\.\n$/);
  const json = await run(["bundle", V20]);
  assert.equal(json.code, 0);
  assert.match(json.stdout, /^\{\n {2}"swagger": "2\.0",/);
});

Deno.test("oatool bundle: -o writes atomically in the format of its extension; --format overrides", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-bundle-" });
  try {
    const toJson = await run(["bundle", "-q", "-o", join(dir, "out.json"), V30]);
    assert.equal(toJson.code, 0, toJson.stderr);
    assert.equal([toJson.stdout, toJson.stderr].join(""), "");
    const written = JSON.parse(await Deno.readTextFile(join(dir, "out.json")));
    assert.equal(written.openapi, "3.0.3");
    const toYaml = await run(["bundle", "-q", V20, "-o", join(dir, "out.yaml")]);
    assert.equal(toYaml.code, 0);
    assert.match(await Deno.readTextFile(join(dir, "out.yaml")), /^swagger: '2\.0'\n/);
    const forced = await run(["bundle", "-q", "--format", "json", "-o", join(dir, "forced.yaml"), V30]);
    assert.equal(forced.code, 0);
    assert.match(await Deno.readTextFile(join(dir, "forced.yaml")), /^\{\n/);
    const stdoutYaml = await run(["bundle", "-q", "--format=yaml", V20]);
    assert.match(stdoutYaml.stdout, /^swagger: '2\.0'\n/);
    const dash = await run(["bundle", "-q", "-o", "-", V20]);
    assert.match(dash.stdout, /^\{\n/);
    // Written to another folder, it validates from there (it has no reference to the input's files).
    const check = await run(["validate", "-q", join(dir, "out.yaml")]);
    assert.equal(check.code, 0, check.stdout + check.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("oatool bundle: --dereference inlines local references too; --keep-path-refs keeps Path Item refs", async () => {
  const d = await run(["bundle", "-q", "--dereference", V30]);
  assert.equal(d.code, 0);
  const left = refs(parseText(d.stdout, { format: "yaml" }).data);
  assert.ok(left.length > 0);
  assert.deepEqual([...new Set(left)], ["#/components/schemas/Pet"]); // only the cycle through Owner
  const k = await run(["bundle", "-q", "--keep-path-refs", V31]);
  const doc = parseText(k.stdout, { format: "yaml" }).data as { paths: Record<string, unknown> };
  assert.deepEqual(doc.paths["/people"], { $ref: "#/components/pathItems/People" });
  const inlined = await run(["bundle", "-q", V31]);
  const plain = parseText(inlined.stdout, { format: "yaml" }).data as {
    paths: Record<string, { summary?: string }>;
  };
  assert.equal(plain.paths["/people"].summary, "People");
});

Deno.test("oatool bundle: refuses to write over a file the run read, a referenced file included", async () => {
  const target = `${DATA}oas30/common.yaml`;
  const before = await Deno.readTextFile(target);
  const r = await run(["bundle", "-o", target, V30]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /refusing to write over the input ".*common\.yaml" \(read by this run\)/);
  assert.equal(await Deno.readTextFile(target), before);
});

Deno.test("oatool bundle: an unresolvable reference exits 1 and writes nothing; -s names its place", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-bundle-" });
  try {
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: missing.yaml\n',
    );
    const r = await run(["bundle", "-s", "-o", join(dir, "out.yaml"), join(dir, "api.yaml")]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /✗ error: .*api\.yaml:5:5: paths\.\/a: reference "missing\.yaml": /);
    assert.match(r.stderr, /Bundling failed: a reference cannot be resolved; nothing was written\.\n$/);
    await assert.rejects(Deno.stat(join(dir, "out.yaml")));
    const q = await run(["bundle", "-q", join(dir, "api.yaml")]);
    assert.deepEqual([q.code, q.stdout], [1, ""]);
    assert.match(q.stderr, /missing\.yaml/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("oatool bundle: usage errors (no input, a bad --format) print the usage and exit 1", async () => {
  const none = await run(["bundle"]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /Usage: oatool bundle \[flags\] <file\|url\|->/);
  const bad = await run(["bundle", "--format", "xml", V30]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /xml/);
});

/**
 * Every writing command keeps its references valid, and writes YAML or JSON by the -o extension (issue 26):
 * multi-file specifications (root + paths/*.yaml + schemas/*.yaml + a pointer into common.yaml) written by
 * convert, fix, overlay apply and join to another folder are bundled (or, with --keep-refs, rebased), each
 * output validates and every reference resolves from its new place; a reference that does not resolve from
 * where it was written is named and the command exits 1.
 */
import assert from "node:assert/strict";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "../src/cli/_test_io.ts";
import { loadDocument, parseText } from "../src/core/mod.ts";
import { refIndexOf } from "../src/io/load_refs.ts";
import { splitRef } from "../src/refs/ref_index.ts";
import { Walker } from "../src/walker/mod.ts";
import { connect, countingReader } from "../src/mcp/_test_client.ts";

const DATA = fileURLToPath(new URL("../testdata/multifile_write/", import.meta.url));
const V30 = join(DATA, "v30/openapi.yaml");
const V20 = join(DATA, "v20/openapi.yaml");
const ORDERS = join(DATA, "orders/openapi.yaml");
const OVERLAY = join(DATA, "overlay.yaml");

async function withTemp(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "oatool-multifile-write-" }));
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Copies a fixture folder (flat: files and one level of folders) into `to`. */
async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyTree(join(from, e.name), join(to, e.name));
    else await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

/** Every `$ref` of the written document and of the files it reaches, resolved from where it lies. */
async function assertAllResolve(path: string): Promise<{ files: number; fileRefs: string[] }> {
  const parsed = await loadDocument(path);
  const index = await refIndexOf(parsed);
  for (const e of index.edges()) {
    assert.ok(e.target.ok, `${path}: ${e.ref} does not resolve: ${!e.target.ok && e.target.message}`);
  }
  const fileRefs: string[] = [];
  new Walker(parsed.oasVersion, [{
    $ref: (_holder, ref) => {
      if (splitRef(ref).filePart !== "") fileRefs.push(ref);
    },
  }], { lenient: true }).walk(parsed.document, "", "root");
  return { files: index.documents.length, fileRefs };
}

/** `oatool validate` of a written document: exit 0, no error. */
async function assertValid(path: string): Promise<void> {
  const r = await run(["validate", "-q", path]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
}

Deno.test("convert -o other/dir/out.yaml of multi-file 3.0 and 2.0 specs: bundled into one file that validates", async () => {
  await withTemp(async (dir) => {
    await Deno.mkdir(join(dir, "other/dir"), { recursive: true });
    for (const [input, target] of [[V30, "3.1"], [V20, "3.0"], [V20, "2.0"]]) {
      const out = join(dir, "other/dir/out.yaml");
      const r = await run(["convert", "-q", "-t", target, input, "-o", out]);
      assert.equal(r.code, 0, r.stderr);
      const { files, fileRefs } = await assertAllResolve(out);
      assert.deepEqual([files, fileRefs], [1, []]);
      await assertValid(out);
      const doc = parseText(await Deno.readTextFile(out), { format: "yaml" }).data as Record<string, unknown>;
      const text = JSON.stringify(doc);
      // The path items, the schemas and the Error from common.yaml are all there.
      assert.match(text, /listPets/);
      assert.match(text, /"owner"/);
      assert.match(text, /"code"/);
    }
  });
});

Deno.test("fix -o and overlay apply -o to another folder: bundled, valid, every reference resolves", async () => {
  await withTemp(async (dir) => {
    await Deno.mkdir(join(dir, "out"), { recursive: true });
    for (const input of [V30, V20]) {
      const fixed = join(dir, "out/fixed.yaml");
      const f = await run(["fix", "-q", input, "-o", fixed]);
      assert.equal(f.code, 0, f.stderr);
      assert.deepEqual((await assertAllResolve(fixed)).fileRefs, []);
      await assertValid(fixed);

      const applied = join(dir, "out/applied.yaml");
      const o = await run(["overlay", "apply", "-q", "-s", input, OVERLAY, "-o", applied]);
      assert.equal(o.code, 0, o.stderr);
      assert.deepEqual((await assertAllResolve(applied)).fileRefs, []);
      await assertValid(applied);
      assert.match(await Deno.readTextFile(applied), /title: Pets \(overlaid\)/);
    }
  });
});

Deno.test("join -o of two multi-file inputs in different folders: each bundled, the result valid and resolvable", async () => {
  await withTemp(async (dir) => {
    const out = join(dir, "merged.yaml");
    const r = await run(["join", V30, ORDERS, "-o", out]);
    assert.equal(r.code, 0, r.stderr);
    const { files, fileRefs } = await assertAllResolve(out);
    assert.deepEqual([files, fileRefs], [1, []]);
    await assertValid(out);
    const doc = parseText(await Deno.readTextFile(out), { format: "yaml" }).data as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    assert.deepEqual(Object.keys(doc.paths), ["/pets", "/pets/{petId}", "/orders"]);
    for (const name of ["Pet", "Error", "Order"]) assert.ok(name in doc.components.schemas, name);
  });
});

Deno.test("--keep-refs: references rewritten against the output's folder resolve; refused when it cannot reach them", async () => {
  await withTemp(async (dir) => {
    await copyTree(join(DATA, "v30"), join(dir, "api"));
    const root = join(dir, "api/openapi.yaml");
    const runs: [string, string[]][] = [
      ["convert.yaml", ["convert", "-q", "-t", "3.0", root]],
      ["fix.yaml", ["fix", "-q", root]],
      ["overlay.yaml", ["overlay", "apply", "-q", "-s", root, OVERLAY]],
    ];
    for (const [name, args] of runs) {
      const out = join(dir, name);
      const r = await run([...args, "--keep-refs", "-o", out]);
      assert.equal(r.code, 0, `${name}: ${r.stderr}`);
      const { files, fileRefs } = await assertAllResolve(out);
      assert.ok(files > 1, name); // still multi-file
      assert.ok(fileRefs.length > 0 && fileRefs.every((ref) => ref.startsWith("api/")), fileRefs.join());
      assert.ok(fileRefs.includes("api/common.yaml#/components/schemas/Error"), fileRefs.join());
      await assertValid(out);
    }
    // A folder beside the input cannot reach its files: refused, nothing written.
    await Deno.mkdir(join(dir, "other"));
    for (const [name, args] of runs) {
      const out = join(dir, "other", name);
      const r = await run([...args, "--keep-refs", "-o", out]);
      assert.equal(r.code, 1, name);
      assert.match(
        r.stderr,
        /--keep-refs cannot keep .*is not inside the output's folder .*leave out --keep-refs/,
      );
      await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
    }
  });
});

Deno.test("a written reference that does not resolve from the output's place is named, and the command exits 1", async () => {
  await withTemp(async (dir) => {
    await copyTree(join(DATA, "v30"), join(dir, "api"));
    // A reference to a file that does not exist, kept as written by the bundle.
    const broken = join(dir, "api/broken.yaml");
    await Deno.writeTextFile(
      broken,
      (await Deno.readTextFile(join(dir, "api/openapi.yaml"))).replace(
        "$ref: schemas/pet.yaml",
        "$ref: schemas/gone.yaml",
      ),
    );
    await Deno.mkdir(join(dir, "out"));
    for (
      const args of [
        ["convert", "-t", "3.1", broken],
        ["fix", broken],
        ["overlay", "apply", "-s", broken, OVERLAY],
      ]
    ) {
      for (const out of [join(dir, "out/x.yaml"), join(dir, "api/x.yaml")]) {
        const r = await run([...args, "-o", out]);
        assert.equal(r.code, 1, `${args[0]} -o ${out}: ${r.stderr}`);
        assert.match(
          r.stderr,
          /1 reference does not resolve from where it was written \(".*x\.yaml" was written and stays\)/,
        );
        assert.match(r.stderr, /x\.yaml#\/components\/schemas\/Pet\/\$ref: "schemas\/gone\.yaml": /);
        await Deno.remove(out);
      }
    }
    // join refuses inputs whose references resolve nowhere; a post-overlay can still add one to the result.
    const post = join(dir, "post.yaml");
    await Deno.writeTextFile(
      post,
      'overlay: 1.0.0\ninfo: {title: t, version: "1"}\nactions:\n  - target: $.components.schemas\n' +
        "    update: {Gone: {$ref: schemas/gone.yaml}}\n",
    );
    const out = join(dir, "out/joined.yaml");
    const r = await run(["join", V30, ORDERS, "--post-overlay", post, "-o", out]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /oatool join: 1 reference does not resolve from where it was written/);
    assert.match(r.stderr, /joined\.yaml#\/components\/schemas\/Gone\/\$ref: "schemas\/gone\.yaml": /);
    assert.ok((await Deno.stat(out)).isFile); // written, and it stays
  });
});

Deno.test("standard output: bundled when the working directory is not the input's folder; --keep-refs rebases to it", async () => {
  const cwd = Deno.cwd();
  const r = await run(["fix", "-q", V30]);
  assert.equal(r.code, 0, r.stderr);
  const doc = parseText(r.stdout, { format: "yaml" }).data;
  const refs: string[] = [];
  new Walker("3.0", [{ $ref: (_holder, ref) => refs.push(ref) }], { lenient: true }).walk(doc, "", "root");
  assert.ok(refs.length > 0 && refs.every((ref) => ref.startsWith("#/")), refs.join());
  const rel = relative(cwd, dirname(V30));
  if (rel.startsWith("..") || isAbsolute(rel)) return; // the fixtures are not below the working directory
  const kept = await run(["fix", "-q", "--keep-refs", V30]);
  assert.equal(kept.code, 0, kept.stderr);
  assert.match(kept.stdout, new RegExp(`\\$ref: ${rel}/paths/pets\\.yaml\\n`));
});

Deno.test("-o x.yaml writes YAML and -o x.json JSON whatever the input; --format overrides; -o - keeps the input's", async () => {
  await withTemp(async (dir) => {
    const json = join(dir, "in.json");
    await Deno.writeTextFile(
      json,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "T", version: "1" },
        paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
      }),
    );
    const yamlOut = join(dir, "out.yaml");
    for (
      const args of [
        ["convert", "-t", "3.1", json],
        ["fix", json],
        ["overlay", "apply", "-s", json, OVERLAY],
        ["join", json, ORDERS],
      ]
    ) {
      const q = args[0] === "join" ? [] : ["-q"];
      const y = await run([...args, ...q, "-o", yamlOut]);
      assert.equal(y.code, 0, y.stderr);
      assert.match(await Deno.readTextFile(yamlOut), /^openapi: 3\.\d\.\d\ninfo:\n/, args[0]);
      const j = await run([...args, ...q, "-o", yamlOut, "--format", "json"]);
      assert.equal(j.code, 0, j.stderr);
      assert.match(await Deno.readTextFile(yamlOut), /^\{\n {2}"openapi": /, args[0]);
      const s = await run([...args, ...q, "-o", "-"]);
      assert.match(s.stdout, /^\{\n {2}"openapi": /, args[0]);
      const sy = await run([...args, ...q, "-o", "-", "--format", "yaml"]);
      assert.match(sy.stdout, /^openapi: 3\.\d\.\d\n/, args[0]);
    }
    const yml = await run(["convert", "-q", "-t", "3.1", json, "-o", join(dir, "out.yml")]);
    assert.equal(yml.code, 0);
    assert.match(await Deno.readTextFile(join(dir, "out.yml")), /^openapi: 3\.1\.\d\n/);
    const bad = await run(["convert", "-t", "3.1", json, "--format", "xml"]);
    assert.equal(bad.code, 1);
  });
});

Deno.test("MCP: a tool writing output into a subfolder of the workspace gives a valid document", async () => {
  await withTemp(async (dir) => {
    await Deno.mkdir(join(dir, "sub"));
    await copyTree(join(DATA, "v30"), join(dir, "api"));
    const s = await connect({ reader: countingReader(dir), allowDirs: [DATA] });
    try {
      const calls: [string, Record<string, unknown>][] = [
        ["convert", { spec: { file: V30 }, target: "3.1", output: "sub/convert.yaml" }],
        ["fix", { spec: { file: V20 }, output: "sub/fix.json" }],
        ["overlay_apply", { spec: { file: V30 }, overlay: { file: OVERLAY }, output: "sub/overlay.yaml" }],
        ["join", { specs: [{ file: V30 }, { file: ORDERS }], output: "sub/join.yaml" }],
      ];
      for (const [tool, args] of calls) {
        const r = await s.call(tool, args);
        assert.equal(r.isError, false, `${tool}: ${r.text}`);
        const out = join(dir, args.output as string);
        assert.deepEqual((await assertAllResolve(out)).fileRefs, [], tool);
        await assertValid(out);
      }
      assert.match(await Deno.readTextFile(join(dir, "sub/fix.json")), /^\{\n {2}"swagger": "2\.0"/);
      // keep_refs: the references rewritten against the output's folder.
      const kept = await s.call("fix", {
        spec: { file: "api/openapi.yaml" },
        output: "fix.yaml",
        keep_refs: true,
      });
      assert.equal(kept.isError, false, kept.text);
      assert.ok((await assertAllResolve(join(dir, "fix.yaml"))).fileRefs.includes("api/paths/pets.yaml"));
      // A reference that does not resolve from the written file fails the call, naming it.
      await Deno.writeTextFile(
        join(dir, "api/broken.yaml"),
        (await Deno.readTextFile(join(dir, "api/openapi.yaml"))).replace(
          "schemas/pet.yaml",
          "schemas/gone.yaml",
        ),
      );
      const broken = await s.call("fix", { spec: { file: "api/broken.yaml" }, output: "api/fixed.yaml" });
      assert.equal(broken.isError, true);
      assert.match(
        broken.text,
        /1 reference does not resolve .*#\/components\/schemas\/Pet\/\$ref: "schemas\/gone\.yaml"/,
      );
    } finally {
      await s.close();
    }
  });
});

Deno.test("the message of dangling references is bounded: the first 10 named, the others counted", async () => {
  await withTemp(async (dir) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 2_000; i++) schemas[`S${i}`] = { $ref: `gone/s${i}.yaml` };
    const input = join(dir, "in.json");
    await Deno.writeTextFile(
      input,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "T", version: "1" },
        paths: {},
        components: { schemas },
      }),
    );
    const r = await run(["fix", "-q", input, "-o", join(dir, "out.json")]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /2000 references do not resolve/);
    assert.equal(r.stderr.match(/#\/components\/schemas\/S\d+\/\$ref: /g)?.length, 10);
    assert.match(r.stderr, /\n {2}… and 1990 more\n$/);
    assert.ok(r.stderr.length < 5_000, String(r.stderr.length));
  });
});

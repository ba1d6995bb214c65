/**
 * Issue 31: the shapes of swagger2openapi's fixtures with external files (a `$ref` to `include.yaml`, a path item
 * in `subdir1/test.yaml` referring back to `../include.yaml`), 2.0 and 3.0, converted and written to another
 * folder: bundled, the output validates for its target and every reference resolves from its new place (and
 * swagger-parser accepts it, when npm is at hand); with --keep-refs next to the inputs, every reference still
 * resolves.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "../src/cli/_test_io.ts";
import { loadDocument } from "../src/core/mod.ts";
import { refIndexOf } from "../src/io/load_refs.ts";
import { swaggerParserSkipped } from "./_convert_check.ts";
import { swaggerParserValidate } from "../scripts/swagger_parser_check.ts";

const DATA = fileURLToPath(new URL("../testdata/convert/external-files/", import.meta.url));

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyTree(join(from, e.name), join(to, e.name));
    else await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

async function assertResolves(path: string): Promise<number> {
  const index = await refIndexOf(await loadDocument(path));
  for (const e of index.edges()) {
    assert.ok(e.target.ok, `${path}: ${e.ref} does not resolve: ${!e.target.ok && e.target.message}`);
  }
  return index.documents.length;
}

const CASES = [["v20", "3.0"], ["v20", "3.1"], ["v30", "2.0"], ["v30", "3.1"]] as const;

Deno.test("convert: fixtures with external files written to another folder keep every reference resolving", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "oatool-convert-external-" }));
  try {
    const written: string[] = [];
    for (const [fixture, target] of CASES) {
      const src = join(dir, "in", fixture);
      await copyTree(join(DATA, fixture), src);
      const out = join(dir, "elsewhere", `${fixture}-to-${target}`, "api.yaml");
      await Deno.mkdir(join(dir, "elsewhere", `${fixture}-to-${target}`), { recursive: true });
      const r = await run(["convert", "-q", "-t", target, join(src, "main.yaml"), "-o", out]);
      assert.equal(r.code, 0, `${fixture} → ${target}: ${r.stderr}`);
      assert.equal(await assertResolves(out), 1, `${fixture} → ${target}: bundled into one file`);
      const v = await run(["validate", "-q", out]);
      assert.equal(v.code, 0, `${fixture} → ${target}: ${v.stdout}${v.stderr}`);
      written.push(out);
      // Kept references, written beside the inputs: each still resolves.
      const kept = join(src, `converted-${target}.yaml`);
      const k = await run(["convert", "-q", "-t", target, "--keep-refs", join(src, "main.yaml"), "-o", kept]);
      assert.equal(k.code, 0, `${fixture} → ${target} --keep-refs: ${k.stderr}`);
      assert.ok(await assertResolves(kept) > 1, `${fixture} → ${target}: references to other files kept`);
    }
    if (await swaggerParserSkipped() === undefined) {
      for (const v of await swaggerParserValidate(written)) assert.ok(v.ok, `${v.file}: ${v.error}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * Hostile inputs for `oatool walk`, run as spawned processes (bounded by a kill, no timing asserted): nesting
 * near the depth limit, Path Item references that loop (directly and through callbacks), patterns that make
 * naive glob matchers backtrack, huge extension expressions, and one Path Item referenced from many paths.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

const info = { title: "hostile", version: "1" };

async function walkFile(dir: string, doc: unknown, args: string[]) {
  const file = join(dir, "doc.json");
  await Deno.writeTextFile(file, JSON.stringify(doc));
  return await spawnOatool(["walk", ...args, file], { timeoutMs: 60_000 });
}

Deno.test("hostile walk: schemas nested 600 levels deep are listed without recursion", async () => {
  await withTempDir(async (dir) => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 300; i++) schema = { type: "object", properties: { p: schema } };
    const r = await walkFile(dir, {
      openapi: "3.1.0",
      info,
      paths: {},
      components: { schemas: { Deep: schema } },
    }, ["schemas", "--format", "json", "--limit", "0"]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).total, 301);
  });
});

Deno.test("hostile walk: Path Item references in a loop, directly and through callbacks, end", async () => {
  await withTempDir(async (dir) => {
    const n = 200;
    const pathItems: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      pathItems[`P${i}`] = {
        post: {
          operationId: `op${i}`,
          callbacks: { cb: { "{$url}": { $ref: `#/components/pathItems/P${(i + 1) % n}` } } },
          responses: {},
        },
      };
    }
    pathItems.L1 = { $ref: "#/components/pathItems/L2" };
    pathItems.L2 = { $ref: "#/components/pathItems/L1" };
    const r = await walkFile(dir, {
      openapi: "3.1.0",
      info,
      paths: { "/a": { $ref: "#/components/pathItems/P0" }, "/loop": { $ref: "#/components/pathItems/L1" } },
      components: { pathItems },
    }, ["operations", "--format", "json", "--limit", "0"]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    // /a lists P0's operation; the callback expression lists each target once (a target place is walked once per
    // path label, so the loop ends); the pure loop L1 → L2 → L1 lists nothing: 1 + n.
    assert.equal(JSON.parse(r.stdout).total, n + 1);
  });
});

Deno.test("hostile walk: globs that make backtracking matchers explode, and a huge extension expression", async () => {
  await withTempDir(async (dir) => {
    const long = "/" + "a".repeat(20_000);
    const doc = { openapi: "3.0.3", info, paths: { [long]: { get: { responses: {} } } } };
    const glob = await walkFile(dir, doc, ["paths", "-q", "--path", "/" + "*a".repeat(200) + "b"]);
    assert.equal(glob.killed, false);
    assert.equal(glob.code, 0, glob.stderr);
    assert.equal(glob.stdout, "");
    const ext = await walkFile(dir, doc, [
      "operations",
      "-q",
      "--extension",
      Array(20_000).fill("!x-a").join("+"),
    ]);
    assert.equal(ext.killed, false);
    assert.equal(ext.code, 0, ext.stderr);
    assert.equal(ext.stdout.split("\t")[0], "GET");
  });
});

Deno.test("hostile walk: one Path Item referenced from 2,000 paths is listed once per path", async () => {
  await withTempDir(async (dir) => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) paths[`/p${i}`] = { $ref: "#/components/pathItems/Shared" };
    const ops: Record<string, unknown> = {};
    for (const m of ["get", "put", "post", "delete", "patch"]) ops[m] = { responses: {} };
    const r = await walkFile(dir, {
      openapi: "3.1.0",
      info,
      paths,
      components: { pathItems: { Shared: ops } },
    }, [
      "operations",
      "--group-by",
      "method",
      "-q",
    ]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "DELETE\t2000\nGET\t2000\nPATCH\t2000\nPOST\t2000\nPUT\t2000\n");
  });
});

Deno.test("hostile walk: --max-input-size refuses a large document; a large referenced file stays unresolved", async () => {
  await withTempDir(async (dir) => {
    const big = `openapi: 3.1.0\ninfo: { title: Big, version: "1", description: "${
      "x".repeat(4096)
    }" }\npaths: {}\n`;
    await Deno.writeTextFile(join(dir, "big.yaml"), big);
    await Deno.writeTextFile(
      join(dir, "refers.yaml"),
      `openapi: 3.1.0\ninfo: { title: R, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n` +
        `        "200": { description: OK, content: { application/json: { schema: { $ref: "big-schema.yaml" } } } }\n`,
    );
    await Deno.writeTextFile(
      join(dir, "big-schema.yaml"),
      `type: string\ndescription: "${"y".repeat(4096)}"\n`,
    );
    const refused = await spawnOatool(["walk", "operations", "--max-input-size", "1K", "big.yaml"], {
      cwd: dir,
    });
    assert.equal(refused.killed, false);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /^oatool walk operations: .*larger than 1024 bytes\b.*--max-input-size[^\n]*\n$/,
    );
    const refs = await spawnOatool([
      "walk",
      "refs",
      "-q",
      "--detail",
      "--max-input-size",
      "1K",
      "refers.yaml",
    ], {
      cwd: dir,
    });
    assert.equal(refs.code, 0, refs.stderr);
    assert.equal(
      refs.stdout,
      "big-schema.yaml (unresolved)\tschema\tpaths./a.get.responses.200.content.application/json.schema\n",
    );
  });
});

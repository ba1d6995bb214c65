/**
 * Hostile reference graphs that point at an ancestor (`#`, `#/components`, `#/paths`, chains of them) or many
 * times at one large part: `parse --resolve-refs` and `walk --resolve-refs` (which MCP `resolve_refs` shares)
 * keep what would contain itself as `$ref`, or refuse by the expansion budget, instead of running out of
 * memory. Spawned with the binary's permissions, bounded by a kill; outcomes and output sizes asserted.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

/** Most bytes a small hostile input may make a run print. */
const OUTPUT_BOUND = 10 * 1024 * 1024;

function doc(schemas: Record<string, unknown>, paths: Record<string, unknown> = {}): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths,
    components: { schemas },
  });
}

/** A path whose response schema is `#/components/schemas/<name>`. */
function pathTo(name: string): Record<string, unknown> {
  return {
    "/a": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
          },
        },
      },
    },
  };
}

async function run(args: string[], dir: string) {
  const r = await spawnOatool(args, { cwd: dir, timeoutMs: 60_000 });
  assert.ok(!r.killed, `oatool ${args.join(" ")} did not finish`);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, "no stack trace");
  assert.ok(r.stdout.length + r.stderr.length < OUTPUT_BOUND, "bounded output");
  return r;
}

/** The `circular reference … kept as $ref` warnings of a parse run, in order. */
function circular(stderr: string): string[] {
  return [...stderr.matchAll(/warning: (\S+): circular reference "([^"]*)" kept as \$ref\./g)].map((m) =>
    `${m[1]} ${m[2]}`
  );
}

Deno.test("hostile refs: a reference to an ancestor with a sibling (#/components + description) stays $ref", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      join(dir, "a.json"),
      doc({ Error: { $ref: "#/components", description: "x" } }, pathTo("Error")),
    );
    for (
      const args of [["parse", "--resolve-refs", "a.json"], ["walk", "schemas", "--resolve-refs", "a.json"]]
    ) {
      const r = await run(args, dir);
      assert.equal(r.code, 0, r.stderr);
    }
    const r = await run(["parse", "--resolve-refs", "a.json"], dir);
    const out = JSON.parse(r.stdout.slice(r.stdout.indexOf("\n{") + 1));
    assert.deepEqual(out.components.schemas.Error, { $ref: "#/components", description: "x" });
    assert.deepEqual(circular(r.stdout + r.stderr), [
      "paths./a.get.responses.200.content.application/json.schema.schemas.Error #/components",
    ]);
  });
});

Deno.test("hostile refs: references to #, #/paths, #/components/schemas and a chain of ancestors stay $ref", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      join(dir, "a.json"),
      doc({
        A: { properties: { x: { $ref: "#/components/schemas" }, y: { $ref: "#/components/schemas/B" } } },
        B: { $ref: "#/components/schemas/C" },
        C: { $ref: "#/components", description: "chain" },
        Root: { $ref: "#", description: "root" },
        P: { $ref: "#/paths" },
      }, pathTo("A")),
    );
    const r = await run(["parse", "-q", "--resolve-refs", "a.json"], dir);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    const a = out.paths["/a"].get.responses["200"].content["application/json"].schema;
    assert.deepEqual(a.properties.x, { $ref: "#/components/schemas" });
    assert.deepEqual(a.properties.y, { $ref: "#/components/schemas/B" });
    assert.deepEqual(out.components.schemas.C, { $ref: "#/components", description: "chain" });
    assert.deepEqual(out.components.schemas.Root, { $ref: "#", description: "root" });
    // #/paths holds no reference back, so it is inlined: a copy of the paths, not a cycle.
    assert.deepEqual(out.components.schemas.P, out.paths);
  });
});

Deno.test("hostile refs: thousands of references to one large part are refused by the expansion budget", async () => {
  await withTempDir(async (dir) => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) paths[`/p${i}`] = { get: { responses: { "200": { description: "ok" } } } };
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 2_000; i++) {
      schemas[`S${i}`] = { $ref: i % 2 === 0 ? "#/paths" : "#/components/schemas/S0" };
    }
    await Deno.writeTextFile(join(dir, "a.json"), doc(schemas, paths));
    for (
      const args of [["parse", "-q", "--resolve-refs", "a.json"], [
        "walk",
        "schemas",
        "--resolve-refs",
        "a.json",
      ]]
    ) {
      const r = await run(args, dir);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(
        r.stderr,
        /a\.json: resolving its references would make the document hold more than [\d,]+ values \(the expansion budget: 100 times the [\d,]+ values of the input, at least 100,000\); references that multiply like this \(several references to one large part, or to an ancestor\) are an expansion bomb, so leave them as \$ref \(run without --resolve-refs, or resolve_refs: false\)\.\n$/,
      );
    }
  });
});

Deno.test("hostile refs: a long text or a deep place multiplied is refused by the budget of written characters", async () => {
  await withTempDir(async (dir) => {
    // 150 references to a schema with a description of 200,000 characters: few values, 30 MB written.
    const long: Record<string, unknown> = { D: { type: "string", description: "d".repeat(200_000) } };
    for (let i = 0; i < 150; i++) long[`R${i}`] = { $ref: "#/components/schemas/D" };
    await Deno.writeTextFile(join(dir, "long.json"), doc(long));
    // 13,000 values under 450 references nested two levels each: a few thousand values, 900 levels indented.
    const deep: Record<string, unknown> = {};
    for (let i = 0; i < 450; i++) {
      deep[`S${i}`] = { properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    }
    const leaf: Record<string, unknown> = {};
    for (let i = 0; i < 1_000; i++) leaf[`p${i}`] = { $ref: "#/components/schemas/L" };
    deep.S450 = { properties: leaf };
    deep.L = { type: "string", enum: ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] };
    await Deno.writeTextFile(join(dir, "deep.json"), doc(deep));
    for (const file of ["long.json", "deep.json"]) {
      const r = await run(["parse", "-q", "--resolve-refs", file], dir);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(
        r.stderr,
        new RegExp(
          `^oatool parse: ${
            file.replace(".", "\\.")
          }: resolving its references would make the document about [\\d,]+ characters long once written \\(the expansion budget: 100 times the [\\d,]+ characters of the input, at least 10,485,760\\); references that multiply a long text or a deep part like this are an expansion bomb, so leave them as \\$ref \\(run without --resolve-refs, or resolve_refs: false\\)\\.\\n$`,
        ),
      );
    }
  });
});

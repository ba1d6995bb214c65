/**
 * Hostile document pairs for `oatool diff`, run as spawned processes (bounded by a kill, no timing asserted):
 * schemas nested as deep as the parser allows, recursive and mutually recursive schemas, `allOf` cycles, pure
 * reference loops, callbacks that lead back to themselves, a huge enum, and control characters in names.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

type Json = Record<string, unknown>;

function doc(schemas: Json, paths?: Json): Json {
  return {
    openapi: "3.1.0",
    info: { title: "hostile", version: "1" },
    paths: paths ?? {
      "/a": {
        post: {
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } } },
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: { schemas },
  };
}

async function diffPair(a: Json, b: Json, extra: string[] = []) {
  return await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.json"), JSON.stringify(a));
    await Deno.writeTextFile(join(dir, "b.json"), JSON.stringify(b));
    return await spawnOatool(["diff", "--breaking", ...extra, join(dir, "a.json"), join(dir, "b.json")], {
      timeoutMs: 60_000,
    });
  });
}

/** A schema nested `depth` properties deep with a leaf of the given type. */
function nested(depth: number, leaf: string): Json {
  let s: Json = { type: leaf };
  for (let i = 0; i < depth; i++) s = { type: "object", properties: { p: s } };
  return s;
}

Deno.test("hostile diff: a change at the bottom of a schema nested 450 levels deep is found without recursion", async () => {
  const r = await diffPair(doc({ S: nested(450, "string") }), doc({ S: nested(450, "integer") }));
  assert.equal(r.killed, false);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /ERROR {4}components\.schemas\.S(\.properties\.p){450}: .*\[request-type-changed\]/);
});

Deno.test("hostile diff: recursive and mutually recursive schemas terminate and report once", async () => {
  const tree = (leaf: string): Json => ({
    S: {
      type: "object",
      properties: {
        value: { type: leaf },
        children: { type: "array", items: { $ref: "#/components/schemas/S" } },
        other: { $ref: "#/components/schemas/T" },
      },
    },
    T: { type: "object", properties: { back: { $ref: "#/components/schemas/S" } } },
  });
  const r = await diffPair(doc(tree("string")), doc(tree("integer")));
  assert.equal(r.killed, false);
  assert.equal(r.code, 1);
  assert.equal(r.stdout.match(/\[request-type-changed\]/g)?.length, 1);
});

Deno.test("hostile diff: allOf cycles are merged once", async () => {
  const cyc = (t: string): Json => ({
    S: { allOf: [{ $ref: "#/components/schemas/T" }], properties: { a: { type: t } } },
    T: { allOf: [{ $ref: "#/components/schemas/S" }], properties: { b: { type: "string" } } },
  });
  const r = await diffPair(doc(cyc("string")), doc(cyc("boolean")));
  assert.equal(r.killed, false);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /\[request-type-changed\]/);
});

Deno.test("hostile diff: a pure reference loop is invalid input with one message", async () => {
  const loop = { S: { $ref: "#/components/schemas/T" }, T: { $ref: "#/components/schemas/S" } };
  const r = await diffPair(doc({ S: { type: "string" } }), doc(loop));
  assert.equal(r.killed, false);
  assert.equal(r.code, 2); // diff could not compare (issue 32): 1 means differences
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^oatool diff: .*b\.json: .*loop of references that never reaches a value\.\n$/);
});

Deno.test("hostile diff: callbacks that lead back to themselves end", async () => {
  const cb = (t: string): Json => ({
    openapi: "3.1.0",
    info: { title: "cb", version: "1" },
    paths: {
      "/a": { post: { callbacks: { c: { $ref: "#/components/callbacks/C" } }, responses: {} } },
    },
    components: {
      callbacks: {
        C: {
          "{$url}": {
            post: {
              requestBody: { content: { "application/json": { schema: { type: t } } } },
              callbacks: { again: { $ref: "#/components/callbacks/C" } },
              responses: {},
            },
          },
        },
      },
    },
  });
  const r = await diffPair(cb("string"), cb("integer"));
  assert.equal(r.killed, false);
  assert.equal(r.code, 1);
  assert.equal(r.stdout.match(/\[response-type-changed\]/g)?.length, 1);
});

Deno.test("hostile diff: a 50,000-value enum losing every other value is linear and reported per value", async () => {
  const values = Array.from({ length: 50_000 }, (_, i) => `v${i}`);
  const r = await diffPair(
    doc({ S: { type: "string", enum: values } }),
    doc({ S: { type: "string", enum: values.filter((_, i) => i % 2 === 0) } }),
    ["--format", "json"],
  );
  assert.equal(r.killed, false);
  assert.equal(r.code, 1);
  assert.equal(JSON.parse(r.stdout).breakingCount, 25_000);
});

Deno.test("hostile diff: 5,000 oneOf alternatives on each side, none alike, pair in bounded time", async () => {
  const alts = (from: number) => Array.from({ length: 5_000 }, (_, i) => ({ const: `v${from + i}` }));
  const r = await diffPair(doc({ S: { oneOf: alts(0) } }), doc({ S: { oneOf: alts(5_000) } }), [
    "--format",
    "json",
  ]);
  assert.equal(r.killed, false);
  const report = JSON.parse(r.stdout);
  assert.equal(
    report.changes.filter((c: { id: string }) => c.id === "request-one-of-alternative-added").length,
    5_000,
  );
  assert.equal(report.breakingCount, 5_000);
  // Reordered, they all pair (by content) and nothing changes.
  const same = await diffPair(doc({ S: { oneOf: alts(0) } }), doc({ S: { oneOf: alts(0).reverse() } }));
  assert.equal(same.code, 0);
});

Deno.test("hostile diff: 3,000 components renamed, or replaced, are matched without comparing every pair", async () => {
  const comps = (prefix: string, from: number) =>
    Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`${prefix}${i}`, { const: `v${from + i}` }]));
  const base = { S: { type: "string" } };
  const renamed = await diffPair(doc({ ...base, ...comps("A", 0) }), doc({ ...base, ...comps("B", 0) }), [
    "--format",
    "json",
  ]);
  assert.equal(renamed.killed, false);
  const ids = JSON.parse(renamed.stdout).changes.map((c: { id: string }) => c.id);
  assert.equal(ids.length, 3_000);
  assert.ok(ids.every((id: string) => id === "component-renamed"));
  const replaced = await diffPair(
    doc({ ...base, ...comps("A", 0) }),
    doc({ ...base, ...comps("B", 3_000) }),
    [
      "--format",
      "json",
    ],
  );
  assert.equal(replaced.killed, false);
  assert.equal(JSON.parse(replaced.stdout).totalChanges, 6_000);
});

Deno.test("hostile diff: control characters in names are escaped in text and github reports", async () => {
  const evil = "/a\u001b[2J\n::error::forged";
  const a = doc({ S: { type: "string" } });
  const b = doc({ S: { type: "string" } }, {
    ...(a.paths as Json),
    [evil]: { get: { responses: {} } },
  });
  const text = await diffPair(a, b);
  assert.equal(text.code, 0);
  assert.ok(!text.stdout.includes("\u001b"));
  assert.match(text.stdout, /\\u001b\[2J\\n::error::forged/);
  const gh = await diffPair(a, b, ["--format", "github"]);
  assert.equal(gh.stdout.trimEnd().split("\n").length, 1);
  assert.match(
    gh.stdout,
    /^::notice file=.*b\.json,line=\d+,col=\d+,title=INFO endpoint-added::.*%0A::error::forged/,
  );
});

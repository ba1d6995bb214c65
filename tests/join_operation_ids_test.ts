/**
 * Issue 28: an operationId that an earlier input already uses is a collision of type `operationId`: it fails
 * under `fail`; under every other strategy the later operation is renamed with the operationId template, and the
 * links of its document that name it follow.
 */
import assert from "node:assert/strict";
import { documentFromObject, UsageError } from "../src/core/mod.ts";
import { COLLISION_STRATEGIES, join, JoinCollisionError } from "../src/joiner/mod.ts";
import { run } from "../src/cli/_test_io.ts";
import { at, emptyDoc, FAMILIES, type Family, type Obj, withTemp, writeInputs } from "./join_helpers_test.ts";

/** Input `title`: GET /<title> is getThing (3.x: with a link to getThing, and a callback operation notify). */
function input(family: Family, title: string): Obj {
  const doc = emptyDoc(family, title);
  const ok: Obj = { description: "ok" };
  if (family !== "2.0") ok.links = { again: { operationId: "getThing" } };
  const get: Obj = { operationId: "getThing", tags: ["things"], responses: { "200": ok } };
  const paths: Obj = { [`/${title}`]: { get } };
  if (family !== "2.0") {
    (paths[`/${title}`] as Obj).post = {
      operationId: `post${title}`,
      responses: { "200": { description: "ok" } },
      callbacks: {
        onEvent: {
          "{$request.body#/url}": {
            post: { operationId: "notify", responses: { "200": { description: "ok" } } },
          },
        },
      },
    };
    doc.components = { links: { [`Again${title}`]: { operationId: "getThing" } } };
  }
  doc.paths = paths;
  return doc;
}

const fleet = (family: Family) =>
  ["a", "b", "c"].map((t) => documentFromObject(input(family, t), { source: `${t}.json` }));

/** Every operationId of a joined document, in document order. */
function operationIds(doc: unknown): string[] {
  const out: string[] = [];
  const visit = (item: Obj) => {
    for (const op of Object.values(item)) {
      if (op === null || typeof op !== "object") continue;
      if (typeof (op as Obj).operationId === "string") out.push((op as Obj).operationId as string);
      for (const cb of Object.values(((op as Obj).callbacks ?? {}) as Obj)) {
        for (const inner of Object.values(cb as Obj)) visit(inner as Obj);
      }
    }
  };
  for (const item of Object.values(at(doc, ["paths"]) as Obj)) visit(item as Obj);
  return out;
}

for (const family of FAMILIES) {
  Deno.test(`operationIds of three ${family} inputs under every strategy`, async (t) => {
    const ids = family === "2.0" ? ["getThing"] : ["getThing", "notify"];
    for (const strategy of COLLISION_STRATEGIES) {
      await t.step(strategy, async () => {
        if (strategy === "fail") {
          const error = await join(fleet(family)).then(() => undefined, (e: unknown) => e);
          assert.ok(error instanceof JoinCollisionError, String(error));
          assert.deepEqual(
            error.collisions.map((c) => `${c.type} ${c.name} ${c.leftSource} ${c.rightSource}`),
            ["b.json", "c.json"].flatMap((right) => ids.map((id) => `operationId ${id} a.json ${right}`)),
          );
          return;
        }
        const r = await join(fleet(family), { defaultStrategy: strategy, collisionReport: true });
        const all = operationIds(r.document);
        assert.equal(new Set(all).size, all.length, `duplicate operationIds: ${all.join(", ")}`);
        for (const id of ids) {
          for (const [title, expected] of [["a", id], ["b", `${id}_b`], ["c", `${id}_c`]]) {
            assert.ok(all.includes(expected), `${title}: ${expected} in ${all.join(", ")}`);
          }
        }
        assert.equal(at(r.document, ["paths", "/a", "get", "operationId"]), "getThing");
        assert.equal(at(r.document, ["paths", "/c", "get", "operationId"]), "getThing_c");
        assert.deepEqual(
          r.collisionDetails!.collisions.map((c) => `${c.type} ${c.name} -> ${c.newName}`),
          ["b", "c"].flatMap((s) => ids.map((id) => `operationId ${id} -> ${id}_${s}`)),
        );
        assert.ok(
          r.warnings.includes("operationId 'getThing' collision: right renamed to 'getThing_b' in b.json"),
        );
        if (family === "2.0") return;
        // The links of each document name its own operation.
        const link = (title: string) =>
          at(r.document, ["paths", `/${title}`, "get", "responses", "200", "links"]);
        assert.deepEqual(link("a"), { again: { operationId: "getThing" } });
        assert.deepEqual(link("b"), { again: { operationId: "getThing_b" } });
        assert.deepEqual(link("c"), { again: { operationId: "getThing_c" } });
        assert.deepEqual(at(r.document, ["components", "links"]), {
          Againa: { operationId: "getThing" },
          Againb: { operationId: "getThing_b" },
          Againc: { operationId: "getThing_c" },
        });
      });
    }
  });
}

Deno.test("the operationId template: the fix command's placeholders and {source}; a bad one is a usage error", async () => {
  const r = await join(fleet("3.x"), {
    defaultStrategy: "accept-left",
    operationIdTemplate: "{source:pascal}{operationId:pascal}{tag:upper}",
  });
  assert.equal(at(r.document, ["paths", "/b", "get", "operationId"]), "BGetThingTHINGS");
  // A template result that is taken gets a suffix.
  const taken = await join(fleet("3.x"), {
    defaultStrategy: "accept-left",
    operationIdTemplate: "{operationId}",
  });
  assert.equal(at(r.document, ["paths", "/c", "get", "operationId"]), "CGetThingTHINGS");
  assert.equal(at(taken.document, ["paths", "/b", "get", "operationId"]), "getThing_2");
  assert.equal(at(taken.document, ["paths", "/c", "get", "operationId"]), "getThing_3");
  await assert.rejects(join(fleet("3.x"), { operationIdTemplate: "{nope}" }), (e: unknown) => {
    assert.ok(e instanceof UsageError);
    assert.match(e.message, /unknown placeholder \{nope\}; use .*\{source\}/);
    return true;
  });
  await withTemp(async (dir) => {
    const files = await writeInputs(dir, { "a.json": input("3.x", "a"), "b.json": input("3.x", "b") });
    const bad = await run(["join", "--operationid-template", "{nope}", "-o", `${dir}/o.json`, ...files]);
    // Like a bad --rename-template: a usage error, exit 1 (join's usage code).
    assert.equal(bad.code, 1, bad.stderr);
    assert.match(bad.stderr, /unknown placeholder \{nope\}/);
    const ok = await run(["join", "--default-strategy", "accept-left", "-o", `${dir}/o.json`, ...files]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /operationId 'getThing' collision: right renamed to 'getThing_b' in .*b\.json/);
  });
});

/**
 * Issue 28: same-named components that are identical are one component, in every component section, under every
 * strategy: no collision, no rename, an info count instead. Descriptions count unless equivalenceIgnoreDocs.
 */
import assert from "node:assert/strict";
import { COLLISION_STRATEGIES, join, JoinCollisionError } from "../src/joiner/mod.ts";
import { run } from "../src/cli/_test_io.ts";
import {
  at,
  emptyDoc,
  FAMILIES,
  type Family,
  type Obj,
  put,
  sectionsOf,
  withTemp,
  writeInputs,
} from "./join_helpers_test.ts";

/** Three inputs: each has every section's `Shared` (the same value) and its own `Own<title>`, and its own path. */
function fleet(
  family: Family,
  shared: (type: string) => unknown = (t) => sectionValue(family, t, "L"),
): Obj[] {
  return ["a", "b", "c"].map((title) => {
    const doc = emptyDoc(family, title);
    for (const s of sectionsOf(family)) {
      put(doc, [...s.segments, "Shared"], shared(s.type));
      put(doc, [...s.segments, `Own${title}`], s.value("R"));
    }
    (doc.paths as Obj)[`/${title}`] = { get: { responses: { "200": { description: title } } } };
    return doc;
  });
}

function sectionValue(family: Family, type: string, side: string): unknown {
  return sectionsOf(family).find((s) => s.type === type)!.value(side);
}

for (const family of FAMILIES) {
  Deno.test(`identical components of three ${family} inputs are merged in every section, under every strategy`, async (t) => {
    const sections = sectionsOf(family);
    for (const strategy of COLLISION_STRATEGIES) {
      await t.step(strategy, async () => {
        const r = await join(fleet(family), { defaultStrategy: strategy, collisionReport: true });
        assert.equal(r.collisionCount, 0, r.warnings.join("\n"));
        assert.deepEqual(r.collisionDetails!.collisions, []);
        // b and c each meet every section's Shared again.
        assert.equal(r.identicalCount, 2 * sections.length);
        assert.equal(r.collisionDetails!.identicalCount, 2 * sections.length);
        for (const s of sections) {
          const map = at(r.document, s.segments) as Obj;
          assert.deepEqual(map.Shared, sectionValue(family, s.type, "L"), s.type);
          assert.deepEqual(Object.keys(map).sort(), ["Owna", "Ownb", "Ownc", "Shared"], s.type);
        }
        assert.deepEqual(r.warnings, []);
      });
    }
  });

  Deno.test(`${family}: descriptions count, unless equivalenceIgnoreDocs; a differing value still collides`, async () => {
    // The same component but for its description: a collision under fail, listed for b and for c.
    const described = (title: string) => (type: string) => {
      const v = sectionValue(family, type, "L") as Obj;
      return type === "example" || type === "link" || type === "callback" || type === "pathItem"
        ? v
        : { ...v, description: `described by ${title}` };
    };
    const docs = fleet(family).map((d, i) => {
      const title = ["a", "b", "c"][i];
      for (const s of sectionsOf(family)) put(d, [...s.segments, "Shared"], described(title)(s.type));
      return d;
    });
    const differing = sectionsOf(family).filter((s) =>
      !["example", "link", "callback", "pathItem"].includes(s.type)
    );
    const error = await join(docs).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof JoinCollisionError, String(error));
    assert.deepEqual(
      error.collisions.map((c) => `${c.type} ${c.name} ${c.leftSource} ${c.rightSource}`),
      [
        ...differing.map((s) => `${s.type} Shared parsed[0] parsed[1]`),
        ...differing.map((s) => `${s.type} Shared parsed[0] parsed[2]`),
      ],
    );
    const ignored = await join(docs, { equivalenceIgnoreDocs: true });
    assert.equal(ignored.collisionCount, 0);
    assert.equal(ignored.identicalCount, 2 * sectionsOf(family).length);
    // dedup-equivalent keeps its meaning: a same-named schema that differs fails.
    const schema = sectionsOf(family)[0];
    const clash = fleet(family);
    put(clash[2], [...schema.segments, "Shared"], schema.value("R"));
    await assert.rejects(join(clash, { defaultStrategy: "dedup-equivalent" }), (e: unknown) => {
      assert.ok(e instanceof JoinCollisionError);
      assert.deepEqual(e.collisions.map((c) => `${c.type} ${c.name}`), ["schema Shared"]);
      assert.match(e.message, /differ/);
      return true;
    });
  });
}

Deno.test("oatool join reports identical components as an info line, not as collisions", async () => {
  await withTemp(async (dir) => {
    const [a, b, c] = fleet("3.x");
    const files = await writeInputs(dir, { "a.json": a, "b.json": b, "c.json": c });
    const out = `${dir}/out.json`;
    const r = await run(["join", "-o", out, ...files]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\nCollisions Resolved: 0\n/);
    assert.match(r.stderr, new RegExp(`\\n${2 * sectionsOf("3.x").length} identical components merged\\n`));
  });
});

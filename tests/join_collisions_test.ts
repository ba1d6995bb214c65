/**
 * Issue 28: under `fail` (and `fail-on-paths`) a join of three inputs meets every collision, of every section
 * and input, and fails once listing them all with both sources and `file:line:column`; `dedup-or-rename` merges
 * what is identical and renames what differs.
 */
import assert from "node:assert/strict";
import { join, JoinCollisionError } from "../src/joiner/mod.ts";
import { run } from "../src/cli/_test_io.ts";
import {
  at,
  emptyDoc,
  FAMILIES,
  type Family,
  type Obj,
  operation,
  positionIn,
  put,
  sectionsOf,
  withTemp,
  writeInputs,
} from "./join_helpers_test.ts";

function schemaRef(family: Family, name: string): Obj {
  return { $ref: family === "2.0" ? `#/definitions/${name}` : `#/components/schemas/${name}` };
}

/** An operation answering with a schema. */
function returning(family: Family, name: string, operationId: string): Obj {
  const response = family === "2.0"
    ? { description: "ok", schema: schemaRef(family, name) }
    : { description: "ok", content: { "application/json": { schema: schemaRef(family, name) } } };
  return { operationId, responses: { "200": response } };
}

/**
 * a, b and c. b: Pet and Limit differ from a's, /pets differs, its /b reuses a's operationId listPets.
 * c: Order and NotFound differ from a's; its Pet is a's (identical: no collision).
 */
function fleet(family: Family): Record<string, Obj> {
  const [schema, parameter, response] = sectionsOf(family);
  const a = emptyDoc(family, "a");
  const b = emptyDoc(family, "b");
  const c = emptyDoc(family, "c");
  for (const [doc, pet, order] of [[a, "L", "L"], [b, "R", undefined], [c, "L", "R"]] as const) {
    put(doc, [...schema.segments, "Pet"], schema.value(pet));
    if (order) put(doc, [...schema.segments, "Order"], schema.value(order));
  }
  put(a, [...parameter.segments, "Limit"], parameter.value("L"));
  put(b, [...parameter.segments, "Limit"], parameter.value("R"));
  put(a, [...response.segments, "NotFound"], response.value("L"));
  put(c, [...response.segments, "NotFound"], response.value("R"));
  (a.paths as Obj)["/pets"] = { get: returning(family, "Pet", "listPets") };
  (b.paths as Obj)["/pets"] = { get: operation("b's pets", "petsOfB") };
  (b.paths as Obj)["/b"] = { get: returning(family, "Pet", "listPets") };
  (c.paths as Obj)["/c"] = { get: returning(family, "Order", "listOrders") };
  return { "a.json": a, "b.json": b, "c.json": c };
}

for (const family of FAMILIES) {
  Deno.test(`fail: every collision of three ${family} inputs in one run, with positions`, async () => {
    await withTemp(async (dir) => {
      const docs = fleet(family);
      const [a, b, c] = await writeInputs(dir, docs);
      const text = new Map([a, b, c].map((f) => [f, Deno.readTextFileSync(f)]));
      const [schema, parameter, response] = sectionsOf(family);
      const where = (file: string, segments: string[]) => `${file}:${positionIn(text.get(file)!, segments)}`;
      const expected = [
        ["schema", "Pet", a, [...schema.segments, "Pet"], b, [...schema.segments, "Pet"]],
        ["parameter", "Limit", a, [...parameter.segments, "Limit"], b, [...parameter.segments, "Limit"]],
        ["path", "/pets", a, ["paths", "/pets"], b, ["paths", "/pets"]],
        [
          "operationId",
          "listPets",
          a,
          ["paths", "/pets", "get", "operationId"],
          b,
          ["paths", "/b", "get", "operationId"],
        ],
        ["schema", "Order", a, [...schema.segments, "Order"], c, [...schema.segments, "Order"]],
        ["response", "NotFound", a, [...response.segments, "NotFound"], c, [
          ...response.segments,
          "NotFound",
        ]],
      ] as const;
      const error = await join([a, b, c]).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof JoinCollisionError, String(error));
      const pos = (p: { file: string; line: number; column: number } | undefined) =>
        p ? `${p.file}:${p.line}:${p.column}` : "?";
      assert.deepEqual(
        error.collisions.map((x) =>
          `${x.type} ${x.name}: ${x.leftSource} ${pos(x.leftLocation)} vs ${x.rightSource} ${
            pos(x.rightLocation)
          }`
        ),
        expected.map(([type, name, lf, ls, rf, rs]) =>
          `${type} ${name}: ${lf} ${where(lf, [...ls])} vs ${rf} ${where(rf, [...rs])}`
        ),
      );
      // The single-collision fields describe the first; the message names it and how many more.
      assert.equal(error.type, "schema");
      assert.equal(error.collidedName, "Pet");
      assert.match(
        error.message,
        /^schema collision: 'Pet' defined in .*a\.json .* and .*b\.json .*\(and 5 more collisions: parameter 'Limit', path '\/pets', operationId 'listPets', schema 'Order', response 'NotFound'\)\.$/,
      );

      // fail-on-paths fails on the path only: the other sections keep the left value, listPets is renamed.
      const paths = await join([a, b, c], { defaultStrategy: "fail-on-paths" }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(paths instanceof JoinCollisionError);
      assert.deepEqual(paths.collisions.map((x) => `${x.type} ${x.name}`), ["path /pets"]);

      // The command: exit 1, the list grouped by section, nothing written.
      const out = `${dir}/out.json`;
      const r = await run(["join", "-o", out, a, b, c]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /^oatool join: schema collision: 'Pet' /);
      const report = r.stderr.slice(r.stderr.indexOf("\nCollisions (6):\n"));
      const line = (name: string, lf: string, ls: readonly string[], rf: string, rs: readonly string[]) =>
        `    '${name}': ${where(lf, [...ls])} vs ${where(rf, [...rs])}\n`;
      const group = (type: string, rows: (typeof expected)[number][]) =>
        `  ${type} (${rows.length}):\n` +
        rows.map(([, n, lf, ls, rf, rs]) => line(n, lf, ls, rf, rs)).join("");
      const by = (type: string) => expected.filter((x) => x[0] === type);
      assert.equal(
        report,
        "\nCollisions (6):\n" + group("schema", by("schema")) + group("parameter", by("parameter")) +
          group("path", by("path")) + group("operationId", by("operationId")) +
          group("response", by("response")),
      );
      await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
    });
  });

  Deno.test(`dedup-or-rename over three ${family} inputs: identical merged, differing renamed, refs follow`, async () => {
    const docs = Object.values(fleet(family));
    const r = await join(docs, { defaultStrategy: "dedup-or-rename", pathStrategy: "accept-left" });
    const [schema, parameter, response] = sectionsOf(family);
    const schemas = at(r.document, schema.segments) as Obj;
    assert.deepEqual(Object.keys(schemas).sort(), ["Order", "Order_parsed_2", "Pet", "Pet_parsed_1"]);
    assert.deepEqual(schemas.Pet_parsed_1, schema.value("R"));
    assert.deepEqual(Object.keys(at(r.document, parameter.segments) as Obj), ["Limit", "Limit_parsed_1"]);
    assert.deepEqual(Object.keys(at(r.document, response.segments) as Obj), [
      "NotFound",
      "NotFound_parsed_2",
    ]);
    const ref = (path: string) => {
      const ok = at(r.document, ["paths", path, "get", "responses", "200"]) as Obj;
      return family === "2.0"
        ? (ok.schema as Obj).$ref
        : (at(ok, ["content", "application/json", "schema"]) as Obj).$ref;
    };
    const base = family === "2.0" ? "#/definitions/" : "#/components/schemas/";
    assert.equal(ref("/pets"), `${base}Pet`);
    assert.equal(ref("/b"), `${base}Pet_parsed_1`);
    assert.equal(ref("/c"), `${base}Order_parsed_2`, "c's Order was renamed, and its reference follows");
    assert.equal(at(r.document, ["paths", "/b", "get", "operationId"]), "listPets_parsed_1");
    // c's Pet is a's: merged, not a collision. Pet (b), Limit, Order, NotFound, /pets and listPets are.
    assert.equal(r.identicalCount, 1);
    assert.equal(r.collisionCount, 6);
    // Paths cannot be renamed: dedup-or-rename fails on a path that differs.
    await assert.rejects(join(docs, { defaultStrategy: "dedup-or-rename" }), (e: unknown) => {
      assert.ok(e instanceof JoinCollisionError);
      assert.deepEqual(e.collisions.map((x) => `${x.type} ${x.name}`), ["path /pets"]);
      assert.match(e.message, /dedup-or-rename cannot resolve it/);
      return true;
    });
  });
}

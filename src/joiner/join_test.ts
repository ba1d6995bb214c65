import assert from "node:assert/strict";
import type { Obj } from "../core/json.ts";
import { getAt } from "../core/pointer.ts";
import { UsageError } from "../core/mod.ts";
import type { CollisionType } from "./collision_handler.ts";
import { COLLISION_STRATEGIES, type CollisionStrategy } from "./collision_strategy.ts";
import { JoinCollisionError } from "./errors.ts";
import { join } from "./join.ts";
import type { JoinResult } from "./join_result.ts";
import { danglingRefs, follow, named, oas2, oas3 } from "./_helpers_test.ts";

type Side = "L" | "R";
type Family = "2.0" | "3.2";

/** One collision type: where it lives, a value per side, how a document uses it, and how to read the use back. */
interface Case {
  type: CollisionType;
  families: Family[];
  label: string;
  name: string;
  section(f: Family): string[];
  value(side: Side, f: Family): unknown;
  /** Adds a use of the component `name` to the operation `op` (or the document). */
  use?(doc: Obj, op: Obj, name: string, f: Family, side: Side): void;
  /** What the use site of `side` refers to in the result. */
  used?(result: Obj, side: Side, f: Family): unknown;
}

const op = (doc: Obj, side: Side): Obj => (((doc.paths as Obj)[`/uses-${side}`] as Obj).get as Obj);
const ok = { description: "ok" };

const CASES: Case[] = [
  {
    type: "schema",
    families: ["2.0", "3.2"],
    label: "schema",
    name: "X",
    section: (f) => f === "2.0" ? ["definitions"] : ["components", "schemas"],
    value: (side) => ({ type: "object", properties: { side: { type: "string", enum: [side] } } }),
    use(_doc, o, name, f) {
      o.responses = {
        "200": f === "2.0" ? { description: "ok", schema: { $ref: `#/definitions/${name}` } } : {
          description: "ok",
          content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
        },
      };
    },
    used(r, side, f) {
      const res = (op(r, side).responses as Obj)["200"] as Obj;
      return follow(r, f === "2.0" ? res.schema : ((res.content as Obj)["application/json"] as Obj).schema);
    },
  },
  {
    type: "parameter",
    families: ["2.0", "3.2"],
    label: "parameter",
    name: "X",
    section: (f) => f === "2.0" ? ["parameters"] : ["components", "parameters"],
    value: (side, f) =>
      f === "2.0"
        ? { name: `p${side}`, in: "query", type: "string" }
        : { name: `p${side}`, in: "query", schema: { type: "string" } },
    use(_doc, o, name, f) {
      o.parameters = [{ $ref: f === "2.0" ? `#/parameters/${name}` : `#/components/parameters/${name}` }];
      o.responses = { "200": ok };
    },
    used: (r, side) => follow(r, (op(r, side).parameters as unknown[])[0]),
  },
  {
    type: "response",
    families: ["2.0", "3.2"],
    label: "response",
    name: "X",
    section: (f) => f === "2.0" ? ["responses"] : ["components", "responses"],
    value: (side) => ({ description: `response ${side}` }),
    use(_doc, o, name, f) {
      o.responses = {
        "200": { $ref: f === "2.0" ? `#/responses/${name}` : `#/components/responses/${name}` },
      };
    },
    used: (r, side) => follow(r, (op(r, side).responses as Obj)["200"]),
  },
  {
    type: "requestBody",
    families: ["3.2"],
    label: "request body",
    name: "X",
    section: () => ["components", "requestBodies"],
    value: (side) => ({ description: side, content: { "application/json": { schema: { type: "string" } } } }),
    use(_doc, o, name) {
      o.requestBody = { $ref: `#/components/requestBodies/${name}` };
      o.responses = { "200": ok };
    },
    used: (r, side) => follow(r, op(r, side).requestBody),
  },
  {
    type: "header",
    families: ["3.2"],
    label: "header",
    name: "X",
    section: () => ["components", "headers"],
    value: (side) => ({ description: side, schema: { type: "string" } }),
    use(_doc, o, name) {
      o.responses = {
        "200": { description: "ok", headers: { "X-H": { $ref: `#/components/headers/${name}` } } },
      };
    },
    used: (r, side) => follow(r, (((op(r, side).responses as Obj)["200"] as Obj).headers as Obj)["X-H"]),
  },
  {
    type: "securityScheme",
    families: ["2.0", "3.2"],
    label: "security scheme",
    name: "X",
    section: (f) => f === "2.0" ? ["securityDefinitions"] : ["components", "securitySchemes"],
    value: (side) => ({ type: "apiKey", name: `key-${side}`, in: "header" }),
    use(_doc, o, name) {
      o.security = [{ [name]: [] }];
      o.responses = { "200": ok };
    },
    used(r, side, f) {
      const name = Object.keys((op(r, side).security as Obj[])[0])[0];
      return getAt(r, [...(f === "2.0" ? ["securityDefinitions"] : ["components", "securitySchemes"]), name]);
    },
  },
  {
    type: "example",
    families: ["3.2"],
    label: "example",
    name: "X",
    section: () => ["components", "examples"],
    value: (side) => ({ value: { side } }),
    use(_doc, o, name) {
      o.responses = {
        "200": {
          description: "ok",
          content: { "application/json": { examples: { e: { $ref: `#/components/examples/${name}` } } } },
        },
      };
    },
    used: (r, side) =>
      follow(
        r,
        ((((((op(r, side).responses as Obj)["200"] as Obj).content as Obj)["application/json"] as Obj)
          .examples) as Obj).e,
      ),
  },
  {
    type: "link",
    families: ["3.2"],
    label: "link",
    name: "X",
    section: () => ["components", "links"],
    value: (side) => ({ operationId: `use${side}`, description: side }),
    use(_doc, o, name) {
      o.responses = { "200": { description: "ok", links: { l: { $ref: `#/components/links/${name}` } } } };
    },
    used: (r, side) => follow(r, ((((op(r, side).responses as Obj)["200"] as Obj).links) as Obj).l),
  },
  {
    type: "callback",
    families: ["3.2"],
    label: "callback",
    name: "X",
    section: () => ["components", "callbacks"],
    value: (side) => ({ "{$request.body#/url}": { post: { responses: { "200": { description: side } } } } }),
    use(_doc, o, name) {
      o.callbacks = { cb: { $ref: `#/components/callbacks/${name}` } };
      o.responses = { "200": ok };
    },
    used: (r, side) => follow(r, (op(r, side).callbacks as Obj).cb),
  },
  {
    type: "pathItem",
    families: ["3.2"],
    label: "path item",
    name: "X",
    section: () => ["components", "pathItems"],
    value: (side) => ({ get: { responses: { "200": { description: side } } } }),
    use(doc, o, name, _f, side) {
      (doc.paths as Obj)[`/item-${side}`] = { $ref: `#/components/pathItems/${name}` };
      o.responses = { "200": ok };
    },
    used: (r, side) => follow(r, (r.paths as Obj)[`/item-${side}`]),
  },
  {
    type: "mediaType",
    families: ["3.2"],
    label: "media type",
    name: "X",
    section: () => ["components", "mediaTypes"],
    value: (side) => ({ schema: { type: "string", description: side } }),
    use(_doc, o, name) {
      o.responses = {
        "200": {
          description: "ok",
          content: { "application/json": { $ref: `#/components/mediaTypes/${name}` } },
        },
      };
    },
    used: (r, side) =>
      follow(r, ((((op(r, side).responses as Obj)["200"] as Obj).content) as Obj)["application/json"]),
  },
  {
    type: "path",
    families: ["2.0", "3.2"],
    label: "path",
    name: "/x",
    section: () => ["paths"],
    value: (side) => ({ get: { operationId: `x${side}`, responses: { "200": { description: side } } } }),
  },
  {
    type: "webhook",
    families: ["3.2"],
    label: "webhook",
    name: "x",
    section: () => ["webhooks"],
    value: (side) => ({ post: { operationId: `hook${side}`, responses: { "200": { description: side } } } }),
  },
];

function put(doc: Obj, segments: string[], value: unknown): void {
  let cur = doc;
  for (const s of segments.slice(0, -1)) cur = (cur[s] ??= {}) as Obj;
  cur[segments[segments.length - 1]] = value;
}

function makeDoc(c: Case, f: Family, side: Side, value: unknown): Obj {
  const doc = f === "2.0" ? oas2() : oas3("3.2.0");
  (doc.info as Obj).title = side;
  put(doc, [...c.section(f), c.name], value);
  if (c.use) {
    const o: Obj = { operationId: `use${side}` };
    (doc.paths as Obj)[`/uses-${side}`] = { get: o };
    c.use(doc, o, c.name, f, side);
    if (o.responses === undefined) o.responses = { "200": ok };
  }
  return doc;
}

function joinCase(c: Case, f: Family, strategy: CollisionStrategy, sameValue = false): Promise<JoinResult> {
  const left = makeDoc(c, f, "L", c.value("L", f));
  const right = makeDoc(c, f, "R", sameValue ? c.value("L", f) : c.value("R", f));
  const group = c.type === "schema" ? "schemaStrategy" : isPath(c) ? "pathStrategy" : "componentStrategy";
  return join({ parsed: [named("left.yaml", left), named("right.yaml", right)], [group]: strategy });
}

function isPath(c: Case): boolean {
  return c.type === "path" || c.type === "webhook";
}
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

for (const family of ["3.2", "2.0"] as const) {
  Deno.test(`every strategy × every collision type (${family === "2.0" ? "OAS 2.0" : "OAS 3.x"})`, async (t) => {
    for (const c of CASES.filter((x) => x.families.includes(family))) {
      for (const strategy of COLLISION_STRATEGIES) {
        await t.step(`${c.type} × ${strategy}`, async () => {
          const at = [...c.section(family), c.name];
          const L = c.value("L", family);
          const R = c.value("R", family);
          const mustFail = strategy === "fail" || strategy === "dedup-equivalent" ||
            (isPath(c) && strategy !== "accept-left" && strategy !== "accept-right");
          if (isPath(c) && strategy.startsWith("rename")) {
            // A rename strategy for paths is refused before anything is read.
            await assert.rejects(joinCase(c, family, strategy), (e: unknown) => {
              assert.ok(e instanceof UsageError);
              assert.match(e.message, /paths cannot be renamed/);
              return true;
            });
            return;
          }
          if (mustFail) {
            const error = await joinCase(c, family, strategy).then(
              () => undefined,
              (e: unknown) => e,
            );
            assert.ok(error instanceof JoinCollisionError, `expected a collision error, got ${error}`);
            assert.equal(error.type, c.type);
            assert.equal(error.collidedName, c.name);
            assert.match(error.message, new RegExp(`'${c.name.replace("/", "\\/")}' defined in left\\.yaml`));
            assert.match(error.message, /and right\.yaml/);
            if (strategy === "dedup-equivalent") assert.match(error.message, /differ/);
            if (strategy === "dedup-equivalent") {
              // Identical values are merged without error; identical components are no collision (issue 28).
              const same = await joinCase(c, family, strategy, true);
              assert.deepEqual(getAt(same.document, at), L);
              assert.equal(same.collisionCount, isPath(c) ? 1 : 0);
              assert.equal(same.identicalCount, isPath(c) ? 0 : 1);
              assert.deepEqual(
                same.warnings,
                isPath(c)
                  ? [`${capital(c.label)} '${c.name}' collision resolved with dedup-equivalent strategy`]
                  : [],
              );
              if (c.used) assert.deepEqual(c.used(same.document, "R", family), L);
            }
            return;
          }
          const r = await joinCase(c, family, strategy);
          const doc = r.document as Obj;
          assert.equal(r.collisionCount, 1);
          switch (strategy) {
            case "accept-left":
            case "fail-on-paths":
              assert.deepEqual(getAt(doc, at), L);
              assert.deepEqual(r.warnings, [
                `${capital(c.label)} '${c.name}' collision resolved with ${strategy} strategy`,
              ]);
              if (c.used) {
                assert.deepEqual(c.used(doc, "L", family), L);
                assert.deepEqual(c.used(doc, "R", family), L);
              }
              break;
            case "accept-right":
              assert.deepEqual(getAt(doc, at), R);
              assert.deepEqual(r.warnings, [
                `${capital(c.label)} '${c.name}' collision resolved with accept-right strategy`,
              ]);
              if (c.used) {
                assert.deepEqual(c.used(doc, "L", family), R);
                assert.deepEqual(c.used(doc, "R", family), R);
              }
              break;
            case "rename-left":
            case "rename-right":
            case "dedup-or-rename": {
              // dedup-or-rename renames the right value when the two differ.
              const renamedSide = strategy === "rename-left" ? "left" : "right";
              const newName = `${c.name}_${renamedSide}`;
              assert.deepEqual(getAt(doc, at), strategy === "rename-left" ? R : L);
              assert.deepEqual(
                getAt(doc, [...c.section(family), newName]),
                strategy === "rename-left" ? L : R,
              );
              assert.deepEqual(r.warnings.filter((w) => !w.includes("top-level security")), [
                `${c.label} '${c.name}' collision: ${renamedSide} renamed to '${newName}'`,
              ]);
              if (c.used) {
                assert.deepEqual(c.used(doc, "L", family), L, "the left document still uses its own value");
                assert.deepEqual(c.used(doc, "R", family), R, "the right document still uses its own value");
              }
              break;
            }
          }
          assert.deepEqual(await danglingRefs(doc), []);
        });
      }
    }
  });
}

Deno.test("the default strategy is fail, and per-type strategies override the default", async () => {
  const schemas = (v: string) => ({ components: { schemas: { S: { type: v } } } });
  const left = named(
    "a.yaml",
    oas3("3.1.0", { paths: { "/p": { get: { responses: { "200": ok } } } }, ...schemas("string") }),
  );
  const right = named(
    "b.yaml",
    oas3("3.1.0", { paths: { "/p": { get: { responses: { "201": ok } } } }, ...schemas("integer") }),
  );
  await assert.rejects(join({ parsed: [left, right] }), JoinCollisionError);
  // The default applies to every type without its own strategy…
  const r1 = await join({ parsed: [left, right], defaultStrategy: "accept-right" });
  assert.deepEqual(getAt(r1.document, ["components", "schemas", "S"]), { type: "integer" });
  assert.deepEqual(getAt(r1.document, ["paths", "/p", "get", "responses"]), { "201": ok });
  // …and a per-type strategy overrides it.
  const r2 = await join({
    parsed: [left, right],
    defaultStrategy: "accept-right",
    schemaStrategy: "accept-left",
  });
  assert.deepEqual(getAt(r2.document, ["components", "schemas", "S"]), { type: "string" });
  assert.deepEqual(getAt(r2.document, ["paths", "/p", "get", "responses"]), { "201": ok });
  // A rename default does not apply to paths: their collisions fail with a clear message.
  await assert.rejects(
    join({ parsed: [left, right], defaultStrategy: "rename-right" }),
    /path collision: '\/p'.*paths cannot be renamed/,
  );
});

Deno.test("three documents: collisions against earlier documents name the document the left value came from", async () => {
  const d = (title: string, schemas: Obj) =>
    named(`${title}.yaml`, oas3("3.0.3", { components: { schemas } }));
  const r = await join({
    parsed: [
      d("a", { A: { type: "string" } }),
      d("b", { B: { type: "string" } }),
      d("c", { B: { type: "integer" } }),
    ],
    schemaStrategy: "accept-left",
    collisionReport: true,
  });
  assert.deepEqual(r.collisionDetails!.collisions[0].sources, ["b.yaml", "c.yaml"]);
  await assert.rejects(
    join({
      parsed: [
        d("a", { A: { type: "string" } }),
        d("b", { B: { type: "string" } }),
        d("c", { B: { type: "integer" } }),
      ],
    }),
    /'B' defined in b\.yaml \(components\.schemas\.B\) and c\.yaml \(components\.schemas\.B\)/,
  );
});

import assert from "node:assert/strict";
import type { Obj } from "../core/json.ts";
import { getAt } from "../core/pointer.ts";
import {
  acceptLeft,
  acceptLeftWithMessage,
  acceptRight,
  acceptRightWithMessage,
  type CollisionContext,
  type CollisionHandler,
  type CollisionResolution,
  continueWithStrategy,
  continueWithStrategyWithMessage,
  deduplicate,
  deduplicateWithMessage,
  fail,
  failWithMessage,
  rename,
  renameWithMessage,
  useCustomValue,
  useCustomValueWithMessage,
} from "./collision_handler.ts";
import { JoinCollisionError } from "./errors.ts";
import { join, type JoinOptions } from "./join.ts";
import { danglingRefs, named, oas3 } from "./_helpers_test.ts";

const use = (ref: string) => ({
  get: {
    responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } } },
  },
});

function docs() {
  return [
    named(
      "left.yaml",
      oas3("3.1.0", {
        paths: { "/shared": use("#/components/schemas/S"), "/left": use("#/components/schemas/S") },
        components: { schemas: { S: { type: "string" } } },
      }),
    ),
    named(
      "right.yaml",
      oas3("3.1.0", {
        paths: { "/shared": use("#/components/schemas/Other"), "/right": use("#/components/schemas/S") },
        components: { schemas: { S: { type: "integer" }, Other: { type: "boolean" } } },
      }),
    ),
  ];
}

function run(handler: CollisionHandler, extra: Partial<JoinOptions> = {}) {
  return join({ parsed: docs(), collisionHandler: handler, collisionReport: true, ...extra });
}

const S = (doc: unknown, name = "S") => getAt(doc, ["components", "schemas", name]);
const shared = (doc: unknown) =>
  getAt(doc, [
    "paths",
    "/shared",
    "get",
    "responses",
    "200",
    "content",
    "application/json",
    "schema",
    "$ref",
  ]);

Deno.test("the handler gets the collision's context, once per collision", async () => {
  const seen: CollisionContext[] = [];
  const r = await run((c) => {
    seen.push(c);
    return continueWithStrategy();
  }, { defaultStrategy: "accept-left" });
  assert.equal(seen.length, 2);
  const [schema, path] = seen;
  assert.equal(schema.type, "schema");
  assert.equal(schema.name, "S");
  assert.equal(schema.jsonPath, "$.components.schemas.S");
  assert.equal(schema.leftSource, "left.yaml");
  assert.equal(schema.rightSource, "right.yaml");
  assert.deepEqual(schema.leftValue, { type: "string" });
  assert.deepEqual(schema.rightValue, { type: "integer" });
  assert.equal(schema.configuredStrategy, "accept-left");
  assert.equal(schema.renameInfo?.Name, "S");
  assert.equal(schema.renameInfo?.Source, "right");
  assert.equal(schema.renameInfo?.Index, 1);
  assert.equal(schema.leftLocation, undefined, "no positions without source maps");
  assert.equal(path.type, "path");
  assert.equal(path.name, "/shared");
  assert.equal(path.jsonPath, "$.paths['/shared']");
  assert.equal(path.renameInfo, undefined);
  // ContinueWithStrategy: the configured strategy applied, and nothing says the handler decided.
  assert.deepEqual(S(r.document), { type: "string" });
  assert.equal(r.collisionDetails!.collisions.every((c) => !c.byHandler), true);
  assert.equal(r.structuredWarnings.some((w) => w.category.startsWith("handler")), false);
});

Deno.test("with source maps the handler gets both positions", async () => {
  const left = named("left.yaml", oas3("3.1.0", { components: { schemas: { S: { type: "string" } } } }));
  const right = named("right.yaml", oas3("3.1.0", { components: { schemas: { S: { type: "integer" } } } }));
  let context: CollisionContext | undefined;
  await join({
    parsed: [left, right],
    sourceMaps: true,
    collisionHandler: (c) => {
      context = c;
      return acceptLeft();
    },
  });
  // Objects are positioned in their JSON serialisation (`documentFromObject`).
  assert.deepEqual(context!.leftLocation, { file: "left.yaml", line: 10, column: 7 });
  assert.deepEqual(context!.rightLocation, { file: "right.yaml", line: 10, column: 7 });
});

Deno.test("every resolution, and a message on any of them becomes a handler-resolution warning", async (t) => {
  const cases: [string, CollisionResolution, (doc: Obj) => void][] = [
    ["acceptLeft", acceptLeft(), (d) => assert.deepEqual(S(d), { type: "string" })],
    ["acceptRight", acceptRight(), (d) => assert.deepEqual(S(d), { type: "integer" })],
    ["deduplicate", deduplicate(), (d) => assert.deepEqual(S(d), { type: "string" })],
    ["rename", rename(), (d) => {
      assert.deepEqual(S(d), { type: "string" });
      assert.deepEqual(S(d, "S_right"), { type: "integer" });
      assert.equal(
        getAt(d, [
          "paths",
          "/right",
          "get",
          "responses",
          "200",
          "content",
          "application/json",
          "schema",
          "$ref",
        ]),
        "#/components/schemas/S_right",
      );
    }],
    ["useCustomValue", useCustomValue({ type: ["string", "integer"] }), (d) => {
      assert.deepEqual(S(d), { type: ["string", "integer"] });
    }],
  ];
  const withMessage: Record<string, CollisionResolution> = {
    acceptLeft: acceptLeftWithMessage("m"),
    acceptRight: acceptRightWithMessage("m"),
    deduplicate: deduplicateWithMessage("m"),
    rename: renameWithMessage("m"),
    useCustomValue: useCustomValueWithMessage({ type: ["string", "integer"] }, "m"),
  };
  for (const [name, resolution, check] of cases) {
    await t.step(name, async () => {
      // The configured strategy (fail) is overridden by the handler for schemas; paths use accept-left.
      const handler: CollisionHandler = (c) => c.type === "schema" ? resolution : continueWithStrategy();
      const r = await run(handler, { pathStrategy: "accept-left" });
      check(r.document as Obj);
      assert.equal(r.collisionCount, 2);
      assert.equal(r.collisionDetails!.collisions[0].byHandler, true);
      assert.equal(r.structuredWarnings.some((w) => w.category === "handler-resolution"), false);
      assert.deepEqual(await danglingRefs(r.document), []);

      const m = await run((c) => c.type === "schema" ? withMessage[name] : continueWithStrategy(), {
        pathStrategy: "accept-left",
      });
      check(m.document as Obj);
      const notes = m.structuredWarnings.filter((w) => w.category === "handler-resolution");
      assert.deepEqual(notes.map((w) => [w.path, w.message]), [
        ["$.components.schemas.S", "collision handler on schema 'S': m"],
      ]);
    });
  }
  await t.step("continueWithStrategyWithMessage records the message and applies the strategy", async () => {
    const r = await run(() => continueWithStrategyWithMessage("looked at it"), {
      defaultStrategy: "accept-right",
    });
    assert.deepEqual(S(r.document), { type: "integer" });
    assert.equal(r.structuredWarnings.filter((w) => w.category === "handler-resolution").length, 2);
  });
  await t.step("fail aborts the join with the handler's message", async () => {
    await assert.rejects(
      run(() => failWithMessage("not on my watch"), { defaultStrategy: "accept-left" }),
      (e: unknown) => {
        assert.ok(e instanceof JoinCollisionError);
        assert.match(
          e.message,
          /^schema collision: 'S' defined in left\.yaml .* and right\.yaml .*the collision handler failed the join: not on my watch \(and 1 more collision: path '\/shared'\)\.$/,
        );
        // Every collision the handler failed, in one run (issue 28).
        assert.deepEqual(e.collisions.map((c) => `${c.type} ${c.name}`), ["schema S", "path /shared"]);
        return true;
      },
    );
    await assert.rejects(
      run(() => fail(), { defaultStrategy: "accept-left" }),
      /collision handler failed the join \(and 1 more collision: path '\/shared'\)\.$/,
    );
  });
});

Deno.test("paths: rename is refused, a custom path item is used, the others apply", async () => {
  const onPaths = (resolution: CollisionResolution): CollisionHandler => (c) =>
    c.type === "path" ? resolution : acceptLeft();
  await assert.rejects(run(onPaths(rename())), (e: unknown) => {
    assert.ok(e instanceof JoinCollisionError);
    assert.equal(e.type, "path");
    assert.match(e.message, /path collision: '\/shared'.*paths cannot be renamed/);
    return true;
  });
  const merged = { get: { responses: { "204": { description: "merged" } } } };
  const r = await run(onPaths(useCustomValue(merged)));
  assert.deepEqual(getAt(r.document, ["paths", "/shared"]), merged);
  assert.notEqual(getAt(r.document, ["paths", "/shared"]), merged, "the custom value is copied");
  assert.equal(shared((await run(onPaths(acceptRight()))).document), "#/components/schemas/Other");
  assert.equal(shared((await run(onPaths(deduplicate()))).document), "#/components/schemas/S");
  await assert.rejects(
    run(onPaths(useCustomValue("not a path item"))),
    /custom value is string "not a path item"/,
  );
});

Deno.test("a handler error is a warning and the configured strategy applies", async () => {
  const r = await run(() => {
    throw new Error("registry unreachable");
  }, { defaultStrategy: "accept-right" });
  assert.deepEqual(S(r.document), { type: "integer" });
  const errors = r.structuredWarnings.filter((w) => w.category === "handler-error");
  assert.deepEqual(errors.map((w) => w.message), [
    "collision handler failed on schema 'S': registry unreachable; the configured strategy accept-right was used",
    "collision handler failed on path '/shared': registry unreachable; the configured strategy accept-right was used",
  ]);
  // A rejected promise and a value that is not a resolution count as errors too.
  const rejected = await run(() => Promise.reject(new Error("no")), { defaultStrategy: "accept-left" });
  assert.equal(rejected.structuredWarnings.filter((w) => w.category === "handler-error").length, 2);
  const junk = await run(() => ({ action: "explode" }) as unknown as CollisionResolution, {
    defaultStrategy: "accept-left",
  });
  assert.match(junk.warnings[0], /it returned an object, not a collision resolution/);
  // With the fail strategy, the fallback fails the join.
  await assert.rejects(
    run(() => {
      throw new Error("x");
    }),
    JoinCollisionError,
  );
});

Deno.test("a handler for listed types only; async handlers", async () => {
  const types: string[] = [];
  const r = await join({
    parsed: docs(),
    defaultStrategy: "accept-left",
    collisionHandlerFor: {
      types: ["path"],
      handler: async (c) => {
        types.push(c.type);
        await Promise.resolve();
        return acceptRight();
      },
    },
  });
  assert.deepEqual(types, ["path"]);
  assert.deepEqual(S(r.document), { type: "string" }, "schemas used the strategy");
  assert.equal(shared(r.document), "#/components/schemas/Other", "paths used the handler");
  await assert.rejects(
    join({
      parsed: docs(),
      collisionHandler: acceptLeft,
      collisionHandlerFor: { types: ["path"], handler: acceptLeft },
    }),
    /either collisionHandler or collisionHandlerFor/,
  );
  const viaConfig = await join({
    parsed: docs(),
    config: {
      collisionHandler: () => acceptRight(),
      collisionHandlerTypes: ["schema"],
      pathStrategy: "accept-left",
    },
  });
  assert.deepEqual(S(viaConfig.document), { type: "integer" });
});

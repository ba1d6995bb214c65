import assert from "node:assert/strict";
import { getAtPointer } from "./mod.ts";
import { findDifference } from "./difference.ts";

Deno.test("none never finds values equivalent", () => {
  assert.ok(findDifference({ type: "string" }, { type: "string" }, { mode: "none" }));
});

Deno.test("shallow compares top-level fields only", () => {
  const a = { type: "object", required: ["a", "b"], properties: { a: { type: "string" } } };
  assert.equal(
    findDifference(a, { ...a, properties: { a: { type: "integer" } } }, { mode: "shallow" }),
    undefined,
  );
  assert.equal(findDifference(a, { ...a, required: ["b", "a"] }, { mode: "shallow" }), undefined);
  assert.deepEqual(findDifference(a, { ...a, properties: { b: {} } }, { mode: "shallow" }), {
    segments: ["properties"],
    reason: '"a" is only on the left',
  });
  assert.deepEqual(findDifference(a, { ...a, type: "array" }, { mode: "shallow" })?.segments, ["type"]);
  assert.deepEqual(findDifference({ enum: [1, 2] }, { enum: [2, 1] }, { mode: "shallow" })?.segments, [
    "enum",
    0,
  ]);
  assert.deepEqual(
    findDifference(a, { type: "object" }, { mode: "shallow" })?.reason,
    '"required" is only on the left',
  );
});

Deno.test("deep compares the whole structure, maps in any order, and reports where values differ", () => {
  const a = {
    type: "object",
    properties: { x: { type: "array", items: { type: "string" } }, y: { type: "integer" } },
  };
  const b = {
    properties: { y: { type: "integer" }, x: { items: { type: "string" }, type: "array" } },
    type: "object",
  };
  assert.equal(findDifference(a, b, { mode: "deep" }), undefined);
  const c = structuredClone(b);
  c.properties.x.items.type = "number";
  assert.deepEqual(findDifference(a, c, { mode: "deep" }), {
    segments: ["properties", "x", "items", "type"],
    reason: '"string" on the left, "number" on the right',
  });
  assert.deepEqual(
    findDifference([1, 2], [1, 2, 3], { mode: "deep" })?.reason,
    "2 items on the left, 3 on the right",
  );
  assert.deepEqual(
    findDifference({ a: null }, { a: {} }, { mode: "deep" })?.reason,
    "null on the left, object on the right",
  );
  const long = "x".repeat(200);
  const reason = findDifference(long, long + "y", { mode: "deep" })!.reason;
  assert.equal(reason, `"${"x".repeat(56)}… on the left, "${"x".repeat(56)}… on the right`);
});

Deno.test("deep follows local references of each side with its own lookup, and terminates on cycles", () => {
  const left = {
    components: {
      schemas: {
        Node: {
          properties: { next: { $ref: "#/components/schemas/Node" }, v: { $ref: "#/components/schemas/V" } },
        },
        V: { type: "string" },
      },
    },
  };
  const right = structuredClone(left);
  const options = {
    mode: "deep" as const,
    resolveLeft: (ref: string) => getAtPointer(left, ref),
    resolveRight: (ref: string) => getAtPointer(right, ref),
  };
  assert.equal(
    findDifference(left.components.schemas.Node, right.components.schemas.Node, options),
    undefined,
  );
  right.components.schemas.V.type = "integer";
  assert.deepEqual(
    findDifference(left.components.schemas.Node, right.components.schemas.Node, options)?.segments,
    [
      "properties",
      "v",
      "type",
    ],
  );
  // A reference on one side and the same value inline on the other are equivalent.
  assert.equal(
    findDifference({ $ref: "#/components/schemas/V" }, { type: "string" }, options),
    undefined,
  );
  // Genuinely cyclic object graphs (shared objects) terminate too.
  const cyclic: Record<string, unknown> = { type: "object" };
  cyclic.self = cyclic;
  const cyclic2: Record<string, unknown> = { type: "object" };
  cyclic2.self = cyclic2;
  assert.equal(findDifference(cyclic, cyclic2, { mode: "deep" }), undefined);
});

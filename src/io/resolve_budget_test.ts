import assert from "node:assert/strict";
import { loadDocument } from "./load.ts";
import { resolveRefs } from "./load_refs.ts";
import { RefResolutionError } from "../core/errors.ts";

const ref = (i: number) => ({ $ref: `#/components/schemas/S${i}` });

async function resolved(schemas: Record<string, unknown>) {
  const doc = await loadDocument({
    content: JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: { schemas },
    }),
    name: "budget.json",
  });
  return await resolveRefs(doc);
}

Deno.test("resolveRefs: references that multiply past the expansion budget are refused by name", async () => {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) {
    schemas[`S${i}`] = { type: "object", properties: { a: ref(i + 1), b: ref(i + 1) } };
  }
  schemas.S40 = { type: "string" };
  await assert.rejects(() => resolved(schemas), (e: unknown) => {
    assert.ok(e instanceof RefResolutionError);
    assert.match(
      e.message,
      /^budget\.json: resolving its references would make the document hold more than 100,000 values \(the expansion budget: 100 times the [\d,]+ values of the input, at least 100,000\)/,
    );
    return true;
  });
});

Deno.test("resolveRefs: a result nested deeper than 1,000 levels is refused; shared targets within budget are fine", async () => {
  const deep: Record<string, unknown> = {};
  for (let i = 0; i < 600; i++) deep[`S${i}`] = { type: "object", properties: { next: ref(i + 1) } };
  deep.S600 = { type: "string" };
  await assert.rejects(() => resolved(deep), /would nest the document deeper than 1000 levels/);

  const shared: Record<string, unknown> = {};
  for (let i = 0; i < 12; i++) {
    shared[`S${i}`] = { type: "object", properties: { a: ref(i + 1), b: ref(i + 1) } };
  }
  shared.S12 = { type: "string" };
  const r = await resolved(shared);
  const s0 =
    (r.document as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } })
      .components.schemas.S0;
  assert.equal(s0.properties.a, s0.properties.b, "targets are shared, not copied");
});

Deno.test("resolveRefs: a reference to an ancestor, or to a part that holds the place in progress, stays $ref", async () => {
  const r = await resolved({
    A: { properties: { x: { $ref: "#/components/schemas" }, y: { $ref: "#/components/schemas/B" } } },
    B: { $ref: "#/components", description: "chain" },
    C: { $ref: "#" },
  });
  const schemas =
    (r.document as { components: { schemas: Record<string, Record<string, unknown>> } }).components
      .schemas;
  assert.deepEqual(schemas.B, { $ref: "#/components", description: "chain" });
  assert.deepEqual(schemas.C, { $ref: "#" });
  assert.deepEqual((schemas.A.properties as Record<string, unknown>).x, { $ref: "#/components/schemas" });
  assert.deepEqual(
    r.warnings.map((w) => `${w.path}: ${w.message}`),
    [
      'components.schemas.A.properties.x: circular reference "#/components/schemas" kept as $ref.',
      'components.schemas.A.properties.y: circular reference "#/components/schemas/B" kept as $ref.',
      'components.schemas.B: circular reference "#/components" kept as $ref.',
      'components.schemas.C: circular reference "#" kept as $ref.',
    ],
  );
  // The result is a tree (no object contains itself): it serializes.
  assert.ok(JSON.stringify(r.document).length < 2_000);
});

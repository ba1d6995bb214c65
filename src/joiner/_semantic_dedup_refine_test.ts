import assert from "node:assert/strict";
import { findSemanticDuplicates } from "./_semantic_dedup.ts";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function renames(schemas: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    findSemanticDuplicates({ openapi: "3.1.0", components: { schemas } }, "3.1").renames,
  );
}

Deno.test("semantic dedup: isomorphic reference cycles are duplicates whatever their names and lengths", () => {
  assert.deepEqual(
    renames({
      // A two-cycle, an unrolled four-cycle of the same shape, and a self-loop of the same shape.
      A1: { type: "object", properties: { n: ref("A2") } },
      A2: { type: "object", properties: { n: ref("A1") } },
      B1: { type: "object", properties: { n: ref("B2") } },
      B2: { type: "object", properties: { n: ref("B3") } },
      B3: { type: "object", properties: { n: ref("B4") } },
      B4: { type: "object", properties: { n: ref("B1") } },
      C: { type: "object", properties: { n: ref("C") } },
      D: { type: "object", properties: { n: ref("E") } },
      E: { type: "object", required: ["n"], properties: { n: ref("D") } },
    }),
    { A2: "A1", B1: "A1", B2: "A1", B3: "A1", B4: "A1", C: "A1" },
  );
});

Deno.test("semantic dedup: a long cycle with one different member keeps every member (and stays fast)", () => {
  const schemas: Record<string, unknown> = {};
  const n = 20_000;
  for (let i = 0; i < n; i++) {
    schemas[`S${i}`] = {
      type: "object",
      properties: { n: ref(`S${(i + 1) % n}`) },
      ...(i === 0 ? { minProperties: 1 } : {}),
    };
  }
  schemas.Copy = { type: "object", properties: { n: ref("S1") } };
  // Copy leads to S1 as S0 does, but S0 alone has minProperties: every member is distinct, Copy too.
  assert.deepEqual(renames(schemas), {});
  schemas.Copy = { type: "object", properties: { n: ref("S2") } };
  // Copy now has S1's shape exactly (an object whose n leads to S2).
  assert.deepEqual(renames(schemas), { S1: "Copy" });
});

import assert from "node:assert/strict";
import { validate } from "./mod.ts";

function doc(schemas: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: {
      schemas: {
        Root: { type: "object", properties: { x: { $ref: "#/components/schemas/A" } } },
        ...schemas,
      },
    },
  });
}

Deno.test("ref-resolves: a pure $ref loop is an error at each of its references, naming the loop", async () => {
  const r = await validate({
    content: doc({
      A: { $ref: "#/components/schemas/B" },
      B: { $ref: "#/components/schemas/C" },
      C: { $ref: "#/components/schemas/A" },
    }),
  }, { rules: ["ref-resolves"] });
  assert.equal(r.valid, false);
  assert.deepEqual(r.errors.map((f) => `${f.path}: ${f.message}`), [
    'components.schemas.A.$ref: reference "#/components/schemas/B" is part of a loop of references that never reaches a value (#/components/schemas/A → #/components/schemas/B → #/components/schemas/C → #/components/schemas/A); make one of them a value.',
    'components.schemas.B.$ref: reference "#/components/schemas/C" is part of a loop of references that never reaches a value (#/components/schemas/B → #/components/schemas/C → #/components/schemas/A → #/components/schemas/B); make one of them a value.',
    'components.schemas.C.$ref: reference "#/components/schemas/A" is part of a loop of references that never reaches a value (#/components/schemas/C → #/components/schemas/A → #/components/schemas/B → #/components/schemas/C); make one of them a value.',
  ]);
});

Deno.test("ref-resolves: a self-reference is a loop; a chain into a value, or a schema that recurses, is not", async () => {
  const self = await validate({ content: doc({ A: { $ref: "#/components/schemas/A" } }) }, {
    rules: ["ref-resolves"],
  });
  assert.equal(self.errors.length, 1);
  assert.match(self.errors[0].message, /\(#\/components\/schemas\/A → #\/components\/schemas\/A\)/);
  const chain: Record<string, unknown> = {};
  for (let i = 0; i < 100; i++) chain[i === 0 ? "A" : `S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
  chain.S100 = { type: "object", properties: { again: { $ref: "#/components/schemas/A" } } };
  const ok = await validate({ content: doc(chain) }, { rules: ["ref-resolves"] });
  assert.deepEqual(ok.errors, []);
});

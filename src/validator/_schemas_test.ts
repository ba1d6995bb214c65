import assert from "node:assert/strict";
import { generateSchemaModules } from "../../scripts/gen_schemas.ts";

Deno.test("the generated schema validators are current (else run scripts/gen_schemas.ts)", async () => {
  for (const [name, text] of Object.entries(generateSchemaModules())) {
    const current = await Deno.readTextFile(new URL(name, import.meta.url));
    assert.ok(current === text, `src/validator/${name} is stale; run: deno run -A scripts/gen_schemas.ts`);
  }
});

import assert from "node:assert/strict";
import { generateOverlaySchemaModules } from "../../scripts/gen_schemas.ts";

Deno.test("the generated Overlay schema validators are current (else run scripts/gen_schemas.ts)", async () => {
  const modules = generateOverlaySchemaModules();
  if (modules === undefined) {
    console.log("skipped: the official Overlay schemas are absent (../shared/testsuites/overlay)");
    return;
  }
  assert.deepEqual(Object.keys(modules), ["_schema_1_0.ts", "_schema_1_1.ts"]);
  for (const [name, text] of Object.entries(modules)) {
    const current = await Deno.readTextFile(new URL(name, import.meta.url));
    assert.ok(current === text, `src/overlay/${name} is stale; run: deno run -A scripts/gen_schemas.ts`);
  }
});

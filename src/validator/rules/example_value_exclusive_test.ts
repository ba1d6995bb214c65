import assert from "node:assert/strict";
import { check, findings, oas3, op } from "../_test_helpers.ts";

function doc(examples: Record<string, unknown>, version: string) {
  const content = { "application/json": { schema: { type: "object" }, examples } };
  return oas3(
    { paths: { "/a": { get: op({ responses: { "200": { description: "ok", content } } }) } } },
    version,
  );
}
const AT = "paths./a.get.responses.200.content.application/json.examples";

Deno.test("example-value-exclusive: value and externalValue, in 3.0, 3.1 and 3.2", async (t) => {
  for (const version of ["3.0.3", "3.0.4", "3.1.0", "3.1.1", "3.2.0"]) {
    await t.step(version, async () => {
      const d = doc({
        both: { value: 1, externalValue: "https://x/e.json" },
        one: { value: 1 },
        ext: { externalValue: "e" },
      }, version);
      const f = await findings(d, "example-value-exclusive");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), [["error", `${AT}.both`]]);
      assert.match(f[0].message, /"value" and "externalValue" cannot be used together.*mutually exclusive/);
      // One finding in all: where the structural schema also says it (3.1, 3.2), this one replaces it.
      const all = await check(d);
      assert.deepEqual(all.errors.map((x) => x.rule), ["example-value-exclusive"]);
    });
  }
});

Deno.test("example-value-exclusive (3.2): dataValue and serializedValue exclusions", async () => {
  const d = doc({
    dv: { dataValue: 1, value: 1 },
    sv: { serializedValue: "1", value: 1 },
    se: { serializedValue: "1", externalValue: "e" },
    ok: { dataValue: 1, serializedValue: "1" },
    ok2: { dataValue: 1, externalValue: "e" },
  }, "3.2.0");
  const f = await findings(d, "example-value-exclusive");
  assert.deepEqual(f.map((x) => x.path), [`${AT}.dv`, `${AT}.sv`, `${AT}.se`]);
  assert.match(f[0].message, /If this field is present, `value` MUST be absent/);
});

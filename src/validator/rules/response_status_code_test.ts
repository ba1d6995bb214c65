import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

Deno.test("response-status-code", async (t) => {
  const responses = {
    "200": { description: "" },
    "2XX": { description: "" },
    default: { description: "" },
    "x-ext": {},
    "600": { description: "" },
    "20": { description: "" },
    "6XX": { description: "" },
  };
  for (const [name, doc] of [["3.0", oas3({}, "3.0.3")], ["2.0", oas2()]] as const) {
    await t.step(`${name}: keys outside 100-599, 1XX-5XX and default are reported`, async () => {
      (doc as Record<string, unknown>).paths = { "/a": { get: { responses } } };
      const f = await findings(doc, "response-status-code");
      assert.deepEqual(f.map((x) => x.path), [
        "paths./a.get.responses.20",
        "paths./a.get.responses.600",
        "paths./a.get.responses.6XX",
      ]);
    });
  }
  await t.step("the schema's error for the same key is not repeated", async () => {
    const doc = oas3({ paths: { "/a": { get: { responses: { "600": { description: "" } } } } } }, "3.0.3");
    const { check } = await import("../_test_helpers.ts");
    const r = await check(doc);
    assert.deepEqual(r.errors.map((e) => e.rule), ["response-status-code"]);
  });
});

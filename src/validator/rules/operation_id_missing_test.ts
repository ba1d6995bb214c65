import assert from "node:assert/strict";
import { check, oas3, op } from "../_test_helpers.ts";

Deno.test("operation-id-missing runs only with strict, and then fails validation", async () => {
  const doc = oas3({ paths: { "/a": { get: op(), put: op({ operationId: "put" }) } } });
  const normal = await check(doc);
  assert.equal(normal.valid, true);
  assert.deepEqual(
    [...normal.errors, ...normal.warnings].filter((f) => f.rule === "operation-id-missing"),
    [],
  );
  const strict = await check(doc, { strict: true });
  assert.equal(strict.valid, false);
  assert.deepEqual(strict.errors.filter((f) => f.rule === "operation-id-missing").map((f) => f.path), [
    "paths./a.get",
  ]);
});

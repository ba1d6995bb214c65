import assert from "node:assert/strict";
import { findings, oas3, op } from "../_test_helpers.ts";

Deno.test("additional-operations (3.2): no fixed method in additionalOperations", async () => {
  const doc = oas3({
    paths: { "/a": { additionalOperations: { POST: op(), Query: op(), LINK: op() }, query: op() } },
  }, "3.2.0");
  assert.deepEqual((await findings(doc, "additional-operations")).map((x) => x.path), [
    "paths./a.additionalOperations.POST",
    "paths./a.additionalOperations.Query",
  ]);
  // Not checked before 3.2.
  assert.deepEqual(await findings({ ...doc, openapi: "3.1.0" }, "additional-operations"), []);
});

/**
 * `generate --source-map` of a multi-file specification: the Go code is its bundle's, and an issue about a part of
 * a referenced file is placed in that file's text (through the bundle's origins), not in the root file.
 */
import assert from "node:assert/strict";
import { createMemoryReader } from "../src/core/mod.ts";
import { generate } from "../src/generator/mod.ts";

Deno.test("generate -s: an issue in a referenced file has that file's line and column", async () => {
  const reader = createMemoryReader({
    "/api/openapi.yaml": 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n' +
      "components:\n  schemas:\n    Person:\n      type: object\n      properties:\n" +
      "        address: {$ref: schemas/address.yaml}\n",
    "/api/schemas/address.yaml": "type: object\nproperties:\n  city:\n    type: [string, integer]\n",
  });
  const r = await generate("/api/openapi.yaml", { reader, sourceMap: true });
  assert.deepEqual(
    r.issues.map((i) => [i.rule, i.location?.file.endsWith("schemas/address.yaml"), i.location?.line]),
    [["generate-multi-type", true, 3]],
  );
});

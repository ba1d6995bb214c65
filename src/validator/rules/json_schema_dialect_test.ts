import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

Deno.test("json-schema-dialect (3.1+): must be an absolute URI", async () => {
  assert.deepEqual(
    (await findings(oas3({ jsonSchemaDialect: "dialect/v1" }), "json-schema-dialect")).map((x) => x.path),
    ["jsonSchemaDialect"],
  );
  assert.deepEqual(
    await findings(
      oas3({ jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base" }),
      "json-schema-dialect",
    ),
    [],
  );
});

import assert from "node:assert/strict";
import { findings, oas3 } from "../_test_helpers.ts";

Deno.test("xml-node-type (3.2): nodeType excludes attribute and wrapped", async () => {
  const doc = oas3({
    components: {
      schemas: {
        A: { type: "string", xml: { nodeType: "attribute", attribute: true } },
        B: { type: "array", xml: { nodeType: "element", wrapped: true } },
        C: { type: "string", xml: { nodeType: "attribute" } },
      },
    },
  }, "3.2.0");
  assert.deepEqual((await findings(doc, "xml-node-type")).map((x) => x.path), [
    "components.schemas.A.xml.attribute",
    "components.schemas.B.xml.wrapped",
  ]);
});

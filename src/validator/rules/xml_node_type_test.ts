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

Deno.test("xml-node-type (3.2): nodeType is one of the five node types, in nested schemas too", async () => {
  const doc = oas3({
    components: {
      schemas: {
        A: { type: "string", xml: { nodeType: "Attribute" } },
        B: { type: "object", properties: { p: { type: "string", xml: { nodeType: 1 } } } },
        C: {
          type: "array",
          items: { type: "string", xml: { nodeType: "cdata" } },
          xml: { nodeType: "none" },
        },
        D: { type: "string", xml: { nodeType: "text" } },
        E: { type: "string", xml: { nodeType: "element" } },
      },
    },
  }, "3.2.0");
  const f = await findings(doc, "xml-node-type");
  assert.deepEqual(f.map((x) => [x.severity, x.path]), [
    ["error", "components.schemas.A.xml.nodeType"],
    ["error", "components.schemas.B.properties.p.xml.nodeType"],
  ]);
  assert.match(
    f[0].message,
    /nodeType "Attribute" is not an XML node type.*One of `element`, `attribute`, `text`/,
  );
});

Deno.test("xml-node-type: 3.1 has no nodeType to check", async () => {
  const doc = oas3({ components: { schemas: { A: { xml: { nodeType: "x", attribute: true } } } } }, "3.1.0");
  assert.deepEqual(await findings(doc, "xml-node-type"), []);
});

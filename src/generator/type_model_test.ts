import assert from "node:assert/strict";
import { generate } from "./generate.ts";

Deno.test("type model: a discriminated alternative whose reference names no component is tagged by its Go type", async () => {
  // `#` has no last pointer segment to tag the alternative by; this threw "s is not iterable" before.
  const doc = {
    openapi: "3.0.3",
    info: { title: "d", version: "1" },
    paths: {},
    components: {
      schemas: {
        U: {
          oneOf: [{ $ref: "#" }, { $ref: "#/components/schemas/Cat" }],
          discriminator: { propertyName: "kind" },
        },
        Cat: { type: "object", properties: { kind: { type: "string" } } },
      },
    },
  };
  const r = await generate({ content: JSON.stringify(doc) }, { noReadme: true });
  const types = r.files.find((f) => f.name === "types.go")!.content;
  assert.deepEqual(types.match(/^\tcase .*:$/gm), ['\tcase "interface{}":', '\tcase "Cat":']);
});

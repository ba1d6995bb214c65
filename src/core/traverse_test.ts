import { assertEquals } from "./_assert_test.ts";
import { forEachRef, pathSegments } from "./traverse.ts";

Deno.test("forEachRef finds structural refs and skips every data position", () => {
  const doc = {
    openapi: "3.1.0",
    paths: {
      "x-ext": { $ref: "#/ext-in-paths" },
      "/a": {
        get: {
          parameters: [{ $ref: "#/components/parameters/P" }],
          responses: {
            "200": {
              content: {
                "application/json": {
                  schema: {
                    properties: {
                      example: { $ref: "#/components/schemas/PropNamedExample" },
                      default: { $ref: "#/components/schemas/PropNamedDefault" },
                      "x-prop": { $ref: "#/components/schemas/PropNamedX" },
                    },
                    example: { $ref: "#/data1" },
                    default: { $ref: "#/data2" },
                    enum: [{ $ref: "#/data3" }],
                    const: { $ref: "#/data4" },
                    examples: [{ $ref: "#/data5" }],
                    "x-ext": { $ref: "#/data6" },
                  },
                  examples: {
                    one: { value: { $ref: "#/data7" } },
                    two: { $ref: "#/components/examples/E" },
                  },
                },
              },
              links: { l: { operationId: "x", parameters: { p: { $ref: "#/data8" } } } },
            },
          },
          callbacks: {
            cb: {
              "{$request.body#/url}": { post: { requestBody: { $ref: "#/components/requestBodies/R" } } },
            },
          },
        },
      },
    },
  };
  const found: string[] = [];
  forEachRef(doc, "3.1", (ref, _holder, link) => found.push(`${ref} @ ${pathSegments(link).join("/")}`));
  assertEquals(found, [
    "#/components/parameters/P @ paths//a/get/parameters/0",
    "#/components/schemas/PropNamedExample @ paths//a/get/responses/200/content/application/json/schema/properties/example",
    "#/components/schemas/PropNamedDefault @ paths//a/get/responses/200/content/application/json/schema/properties/default",
    "#/components/schemas/PropNamedX @ paths//a/get/responses/200/content/application/json/schema/properties/x-prop",
    "#/components/examples/E @ paths//a/get/responses/200/content/application/json/examples/two",
    "#/components/requestBodies/R @ paths//a/get/callbacks/cb/{$request.body#/url}/post/requestBody",
  ]);
});

Deno.test("2.0 examples maps are data", () => {
  const found: string[] = [];
  forEachRef(
    {
      responses: {
        ok: { schema: { $ref: "#/definitions/A" }, examples: { "application/json": { $ref: "#/x" } } },
      },
    },
    "2.0",
    (ref) => found.push(ref),
  );
  assertEquals(found, ["#/definitions/A"]);
});

Deno.test("a callback given as a Reference Object is a reference", () => {
  const found: string[] = [];
  forEachRef(
    {
      paths: { "/a": { post: { callbacks: { cb: { $ref: "#/components/callbacks/C" } } } } },
      components: { callbacks: { D: { $ref: "#/components/callbacks/C" } } },
    },
    "3.1",
    (ref, _holder, link) => found.push(`${ref} @ ${pathSegments(link).join("/")}`),
  );
  assertEquals(found, [
    "#/components/callbacks/C @ paths//a/post/callbacks/cb",
    "#/components/callbacks/C @ components/callbacks/D",
  ]);
});

Deno.test("traversal of very deep documents does not overflow the stack", () => {
  let deep: Record<string, unknown> = { $ref: "#/bottom" };
  for (let i = 0; i < 200_000; i++) deep = { items: deep };
  let n = 0;
  forEachRef(deep, "3.1", () => n++);
  assertEquals(n, 1);
});

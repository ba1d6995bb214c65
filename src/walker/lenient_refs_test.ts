/**
 * The lenient walk's references (what rebasing and renaming rely on; these were the tests of the former
 * `core/traverse.ts`, now run against the walker itself).
 */
import { assertEquals } from "../core/_assert_test.ts";
import type { OASVersion } from "../core/version.ts";
import { Walker } from "./mod.ts";

/** Every `$ref` of the lenient walk, with the path of its holder. */
function refsOf(root: unknown, oasVersion: OASVersion): string[] {
  const found: string[] = [];
  new Walker(
    oasVersion,
    [{ $ref: (_holder, ref, _kind, at) => found.push(`${ref} @ ${at.path.join("/")}`) }],
    {
      lenient: true,
    },
  ).walk(root, "", "root");
  return found;
}

Deno.test("the lenient walk finds structural refs and skips every data position", () => {
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
  assertEquals(refsOf(doc, "3.1"), [
    "#/components/parameters/P @ paths//a/get/parameters/0",
    "#/components/schemas/PropNamedExample @ paths//a/get/responses/200/content/application/json/schema/properties/example",
    "#/components/schemas/PropNamedDefault @ paths//a/get/responses/200/content/application/json/schema/properties/default",
    "#/components/schemas/PropNamedX @ paths//a/get/responses/200/content/application/json/schema/properties/x-prop",
    "#/components/examples/E @ paths//a/get/responses/200/content/application/json/examples/two",
    "#/components/requestBodies/R @ paths//a/get/callbacks/cb/{$request.body#/url}/post/requestBody",
  ]);
});

Deno.test("2.0 examples maps are data", () => {
  const doc = {
    responses: {
      ok: { schema: { $ref: "#/definitions/A" }, examples: { "application/json": { $ref: "#/x" } } },
    },
  };
  assertEquals(refsOf(doc, "2.0"), ["#/definitions/A @ responses/ok/schema"]);
});

Deno.test("a callback given as a Reference Object is a reference", () => {
  const doc = {
    paths: { "/a": { post: { callbacks: { cb: { $ref: "#/components/callbacks/C" } } } } },
    components: { callbacks: { D: { $ref: "#/components/callbacks/C" } } },
  };
  assertEquals(refsOf(doc, "3.1"), [
    "#/components/callbacks/C @ paths//a/post/callbacks/cb",
    "#/components/callbacks/C @ components/callbacks/D",
  ]);
});

Deno.test("traversal of very deep documents does not overflow the stack", () => {
  let deep: Record<string, unknown> = { $ref: "#/bottom" };
  for (let i = 0; i < 200_000; i++) deep = { items: deep };
  assertEquals(refsOf(deep, "3.1").length, 1);
});

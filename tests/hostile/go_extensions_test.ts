/**
 * Hostile values in oapi-codegen's extensions: a Go name that is no identifier (or carries code), an `x-go-type`
 * that is no type or names a package nobody imports, an import path or name with quotes, newlines or `..`,
 * struct tags with back quotes, enum constant names and `x-order`s that Go or oapi-codegen refuse, and a
 * deprecation reason that tries to end its comment. Each is refused with an error issue at the extension's JSON
 * pointer (the generated name or type is kept), or escaped; the package still builds, vets and is gofmt-clean,
 * and no injected code reaches it.
 */
import assert from "node:assert/strict";
import { generate } from "../../src/generator/mod.ts";
import { checkGoModule } from "../../src/generator/_ext_test_util.ts";
import { testWith } from "../_tools.ts";

const INJECT = "X struct{}\nfunc init() { panic(1) }\ntype Y";

const DOC = {
  openapi: "3.1.0",
  info: { title: "hostile extensions", version: "1" },
  paths: {
    "/a": {
      get: {
        operationId: "getA",
        "x-go-name": "Get A()",
        parameters: [{ name: "q", in: "query", "x-go-name": "func", schema: { type: "string" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
  components: {
    schemas: {
      Named: { type: "object", "x-go-name": INJECT, properties: { a: { type: "string" } } },
      Lower: { type: "object", "x-go-name": "lower", properties: { a: { type: "string" } } },
      Fields: {
        type: "object",
        properties: {
          name: { type: "string", "x-go-name": "Bad Name" },
          code: { type: "string", "x-go-type": "string; func init() { panic(1) }" },
          chan: { type: "string", "x-go-type": "chan int" },
          unknown: { type: "string", "x-go-type": "uuid.UUID" },
          quoted: {
            type: "string",
            "x-go-type": "x.T",
            "x-go-type-import": { path: 'time"\nimport "os', name: "x" },
          },
          dotdot: { type: "string", "x-go-type": "x.T", "x-go-type-import": { path: "../x", name: "x" } },
          blank: { type: "string", "x-go-type": "x.T", "x-go-type-import": { path: "time", name: "_" } },
          helper: {
            type: "string",
            "x-go-type": "decodeStrict.T",
            "x-go-type-import": { path: "time", name: "decodeStrict" },
          },
          route: { type: "string", "x-go-type": "route.Duration", "x-go-type-import": { path: "time" } },
          init: {
            type: "string",
            "x-go-type": "init.Duration",
            "x-go-type-import": { path: "time", name: "init" },
          },
          unexported: { type: "string", "x-go-type": "time.duration", "x-go-type-import": { path: "time" } },
          tags: {
            type: "string",
            "x-oapi-codegen-extra-tags": {
              "bad key": "v",
              "colon:key": "v",
              "back`quote": "v",
              quoted: 'say "hi" \\ bye',
              tick: "a`b",
              line: "a\nb",
            },
          },
          order: { type: "string", "x-order": 0 },
          order2: { type: "string", "x-order": "1" },
          omit: { type: "string", "x-omitempty": "yes" },
          old: {
            type: "string",
            deprecated: true,
            "x-deprecated-reason": "gone */\nfunc init() { panic(2) }",
          },
        },
      },
      Kind: {
        type: "string",
        enum: ["a", "b", "c"],
        "x-enum-varnames": ["1st", "Two Words", 3],
      },
    },
  },
};

async function run() {
  return await generate({ content: JSON.stringify(DOC), name: "hostile.json" }, {
    client: true,
    server: true,
    packageName: "hostile",
    noReadme: true,
  });
}

Deno.test("hostile extensions: every refused value is an error issue at its JSON pointer", async () => {
  const result = await run();
  const refused = result.issues.filter((i) => i.rule === "generate-extension" && i.severity === "error");
  const pointers = refused.map((i) => i.pointer).sort();
  const F = "/components/schemas/Fields/properties";
  assert.deepEqual(
    pointers,
    [
      "/components/schemas/Kind/x-enum-varnames/0",
      "/components/schemas/Kind/x-enum-varnames/1",
      "/components/schemas/Kind/x-enum-varnames/2",
      "/components/schemas/Lower/x-go-name",
      "/components/schemas/Named/x-go-name",
      `${F}/blank/x-go-type-import/name`,
      `${F}/chan/x-go-type`,
      `${F}/code/x-go-type`,
      `${F}/dotdot/x-go-type-import/path`,
      `${F}/helper/x-go-type-import/name`,
      `${F}/init/x-go-type-import/name`,
      `${F}/route/x-go-type`,
      `${F}/name/x-go-name`,
      `${F}/omit/x-omitempty`,
      `${F}/order/x-order`,
      `${F}/order2/x-order`,
      `${F}/quoted/x-go-type-import/path`,
      `${F}/tags/x-oapi-codegen-extra-tags/back\`quote`,
      `${F}/tags/x-oapi-codegen-extra-tags/bad key`,
      `${F}/tags/x-oapi-codegen-extra-tags/colon:key`,
      `${F}/tags/x-oapi-codegen-extra-tags/line`,
      `${F}/tags/x-oapi-codegen-extra-tags/tick`,
      `${F}/unexported/x-go-type`,
      `${F}/unknown/x-go-type`,
      "/paths/~1a/get/parameters/0/x-go-name",
      "/paths/~1a/get/x-go-name",
    ].sort(),
  );
  const unknown = refused.find((i) => i.pointer.endsWith("/unknown/x-go-type"))!;
  assert.match(unknown.message, /package "uuid" is not imported \(add x-go-type-import with its path\)/);
});

Deno.test("hostile extensions: generated names and types are kept; a quoted tag value is escaped", async () => {
  const result = await run();
  const code = result.files.map((f) => f.content).join("\n");
  assert.ok(!code.includes("panic(1)"), "injected code reached the output");
  assert.ok(!/^\s*func init/m.test(code), "injected code reached the output");
  assert.ok(!code.includes('"os"'), "an injected import reached the output");
  assert.ok(code.includes("type Named struct {"), code);
  assert.ok(code.includes("type Lower struct {"), code);
  assert.ok(code.includes("\tCode       *string"), code);
  assert.ok(code.includes('`json:"tags,omitempty" quoted:"say \\"hi\\" \\\\ bye"`'), code);
  assert.ok(code.includes("\t// Deprecated: gone */ func init() { panic(2) }\n"), code);
  assert.ok(code.includes('\tKindA Kind = "a"\n'), code);
  assert.ok(code.includes("func (c *Client) GetA("), code);
  assert.ok(code.includes("\tQ *string\n"), code);
});

/** Reads the escaped tag back as Go does: the value is the document's, byte for byte. */
const TAG_TEST = `package hostile

import (
	"reflect"
	"testing"
)

func TestQuotedTag(t *testing.T) {
	f, _ := reflect.TypeOf(Fields{}).FieldByName("Tags")
	if got := f.Tag.Get("quoted"); got != ${
  JSON.stringify(DOC.components.schemas.Fields.properties.tags["x-oapi-codegen-extra-tags"].quoted)
} {
		t.Fatalf("quoted tag read back as %q", got)
	}
}
`;

await testWith(
  ["go"],
  "hostile extensions: the package builds, vets, is gofmt-clean, and Go reads the escaped tag back",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-hostile-ext-" });
    try {
      const result = await run();
      await checkGoModule(dir, { hostile: [...result.files, { name: "tag_test.go", content: TAG_TEST }] }, [
        "hostile",
      ]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

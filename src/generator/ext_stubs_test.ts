/**
 * `--server-stubs`: server_stubs.go alone on the petstores of every version, the responses fixture (examples of
 * every kind, a `$ref`'d example, a recursive schema, a value not fitting its type, hostile strings), the hostile
 * fixture and split per operation; one Go module: `go build`, `go vet`, `gofmt -l`, and `go test` on
 * testdata/generate/stubs/stubs_test.go (the Stub answers every operation through NewHandler). Unit tests of
 * the example lookup and of the Go literal writer.
 */
import assert from "node:assert/strict";
import { generate, type GenerateOptions } from "./generate.ts";
import { aloneVariants, checkExtension, fixture } from "./_ext_test_util.ts";
import { RefIndex } from "../refs/ref_index.ts";
import { TypeModel } from "./type_model.ts";
import { MAX_EXAMPLE_DEPTH, mediaExample, schemaExample } from "./example_value.ts";
import { canonicalHeader } from "./emit_stubs.ts";
import { goLiteral, literalWriter, MAX_LITERAL_DEPTH, zeroLiteral } from "./go_literal.ts";
import { GO_ANY, goNamed, goPointer, goSlice, goStringMap } from "./go_type.ts";
import { testWith } from "../../tests/_tools.ts";

const flag: GenerateOptions = { server: true, serverStubs: true };

const VARIANTS: [string, string, GenerateOptions][] = [
  ...aloneVariants(flag),
  ["shapes", "generate/shapes-3.1.yaml", flag],
  ["roundtrip", "generate/roundtrip-3.0.yaml", { ...flag, noPointers: true }],
  ["split", "generate/responses-3.1.yaml", { ...flag, maxOpsPerFile: 2, splitByTag: false }],
  ["api", "generate/responses-3.1.yaml", flag],
];

await testWith(
  ["go"],
  "--server-stubs: the Stub builds, vets, is gofmt-clean and answers every operation",
  async () => {
    await checkExtension("server_stubs", VARIANTS, "generate/stubs/stubs_test.go");
  },
);

Deno.test("--server-stubs: a value not fitting its type is a zero value and an issue with its path", async () => {
  const result = await generate(fixture("generate/responses-3.1.yaml"), flag);
  const misfits = result.issues.filter((i) => i.rule === "generate-stub-example");
  assert.deepEqual(misfits.map((i) => i.severity), ["info", "info"]);
  assert.match(
    misfits[0].message,
    /GetMisfit's stub at \/id: "not a number" is not a value of the Go type int64/,
  );
  assert.match(misfits[1].message, /at \/tags\/0: 1 is not a value of the Go type string/);
  assert.deepEqual(misfits[0].pointer, "/paths/~1misfit/get/responses/201/content/application~1json/example");
  const code = result.files.find((f) => f.name === "server_stubs.go")!.content;
  assert.ok(code.includes(`JSON201: &Widget{Name: "Misfit", Tags: []string{"", "two"}}`), code);
  // Hostile strings are Go string literals.
  assert.ok(code.includes('Name: "*/ \\" ` \\\\ \\u2028 \\x00 ${x} %s \\n}"'), code);
  assert.ok(code.includes(`JSON200: &Node{Name: "root", Children: []Node{}}`));
  assert.ok(code.includes(`JSON200: &Shape{Square: &Square{Kind: "square", Side: 3}}`));
  // Declared headers with their examples, one per canonical name; optional ones without a value left out.
  assert.ok(
    code.includes(
      'Header: http.Header{"X-Rate-Limit": {"100"}, "X-Expires": {"2030-01-01T00:00:00Z"}, "Etag": {"\\"abc\\""}}',
    ),
    code,
  );
  assert.equal(canonicalHeader("x-rate-LIMIT"), "X-Rate-Limit");
  // 2.0: the response's `examples` by media type (a `$ref` key in example data is data).
  const v2 = await generate(fixture("petstore/petstore-2.0.yaml"), flag);
  const v2code = v2.files.find((f) => f.name === "server_stubs.go")!.content;
  assert.ok(v2code.includes(`JSON200: &Pets{Pet{ID: 1, Name: "Rex"}}`), v2code);
  const again = await generate(fixture("generate/responses-3.1.yaml"), flag);
  assert.deepEqual(again.files, result.files);
});

const DOC = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  components: {
    examples: { E: { value: { a: 1 } } },
    schemas: {
      Loop: {
        type: "object",
        properties: { next: { $ref: "#/components/schemas/Loop" }, n: { type: "integer" } },
      },
      Deep: { type: "array", items: { $ref: "#/components/schemas/Deep" } },
      Pick: {
        type: "object",
        required: ["s", "t"],
        properties: {
          s: { type: "string" },
          t: { type: "string", format: "date-time" },
          o: { type: "string" },
        },
      },
    },
  },
};

Deno.test("example lookup: media example, first of examples ($ref followed), schema-built with cycles cut", () => {
  const index = new RefIndex(DOC, "3.1");
  assert.deepEqual(mediaExample(index, { example: 5, examples: { a: { value: 6 } } }, ["m"]), {
    value: 5,
    at: ["m", "example"],
  });
  assert.deepEqual(
    mediaExample(index, { examples: { a: { $ref: "#/components/examples/E" }, b: { value: 2 } } }, ["m"]),
    {
      value: { a: 1 },
      at: ["m", "examples", "a", "value"],
    },
  );
  const loop = schemaExample(index, { $ref: "#/components/schemas/Loop" }, ["s"]);
  assert.deepEqual(loop?.value, {});
  const deep = schemaExample(index, { $ref: "#/components/schemas/Deep" }, ["s"]);
  assert.deepEqual(deep?.value, []);
  // Required primitives get zero values, optional ones are left out.
  assert.deepEqual(schemaExample(index, { $ref: "#/components/schemas/Pick" }, [])?.value, {
    s: "",
    t: "1970-01-01T00:00:00Z",
  });
  assert.deepEqual(schemaExample(index, { type: "integer", enum: [null, 4] }, [])?.value, 4);
  assert.deepEqual(schemaExample(index, { type: "string" }, []), undefined);
  // Nesting is bounded (no recursion past the depth).
  let nested: Record<string, unknown> = {
    type: "object",
    properties: { leaf: { type: "string", example: "x" } },
  };
  for (let i = 0; i < 10_000; i++) nested = { type: "object", properties: { a: nested } };
  let v = schemaExample(index, nested, [])?.value as Record<string, unknown>;
  let depth = 0;
  while (v !== undefined && typeof v.a === "object") {
    v = v.a as Record<string, unknown>;
    depth++;
  }
  assert.ok(depth <= MAX_EXAMPLE_DEPTH, String(depth));
});

Deno.test("Go literals: every kind of type; misfits become zero values; depth bounded", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: {
      schemas: {
        Color: { type: "string", enum: ["red", "green"] },
        Ids: { type: "array", items: { type: "integer" } },
        Item: {
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "integer", format: "int32" },
            at: { type: "string", format: "date-time" },
          },
        },
      },
    },
  };
  const model = new TypeModel(new RefIndex(doc, "3.1"), { pointers: true, validation: false });
  model.declareComponents();
  const lw = literalWriter(model, "p", "t");
  assert.equal(goLiteral(lw, goNamed("Color"), "red"), `Color("red")`);
  assert.equal(goLiteral(lw, goNamed("Ids"), [1, 2]), "Ids{1, 2}");
  assert.equal(goLiteral(lw, goPointer(goNamed("Ids")), [1]), "&Ids{1}");
  assert.equal(
    goLiteral(lw, goNamed("Item"), { id: 3, at: "2020-01-02T03:04:05+02:00" }),
    `Item{ID: 3, At: p[time.Time](t("2020-01-02T03:04:05+02:00"))}`,
  );
  assert.equal(goLiteral(lw, goPointer(goNamed("int64")), 3), "p[int64](3)");
  assert.equal(
    goLiteral(lw, goStringMap(goNamed("float64")), { 'a"b': 1.5 }),
    `map[string]float64{"a\\"b": 1.5}`,
  );
  assert.equal(
    goLiteral(lw, GO_ANY, { a: [1, "x", null, true] }),
    `map[string]interface{}{"a": []interface{}{float64(1), "x", nil, true}}`,
  );
  assert.equal(goLiteral(lw, goSlice(goNamed("byte")), "raw"), `[]byte("raw")`);
  assert.equal(lw.misfits.length, 0);
  assert.equal(goLiteral(lw, goNamed("Item"), { id: 2 ** 40 }), "Item{}");
  assert.equal(goLiteral(lw, goNamed("int64"), 1.5), "0");
  assert.equal(goLiteral(lw, goNamed("time.Time", "time"), "yesterday"), "time.Time{}");
  assert.equal(goLiteral(lw, goNamed("Ids"), "x"), "nil");
  assert.deepEqual(lw.misfits.map((m) => m.pointer), ["/id", "", "", ""]);
  assert.equal(zeroLiteral(lw, goNamed("Color")), `Color("")`);
  assert.equal(zeroLiteral(lw, goNamed("Item")), "Item{}");
  let deep: unknown = 1;
  for (let i = 0; i < 1000; i++) deep = [deep];
  lw.misfits.length = 0;
  const code = goLiteral(lw, GO_ANY, deep);
  assert.ok(code.length < 2 * MAX_LITERAL_DEPTH * "[]interface{}{".length, code.length.toString());
  assert.match(lw.misfits[0].message, /nested deeper than 32 levels; it is left out/);
  lw.misfits.length = 0;
  const big = goLiteral(lw, goSlice(goNamed("int64")), Array.from({ length: 20_000 }, (_, i) => i));
  assert.ok(big.length < 60_000, String(big.length));
  assert.equal(lw.misfits.length, 1);
  assert.match(lw.misfits[0].message, /more than 5000 parts/);
});

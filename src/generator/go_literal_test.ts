import assert from "node:assert/strict";
import { fitsFloat } from "./go_literal.ts";
import { defaultLiteral } from "./binder_types.ts";
import { goNamed } from "./go_type.ts";
import { generate } from "./generate.ts";

Deno.test("fitsFloat: a constant that overflows float32 does not fit; one that rounds to zero does", () => {
  assert.equal(fitsFloat("float32", 1e300), false);
  assert.equal(fitsFloat("float32", -3.5e38), false);
  assert.equal(fitsFloat("float32", 3.4028234663852886e38), true);
  assert.equal(fitsFloat("float32", 1e-50), true);
  assert.equal(fitsFloat("float64", 1e300), true);
  assert.equal(fitsFloat("float64", Infinity), false);
  assert.equal(defaultLiteral(1e300, goNamed("float32")), undefined);
  assert.equal(defaultLiteral(1e300, goNamed("float64")), "1e+300");
  assert.equal(defaultLiteral(1e20, goNamed("int64")), undefined);
  assert.equal(defaultLiteral(1e10, goNamed("int32")), undefined);
});

Deno.test("literals that do not fit their Go type become zero values with an issue, in stubs and the binder", async () => {
  const doc = {
    openapi: "3.0.3",
    info: { title: "L", version: "1" },
    paths: {
      "/l": {
        get: {
          operationId: "lits",
          parameters: [
            { name: "f", in: "query", schema: { type: "number", format: "float", default: 1e300 } },
            { name: "i", in: "query", schema: { type: "integer", default: 1e20 } },
          ],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["f", "i", "n"],
                    properties: {
                      f: { type: "number", format: "float" },
                      i: { type: "integer", format: "int32" },
                      n: { type: "number", format: "float" },
                    },
                  },
                  example: { f: 1e300, i: 1e10, n: 1.5 },
                },
              },
            },
          },
        },
      },
    },
  };
  const r = await generate({ content: JSON.stringify(doc) }, {
    server: true,
    serverStubs: true,
    serverBinder: true,
    noReadme: true,
  });
  const messages = r.issues.map((i) => i.message);
  assert.ok(
    messages.includes(
      'the default of parameter "f" is not a float32 the binder can write; it is not applied.',
    ),
  );
  assert.ok(
    messages.includes('the default of parameter "i" is not a int64 the binder can write; it is not applied.'),
  );
  assert.ok(
    messages.some((m) =>
      m.endsWith("at /f: 1e+300 is not a value of the Go type float32; its zero value is used.")
    ),
  );
  assert.ok(
    messages.some((m) =>
      m.endsWith("at /i: 10000000000 is not a value of the Go type int32; its zero value is used.")
    ),
  );
  const code = r.files.map((f) => f.content).join("\n");
  assert.ok(
    !code.includes("1e+300") && !code.includes("10000000000") && !code.includes("100000000000000000000"),
  );
  assert.match(code, /JSON200: &Lits200ResponseBody\{N: 1\.5\}/); // the zero values are left out
});

Deno.test("literals: & before composite literals (structs, unions, defined slices and maps), a helper for the rest", async () => {
  const ok = (schema: unknown, example: unknown) => ({
    "200": { description: "ok", content: { "application/json": { schema, example } } },
  });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const example = { tags: ["a"], pet: { name: "x" }, count: 2, m: { a: 1 }, u: "s", c: "blue" };
  const get = { operationId: "lits", responses: ok(ref("Box"), example) };
  const doc = {
    openapi: "3.0.3",
    info: { title: "L", version: "1" },
    paths: { "/l": { get } },
    components: {
      schemas: {
        Tags: { type: "array", items: { type: "string" } },
        Pet: { type: "object", properties: { name: { type: "string" } } },
        Counts: { type: "object", additionalProperties: { type: "integer" } },
        U: { oneOf: [{ type: "string" }, { type: "integer" }] },
        Color: { type: "string", enum: ["blue", "red"] },
        Box: {
          type: "object",
          properties: {
            tags: ref("Tags"),
            pet: ref("Pet"),
            count: { type: "integer" },
            m: ref("Counts"),
            u: ref("U"),
            c: ref("Color"),
          },
        },
      },
    },
  };
  const r = await generate({ content: JSON.stringify(doc) }, {
    server: true,
    serverStubs: true,
    noReadme: true,
  });
  const stubs = r.files.find((f) => f.name === "server_stubs.go")!.content;
  assert.ok(
    stubs.includes(
      'JSON200: &Box{Tags: &Tags{"a"}, Pet: &Pet{Name: stubsPtr[string]("x")}, Count: stubsPtr[int64](2), ' +
        'M: &Counts{"a": 1}, U: &U{String: stubsPtr[string]("s")}, C: stubsPtr[Color](Color("blue"))}',
    ),
    stubs,
  );
});

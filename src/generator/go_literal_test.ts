import assert from "node:assert/strict";
import { fitsFloat } from "./go_literal.ts";
import { defaultLiteral } from "./binder_types.ts";
import { generate } from "./generate.ts";

Deno.test("fitsFloat: a constant that overflows float32 does not fit; one that rounds to zero does", () => {
  assert.equal(fitsFloat("float32", 1e300), false);
  assert.equal(fitsFloat("float32", -3.5e38), false);
  assert.equal(fitsFloat("float32", 3.4028234663852886e38), true);
  assert.equal(fitsFloat("float32", 1e-50), true);
  assert.equal(fitsFloat("float64", 1e300), true);
  assert.equal(fitsFloat("float64", Infinity), false);
  assert.equal(defaultLiteral(1e300, "float32"), undefined);
  assert.equal(defaultLiteral(1e300, "float64"), "1e+300");
  assert.equal(defaultLiteral(1e20, "int64"), undefined);
  assert.equal(defaultLiteral(1e10, "int32"), undefined);
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

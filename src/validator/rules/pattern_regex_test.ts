import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";
import { patternProblem } from "./pattern_regex.ts";

Deno.test("pattern-regex", async (t) => {
  await t.step("patterns compile as ECMA-262 in Unicode mode", () => {
    assert.equal(patternProblem("^[a-z]+\\d{2}$"), undefined);
    assert.equal(patternProblem("^\\p{L}+$"), undefined);
    assert.match(patternProblem("[a-")!.reason, /class/i);
    assert.equal(patternProblem("[a-")!.lax, false);
    assert.match(patternProblem("(a")!.reason, /group/i);
    assert.deepEqual(patternProblem("^\\d{3}\\-\\d{4}$"), { reason: "Invalid escape", lax: true });
  });
  const schemas = { A: { type: "string", pattern: "(unclosed" }, B: { type: "string", pattern: "^ok$" } };
  const table: [string, Record<string, unknown>, string[]][] = [
    ["2.0", oas2({ definitions: schemas }), ["definitions.A.pattern"]],
    ["3.0.3", oas3({ components: { schemas } }, "3.0.3"), ["components.schemas.A.pattern"]],
    ["3.1.0", oas3({ components: { schemas } }, "3.1.0"), ["components.schemas.A.pattern"]],
    ["3.2.0", oas3({ components: { schemas } }, "3.2.0"), ["components.schemas.A.pattern"]],
  ];
  for (const [version, doc, paths] of table) {
    await t.step(`${version}: an invalid schema pattern is an error naming the value`, async () => {
      const f = await findings(doc, "pattern-regex");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), paths.map((p) => ["error", p]));
      assert.match(f[0].message, /^pattern "\(unclosed" is not a valid ECMA-262 regular expression: /);
    });
  }
  await t.step("2.0: parameters, headers and items objects", async () => {
    const doc = oas2({
      paths: {
        "/a": {
          get: op({
            parameters: [
              { name: "q", in: "query", type: "string", pattern: "[z-a]" },
              { name: "r", in: "query", type: "array", items: { type: "string", pattern: "a{2,1}" } },
              { name: "b", in: "body", schema: { type: "string", pattern: "*" } },
            ],
            responses: {
              "200": { description: "ok", headers: { X: { type: "string", pattern: "(?<n>a)(?<n>b)" } } },
            },
          }),
        },
      },
    });
    const f = await findings(doc, "pattern-regex");
    assert.deepEqual(f.map((x) => x.path), [
      "paths./a.get.responses.200.headers.X.pattern",
      "paths./a.get.parameters[0].pattern",
      "paths./a.get.parameters[1].items.pattern",
      "paths./a.get.parameters[2].schema.pattern",
    ]);
  });
  await t.step("3.1: a pattern beside $ref counts; 3.0: it is ignored with the $ref", async () => {
    const schemas = { S: { type: "string" }, R: { $ref: "#/components/schemas/S", pattern: "(" } };
    const f31 = await findings(oas3({ components: { schemas } }, "3.1.0"), "pattern-regex");
    assert.deepEqual(f31.map((x) => x.path), ["components.schemas.R.pattern"]);
    assert.deepEqual(await findings(oas3({ components: { schemas } }, "3.0.3"), "pattern-regex"), []);
  });
  await t.step("valid only without Unicode mode (legacy identity escapes): a warning", async () => {
    const legacy = {
      A: { type: "string", pattern: "^[A-Za-z0-9\\_\\-]+$" },
      B: { type: "string", pattern: "a\\-b" },
    };
    for (const version of ["3.0.3", "3.1.0", "3.2.0"]) {
      const f = await findings(oas3({ components: { schemas: legacy } }, version), "pattern-regex");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), [
        ["warning", "components.schemas.A.pattern"],
        ["warning", "components.schemas.B.pattern"],
      ]);
      assert.match(f[1].message, /only without Unicode mode \(Invalid escape\)/);
    }
    const f2 = await findings(oas2({ definitions: legacy }), "pattern-regex");
    assert.deepEqual(f2.map((x) => x.severity), ["warning", "warning"]);
  });
  await t.step("3.x: a parameter's pattern lives in its schema", async () => {
    const doc = oas3({
      paths: {
        "/a": {
          get: op({ parameters: [{ name: "q", in: "query", schema: { type: "string", pattern: "(" } }] }),
        },
      },
    }, "3.0.3");
    assert.deepEqual((await findings(doc, "pattern-regex")).map((x) => x.path), [
      "paths./a.get.parameters[0].schema.pattern",
    ]);
  });
});

/**
 * Declarative rules of the policy file (Spectral's shape): each function passing and failing, `field` forms,
 * Spectral's `[get,put]` union read as RFC 9535, references followed, message placeholders (escaped, bounded),
 * severities, and a `given` past the JSONPath node budget reported as the rule's failure, not a crash.
 */
import assert from "node:assert/strict";
import { ConfigError } from "../../config/mod.ts";
import { validate } from "../validate.ts";
import { fillMessage } from "./declarative.ts";

const DOC = {
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {
    "/pets": {
      get: {
        summary: "List pets",
        operationId: "listPets",
        tags: ["pets"],
        responses: { "200": { description: "ok" } },
      },
      put: {
        summary: "",
        operationId: "Put_Pet",
        deprecated: true,
        responses: { "200": { $ref: "#/components/responses/Ok" } },
      },
      post: { operationId: "add-pet", responses: { "201": { description: "made" } } },
    },
  },
  components: { responses: { Ok: { description: "fine" } } },
};

/** The findings of one declarative rule `r` (the others switched off), as `path: message`. */
async function declared(rule: Record<string, unknown>, doc: unknown = DOC): Promise<string[]> {
  const off = Object.fromEntries(
    ["component-unused", "operation-description", "operation-id-unique"].map((id) => [id, "off"]),
  );
  const r = await validate({ content: JSON.stringify(doc), name: "api.json" }, {
    config: { rules: { ...off, r: JSON.parse(JSON.stringify(rule)) } },
  });
  return [...r.errors, ...r.warnings].filter((f) => f.rule === "r" || f.rule === "custom-rule-error")
    .map((f) => `${f.severity} ${f.rule} ${f.path}: ${f.message}`);
}

const OPS = "$.paths[*]['get','put','post']";

/** [function, functionOptions, field, expected paths of failures]. */
const FUNCTIONS: [string, Record<string, unknown> | undefined, string | undefined, string[]][] = [
  ["truthy", undefined, "summary", ["paths./pets.put.summary", "paths./pets.post"]],
  ["falsy", undefined, "deprecated", ["paths./pets.put.deprecated"]],
  ["defined", undefined, "summary", ["paths./pets.post"]],
  ["undefined", undefined, "deprecated", ["paths./pets.put.deprecated"]],
  ["pattern", { match: "^[a-z][a-zA-Z]*$" }, "operationId", [
    "paths./pets.put.operationId",
    "paths./pets.post.operationId",
  ]],
  ["pattern", { notMatch: "/^PUT/i" }, "operationId", ["paths./pets.put.operationId"]],
  ["enumeration", { values: ["listPets", "add-pet"] }, "operationId", ["paths./pets.put.operationId"]],
  ["enum", { values: [false] }, "deprecated", ["paths./pets.put.deprecated"]],
  ["length", { min: 8 }, "operationId", ["paths./pets.put.operationId", "paths./pets.post.operationId"]],
  ["length", { max: 0 }, "tags", ["paths./pets.get.tags"]],
  ["length", { min: 2 }, "responses", [
    "paths./pets.get.responses",
    "paths./pets.put.responses",
    "paths./pets.post.responses",
  ]],
  ["casing", { type: "camel" }, "operationId", [
    "paths./pets.put.operationId",
    "paths./pets.post.operationId",
  ]],
  ["casing", { type: "kebab" }, "operationId", [
    "paths./pets.get.operationId",
    "paths./pets.put.operationId",
  ]],
  ["casing", { type: "pascal" }, "operationId", [
    "paths./pets.get.operationId",
    "paths./pets.put.operationId",
    "paths./pets.post.operationId",
  ]],
  ["casing", { type: "flat" }, "@key", ["paths./pets.get.operationId"]],
];

for (const [fn, functionOptions, field, expected] of FUNCTIONS) {
  Deno.test(`declarative: ${fn} ${JSON.stringify(functionOptions ?? {})} on ${field}`, async () => {
    const given = field === "@key" ? "$.paths['/pets'].get" : OPS;
    const lines = await declared({ given, then: { field, function: fn, functionOptions } });
    assert.deepEqual(lines.map((l) => l.split(":")[0].split(" ")[2]), expected, lines.join("\n"));
    for (const l of lines) assert.match(l, /^warning r /);
  });
}

Deno.test("declarative: casing styles with and without digits (snake, macro, cobol)", async () => {
  const doc = { ...DOC, "x-names": { a: "snake_case_1", b: "MACRO_CASE", c: "COBOL-CASE", d: "Not_Snake" } };
  const at = (type: string, extra: Record<string, unknown> = {}) =>
    declared(
      { given: "$['x-names'][*]", then: { function: "casing", functionOptions: { type, ...extra } } },
      doc,
    )
      .then((lines) => lines.map((l) => l.split(":")[0].split(".").at(-1)));
  assert.deepEqual(await at("snake"), ["b", "c", "d"]);
  assert.deepEqual(await at("snake", { disallowDigits: true }), ["a", "b", "c", "d"]);
  assert.deepEqual(await at("macro"), ["a", "c", "d"]);
  assert.deepEqual(await at("cobol"), ["a", "b", "d"]);
});

Deno.test("declarative: Spectral's [get,put] union is read as ['get','put']; a field JSONPath from the node", async () => {
  const shorthand = await declared({
    given: "$.paths[*][get,put]",
    then: { field: "summary", function: "truthy" },
  });
  assert.deepEqual(shorthand.map((l) => l.split(":")[0]), ["warning r paths./pets.put.summary"]);
  const path = await declared({
    given: "$.paths[*].get",
    then: { field: "$.responses[*].description", function: "length", functionOptions: { min: 3 } },
  });
  assert.deepEqual(path.map((l) => l.split(":")[0]), ["warning r paths./pets.get.responses.200.description"]);
});

Deno.test("declarative: a selected Reference Object is checked as its target", async () => {
  const lines = await declared({
    given: "$.paths[*][*].responses[*]",
    then: { field: "description", function: "pattern", functionOptions: { match: "^(ok|made)$" } },
  });
  // The reference at put's 200 is followed to "fine", which fails; it is reported where the reference is.
  assert.deepEqual(lines.map((l) => l.split(":")[0]), [
    "warning r paths./pets.put.responses.200.description",
  ]);
});

Deno.test("declarative: message placeholders, severity, and the default message", async () => {
  const lines = await declared({
    given: OPS,
    then: { field: "operationId", function: "casing", functionOptions: { type: "camel" } },
    severity: "error",
    message: "{{path}}: {{property}} = {{value}} ({{error}}) [{{description}}]",
    description: "ids are camelCase",
  });
  assert.deepEqual(lines, [
    'error r paths./pets.put.operationId: paths./pets.put.operationId: operationId = Put_Pet ("operationId" must be ' +
    "camel case.) [ids are camelCase]",
    'error r paths./pets.post.operationId: paths./pets.post.operationId: operationId = add-pet ("operationId" must ' +
    "be camel case.) [ids are camelCase]",
  ]);
  const plain = await declared({ given: "$.info", then: { field: "description", function: "defined" } });
  assert.deepEqual(plain, ['warning r info: "description" must be defined.']);
  const off = await validate({ content: JSON.stringify(DOC) }, {
    config: { rules: { r: { given: "$.info", then: { field: "x", function: "defined" }, severity: "off" } } },
  });
  assert.equal([...off.errors, ...off.warnings].filter((f) => f.rule === "r").length, 0);
});

Deno.test("declarative: placeholder values are escaped and bounded; a value's {{…}} is not expanded", () => {
  const long = "x".repeat(5000);
  const text = fillMessage("{{value}}|{{property}}|{{path}}", {
    value: () => "line\nforged\u001b[31m {{path}}",
    property: () => long,
    path: () => "p",
  });
  assert.equal(text.split("|")[0], "line\\nforged\\u001b[31m {{path}}");
  assert.ok(text.split("|")[1].length <= 200);
  assert.equal(text.split("|")[2], "p");
  assert.ok(fillMessage("{{value}}".repeat(100), { value: () => long }).length <= 1000);
});

Deno.test("declarative: a given past the JSONPath node budget is the rule's failure, not a crash", async () => {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 600; i++) deep = { a: deep };
  const doc = { ...DOC, "x-deep": deep };
  const lines = await declared({ given: "$..*..*", then: { function: "defined" } }, doc);
  assert.equal(lines.length, 1, lines.join("\n"));
  assert.match(
    lines[0],
    /^error custom-rule-error : the rule "r" of the policy file's rules threw in its "done" visitor: .*budget/,
  );
});

Deno.test("declarative: a declarative rule under a built-in rule's id is refused", async () => {
  await assert.rejects(
    validate({ content: JSON.stringify(DOC) }, {
      config: { rules: { "ref-resolves": { given: "$", then: { function: "defined" } } } },
    }),
    (e) => e instanceof ConfigError && /"ref-resolves" is a built-in rule/.test(e.message),
  );
});

Deno.test("declarative: a pattern that backtracks exponentially in JavaScript runs in linear time on RE2", async () => {
  // (a+)+$ against 40 a's and a "!" takes ~2^40 steps in a backtracking engine: the run would not end.
  const doc = { ...DOC, "x-text": "a".repeat(40) + "!" };
  const lines = await declared(
    { given: "$['x-text']", then: { function: "pattern", functionOptions: { match: "^(a+)+$" } } },
    doc,
  );
  assert.deepEqual(lines.map((l) => l.split(":")[0]), ["warning r x-text"]);
});

/**
 * Hostile inputs for `oatool convert`: deep nesting, reference loops, `__proto__` names, nested items past the
 * depth limit. Every run is spawned with the binary's permissions and bounded by a kill; each test asserts the
 * exact outcome (exit code, output document, the one-sentence message) and that no stack trace is printed.
 */
import assert from "node:assert/strict";
import { spawnOatool, type SpawnResult } from "../_spawn.ts";

async function convert(target: string, doc: unknown): Promise<SpawnResult> {
  const r = await spawnOatool(["convert", "-t", target, "-"], {
    stdin: JSON.stringify(doc),
    timeoutMs: 60_000,
  });
  assert.ok(!r.killed, "oatool convert hung and was killed");
  assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  return r;
}

const info = { title: "t", version: "1" };

Deno.test("hostile convert: schemas nested 450 deep (900 levels of JSON) convert up and down without overflowing", async () => {
  let schema: Record<string, unknown> = { type: "string", nullable: true };
  for (let i = 0; i < 450; i++) schema = { type: "object", nullable: true, properties: { p: schema } };
  const doc = { openapi: "3.0.3", info, paths: {}, components: { schemas: { Deep: schema } } };
  const up = await convert("3.1", doc);
  assert.equal(up.code, 0);
  let node = (JSON.parse(up.stdout).components.schemas.Deep) as Record<string, unknown>;
  let depth = 0;
  while (node.properties !== undefined) {
    assert.deepEqual(node.type, ["object", "null"]);
    node = (node.properties as Record<string, Record<string, unknown>>).p;
    depth++;
  }
  assert.equal(depth, 450);
  assert.deepEqual(node.type, ["string", "null"]);
  const down = await convert("2.0", doc);
  assert.equal(down.code, 0);
  assert.equal(JSON.parse(down.stdout).definitions.Deep["x-nullable"], true);
});

Deno.test("hostile convert: reference loops are kept as references, never followed forever", async () => {
  const doc = {
    swagger: "2.0",
    info,
    paths: {
      "/a": {
        post: {
          parameters: [{ $ref: "#/parameters/A" }],
          responses: { "200": { $ref: "#/responses/R" } },
        },
      },
    },
    parameters: { A: { $ref: "#/parameters/B" }, B: { $ref: "#/parameters/A" } },
    responses: { R: { $ref: "#/responses/R" } },
    definitions: { S: { $ref: "#/definitions/S" } },
  };
  const r = await convert("3.0", doc);
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.paths["/a"].post.parameters, [{ $ref: "#/components/parameters/A" }]);
  assert.deepEqual(out.components.parameters.B, { $ref: "#/components/parameters/A" });
  assert.deepEqual(out.components.responses.R, { $ref: "#/components/responses/R" });
  assert.deepEqual(out.components.schemas.S, { $ref: "#/components/schemas/S" });
});

Deno.test("hostile convert: __proto__ as a schema, property and parameter name is data", async () => {
  const doc = JSON.parse(`{
    "swagger": "2.0", "info": {"title": "t", "version": "1"},
    "paths": {"/a": {"post": {
      "consumes": ["application/x-www-form-urlencoded"],
      "parameters": [{"name": "__proto__", "in": "formData", "type": "string"}],
      "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/__proto__"}}}}}},
    "definitions": {"__proto__": {"type": "object", "properties": {"__proto__": {"type": "string"}}}}
  }`);
  const r = await convert("3.1", doc);
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.ok(Object.hasOwn(out.components.schemas, "__proto__"));
  assert.ok(Object.hasOwn(out.components.schemas["__proto__"].properties, "__proto__"));
  const form = out.paths["/a"].post.requestBody.content["application/x-www-form-urlencoded"].schema;
  assert.ok(Object.hasOwn(form.properties, "__proto__"));
  assert.equal(
    out.paths["/a"].post.responses["200"].content["application/json"].schema.$ref,
    "#/components/schemas/__proto__",
  );
  assert.equal(Object.getPrototypeOf(out.components.schemas), Object.prototype);
});

Deno.test("hostile convert: items nested 900 deep are cut at the limit with a warning, exit 0", async () => {
  let items: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 900; i++) items = { type: "array", items };
  const doc = {
    swagger: "2.0",
    info,
    paths: {
      "/a": {
        get: {
          parameters: [{ name: "x", in: "query", ...items }],
          responses: { "204": { description: "d" } },
        },
      },
    },
  };
  const r = await convert("3.0", doc);
  assert.equal(r.code, 0);
  assert.match(
    r.stderr,
    /⚠ warning: paths\.\/a\.get\.parameters\[0\](\.items){63}: arrays nested more than 64 deep/,
  );
});

/**
 * One small document per mapping rule, both directions (testdata/convert/<case>/input.yaml → expected.yaml):
 * the output equals the expected document, is valid for its target version, and the issues are the listed
 * rules. `UPDATE=1 deno test -A src/converter/convert_test.ts` rewrites the expected files (review the diff).
 */
import assert from "node:assert/strict";
import { convert, CONVERT_RULES, convertDocument } from "./mod.ts";
import { parseText, serializeDocument } from "../core/mod.ts";
import { validate } from "../validator/mod.ts";
import { documentFromObject } from "../core/mod.ts";

const DATA = new URL("../../testdata/convert/", import.meta.url).pathname;

interface Case {
  dir: string;
  target: string;
  issues: string[];
}

const CASES: Case[] = [
  { dir: "servers-2to3", target: "3.0.3", issues: [] },
  {
    dir: "servers-3to2",
    target: "2.0",
    issues: ["warning:convert-server-variables", "warning:convert-servers"],
  },
  {
    dir: "components-2to3",
    target: "3.0",
    issues: [
      "info:convert-no-host",
      "info:convert-definitions-moved",
      "info:convert-parameters-moved",
      "info:convert-responses-moved",
      "info:convert-external-ref",
    ],
  },
  {
    dir: "components-3to2",
    target: "2.0",
    issues: [
      "warning:convert-discriminator-mapping",
      "warning:convert-schema-keyword",
      "info:convert-components-inlined",
      "info:convert-components-inlined",
    ],
  },
  { dir: "body-2to3", target: "3.0", issues: ["info:convert-no-host"] },
  { dir: "body-3to2", target: "2.0", issues: ["warning:convert-media-types"] },
  { dir: "formdata-2to3", target: "3.0", issues: ["info:convert-no-host"] },
  { dir: "formdata-3to2", target: "2.0", issues: [] },
  {
    dir: "collection-formats-2to3",
    target: "3.0",
    issues: ["info:convert-no-host", "warning:convert-collection-format"],
  },
  {
    dir: "styles-3to2",
    target: "2.0",
    issues: ["warning:convert-parameter-schema"],
  },
  {
    dir: "responses-2to3",
    target: "3.0",
    issues: ["info:convert-no-host", "warning:convert-response-examples"],
  },
  {
    dir: "responses-3to2",
    target: "2.0",
    issues: ["warning:convert-media-types", "warning:convert-media-types", "critical:convert-links"],
  },
  {
    dir: "security-2to3",
    target: "3.0",
    issues: ["info:convert-no-host", "info:convert-security-definitions-moved"],
  },
  {
    dir: "security-3to2",
    target: "2.0",
    issues: [
      "warning:convert-security-bearer",
      "critical:convert-security-scheme",
      "critical:convert-security-scheme",
      "warning:convert-oauth-flows",
    ],
  },
  {
    dir: "critical-3to2",
    target: "2.0",
    issues: ["critical:convert-method", "critical:convert-cookie-parameter", "critical:convert-callbacks"],
  },
  { dir: "up-30to31", target: "3.1", issues: [] },
  {
    dir: "down-31to30",
    target: "3.0",
    issues: [
      "warning:convert-examples-first",
      "warning:convert-type-array",
      "warning:convert-keyword-removed",
      "warning:convert-keyword-removed",
      "warning:convert-info-field",
      "warning:convert-info-field",
      "warning:convert-json-schema-dialect",
      "critical:convert-webhooks",
    ],
  },
  {
    dir: "down-32to31",
    target: "3.1",
    issues: [
      "critical:convert-3.2-feature",
      "critical:convert-3.2-feature",
      "warning:convert-3.2-field",
      "warning:convert-3.2-field",
      "warning:convert-3.2-field",
      "warning:convert-3.2-field",
      "warning:convert-3.2-field",
      "warning:convert-3.2-field",
      "info:convert-3.2-field",
      "info:convert-3.2-field",
      "warning:convert-3.2-field",
      "critical:convert-3.2-feature",
      "warning:convert-3.2-field",
    ],
  },
  { dir: "same-version", target: "3.1.0", issues: ["info:convert-same-version"] },
  { dir: "operation-schemes-2to3", target: "3.0", issues: [] },
  { dir: "path-refs-3to2", target: "2.0", issues: [] },
  { dir: "path-refs-2to3", target: "3.0", issues: ["info:convert-no-host"] },
];

async function read(path: string): Promise<Record<string, unknown>> {
  return parseText(await Deno.readTextFile(path), { format: "yaml", source: path }).data as Record<
    string,
    unknown
  >;
}

for (const c of CASES) {
  Deno.test(`convert ${c.dir} → ${c.target}`, async () => {
    const input = await read(`${DATA}${c.dir}/input.yaml`);
    const before = structuredClone(input);
    const r = convertDocument(input, { target: c.target });
    assert.deepEqual(input, before, "the input is not changed");
    const expectedPath = `${DATA}${c.dir}/expected.yaml`;
    if (
      Deno.permissions.querySync({ name: "env", variable: "UPDATE" }).state === "granted" &&
      Deno.env.get("UPDATE") === "1"
    ) {
      await Deno.writeTextFile(expectedPath, serializeDocument(r.document, "yaml"));
    }
    assert.deepEqual(r.document, await read(expectedPath));
    assert.deepEqual(r.issues.map((i) => `${i.severity}:${i.rule}`), c.issues);
    assert.equal(r.success, !c.issues.some((i) => i.startsWith("critical:")));
    const v = await validate(documentFromObject(r.document, { baseDir: `${DATA}${c.dir}` }));
    assert.deepEqual(v.errors.map((e) => `${e.path}: ${e.message}`), [], "the output is valid");
    assert.equal(
      serializeDocument(convertDocument(input, { target: c.target }).document, "yaml"),
      serializeDocument(r.document, "yaml"),
      "deterministic",
    );
  });
}

Deno.test("convert: a parameter's array schema keeps its own constraints beside items (3.x → 2.0)", () => {
  const r = convertDocument({
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        get: {
          parameters: [{
            name: "ids",
            in: "query",
            schema: { type: "array", items: { type: "integer", maximum: 9 }, maxItems: 3, default: [1] },
          }],
          responses: { "204": { description: "done" } },
        },
      },
    },
  }, { target: "2.0" });
  const paths = r.document.paths as Record<string, Record<string, Record<string, unknown[]>>>;
  assert.deepEqual(paths["/a"].get.parameters[0], {
    name: "ids",
    in: "query",
    type: "array",
    items: { type: "integer", maximum: 9 },
    default: [1],
    maxItems: 3,
    collectionFormat: "multi",
  });
});

Deno.test("convert: items nested past the depth limit are cut with a warning naming the place", () => {
  let items: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 100; i++) items = { type: "array", items };
  const r = convertDocument({
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        get: {
          parameters: [{ name: "x", in: "query", ...items }],
          responses: { "204": { description: "d" } },
        },
      },
    },
  }, { target: "3.0" });
  const issue = r.issues.find((i) => i.rule === "convert-depth-limit");
  assert.ok(issue);
  assert.match(issue.path, /^paths\.\/a\.get\.parameters\[0\](\.items){63}$/);
});

Deno.test("every rule id the converter reports is in CONVERT_RULES, and every listed rule is used", async () => {
  const dir = new URL("./", import.meta.url).pathname;
  const used = new Set<string>();
  for (const e of Deno.readDirSync(dir)) {
    if (!e.name.endsWith(".ts") || e.name.endsWith("_test.ts") || e.name === "rules.ts") continue;
    for (const m of (await Deno.readTextFile(dir + e.name)).matchAll(/"(convert-[a-z0-9.-]+)"/g)) {
      used.add(m[1]);
    }
  }
  const listed = CONVERT_RULES.map((r) => r.id);
  assert.deepEqual([...used].sort(), [...listed].sort());
  assert.equal(new Set(listed).size, listed.length);
});

Deno.test("convert(): source positions with sourceMap, strict fails on warnings, noWarnings keeps criticals", async () => {
  const content = [
    "openapi: 3.0.3",
    "info: {title: t, version: '1'}",
    "servers:",
    "  - url: https://a.example.com",
    "  - url: https://b.example.com",
    "paths:",
    "  /a:",
    "    trace:",
    "      responses: {'200': {description: ok}}",
    "",
  ].join("\n");
  const r = await convert({ content }, { target: "2.0", sourceMap: true });
  assert.deepEqual(r.issues.map((i) => [i.rule, i.location?.line, i.location?.column]), [
    ["convert-servers", 5, 5],
    ["convert-method", 8, 5],
  ]);
  assert.equal(r.success, false);
  const warningsOnly = await convert({ content: content.replace("trace", "get") }, { target: "2.0" });
  assert.equal(warningsOnly.success, true);
  const strict = await convert({ content: content.replace("trace", "get") }, { target: "2.0", strict: true });
  assert.equal(strict.success, false);
  const quiet = await convert({ content }, { target: "2.0", noWarnings: true });
  assert.deepEqual(quiet.issues.map((i) => i.rule), ["convert-method"]);
  assert.throws(() => convertDocument({ openapi: "3.0.3" }, { target: "3.3" }), /"3\.3" is not supported/);
});

Deno.test("convertDocument: inPlace converts the object itself; by default the input is left as it was", () => {
  const make = () => ({
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas: { A: { type: "string", nullable: true } } },
  });
  const input = make();
  const copied = convertDocument(input, { target: "3.1" });
  assert.deepEqual(input, make());
  const inPlace = convertDocument(input, { target: "3.1", inPlace: true });
  assert.deepEqual(inPlace.document, copied.document);
  assert.equal(inPlace.document, input);
  assert.deepEqual(input.components.schemas.A, { type: ["string", "null"] });
});

Deno.test("3.x → 2.0: server variables are read as path templates are (a stray brace stays as written)", () => {
  const doc = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {},
    servers: [{
      url: "https://{host}/a{b{version}",
      variables: { host: { default: "api.example.com" }, version: { default: "2" } },
    }],
  };
  const r = convertDocument(doc, { target: "2.0" }).document as Record<string, unknown>;
  assert.deepEqual([r.host, r.basePath, r.schemes], ["api.example.com", "/a{b2", ["https"]]);
});

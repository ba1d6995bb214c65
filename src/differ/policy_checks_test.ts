/**
 * The severity policy's own checks and options: removals judged by deprecation and sunset dates (with an injected
 * `now`), `deprecationDays`, rule presets, the version-only change, empty documents across versions, extensions
 * of the Components Object, 2.0 response examples, and defaults judged alike wherever they appear.
 */
import assert from "node:assert/strict";
import { diffDocs, type Doc, edit, idsOf, schemaDoc } from "./_test_helpers.ts";
import { DIFF_PRESETS, listChecks } from "./mod.ts";
import { UsageError } from "../core/mod.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = new Date("2026-06-01T12:00:00Z");
const PAST = "2026-01-01";
const FUTURE = "2026-12-31";

const S = { type: "string" };

/** A 3.1 document with GET and DELETE /items/{id}, a query parameter and a request and response property. */
const BASE: Doc = JSON.parse(JSON.stringify({
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {
    "/items/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, schema: S },
          { name: "q", in: "query", schema: S },
        ],
        responses: {
          "200": {
            description: "OK",
            content: {
              "application/json": { schema: { type: "object", properties: { a: S, old: S } } },
            },
          },
        },
      },
      put: {
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { a: S, old: S } } } },
        },
        responses: { "204": { description: "done" } },
      },
      delete: { responses: { "204": { description: "gone" } } },
    },
    "/legacy": { get: { responses: { "200": { description: "OK" } } } },
  },
})); // Serialised so that no two places share one object.

const ITEM = (d: Any) => d.paths["/items/{id}"];
const Q = (d: Any) => ITEM(d).get.parameters[1];
const RES_OLD = (d: Any) => ITEM(d).get.responses["200"].content["application/json"].schema.properties.old;
const REQ_OLD = (d: Any) => ITEM(d).put.requestBody.content["application/json"].schema.properties.old;

type Target = (d: Any) => Any;
/** What is deprecated, how to remove it, and the kind its lifecycle checks are named by. */
const KINDS: [kind: string, target: Target, remove: (d: Any) => void, plain: string][] = [
  ["endpoint", (d) => d.paths["/legacy"].get, (d) => delete d.paths["/legacy"], "endpoint-removed critical"],
  ["operation", (d) => ITEM(d).delete, (d) => delete ITEM(d).delete, "operation-removed critical"],
  [
    "request-parameter",
    Q,
    (d) => ITEM(d).get.parameters.pop(),
    "request-parameter-removed warning",
  ],
  [
    "request-property",
    REQ_OLD,
    (d) => delete ITEM(d).put.requestBody.content["application/json"].schema.properties.old,
    "request-optional-property-removed warning",
  ],
  [
    "response-property",
    RES_OLD,
    (d) => delete ITEM(d).get.responses["200"].content["application/json"].schema.properties.old,
    "response-optional-property-removed warning",
  ],
];

for (const [kind, target, remove, plain] of KINDS) {
  const deprecatedWith = (extra: Record<string, unknown>) =>
    edit(BASE, (d) => Object.assign(target(d), { deprecated: true, ...extra }));
  const removed = edit(BASE, remove);
  Deno.test(`lifecycle ${kind}: removed without deprecation keeps its ordinary check`, async () => {
    assert.deepEqual(idsOf(await diffDocs(BASE, removed, { now: NOW })), [plain]);
  });
  Deno.test(`lifecycle ${kind}: removed after its sunset date is info`, async () => {
    const r = await diffDocs(deprecatedWith({ "x-sunset": PAST }), removed, { now: NOW });
    assert.deepEqual(idsOf(r), [`sunset-${kind}-removed info`]);
    assert.match(r.changes[0].message, /sunset date 2026-01-01 has passed/);
    assert.equal(r.hasBreakingChanges, false);
  });
  Deno.test(`lifecycle ${kind}: removed before its sunset date is breaking`, async () => {
    const r = await diffDocs(deprecatedWith({ "x-sunset": FUTURE }), removed, { now: NOW });
    assert.deepEqual(idsOf(r), [`${kind}-removed-before-sunset error`]);
    assert.match(r.changes[0].message, /2026-12-31, still ahead/);
    // The same pair once the date has come.
    const later = await diffDocs(deprecatedWith({ "x-sunset": FUTURE }), removed, {
      now: new Date("2027-01-02T00:00:00Z"),
    });
    assert.deepEqual(idsOf(later), [`sunset-${kind}-removed info`]);
  });
  Deno.test(`lifecycle ${kind}: deprecated without a sunset date is a warning`, async () => {
    const r = await diffDocs(deprecatedWith({}), removed, { now: NOW });
    assert.deepEqual(idsOf(r), [`deprecated-${kind}-removed warning`]);
  });
  Deno.test(`lifecycle ${kind}: an unreadable sunset date is breaking`, async () => {
    const r = await diffDocs(deprecatedWith({ "x-sunset": "next spring" }), removed, { now: NOW });
    assert.deepEqual(idsOf(r), [`${kind}-removed-before-sunset error`]);
    assert.match(r.changes[0].message, /cannot be read/);
  });
}

Deno.test("lifecycle: deprecationDays counts from x-deprecated-at to now", async () => {
  const removed = edit(BASE, (d) => delete ITEM(d).delete);
  const dep = (extra: Record<string, unknown>) =>
    edit(BASE, (d) => Object.assign(ITEM(d).delete, { deprecated: true, ...extra }));
  const opts = { now: NOW, deprecationDays: 90 };
  // 151 days of deprecation, sunset passed: allowed.
  const long = await diffDocs(dep({ "x-deprecated-at": PAST, "x-sunset": "2026-05-01" }), removed, opts);
  assert.deepEqual(idsOf(long), ["sunset-operation-removed info"]);
  // Enough days and no sunset date: the period served is enough.
  const noSunset = await diffDocs(dep({ "x-deprecated-at": PAST }), removed, opts);
  assert.deepEqual(idsOf(noSunset), ["sunset-operation-removed info"]);
  // 31 days only, although the sunset date has passed.
  const short = await diffDocs(
    dep({ "x-deprecated-at": "2026-05-01", "x-sunset": "2026-05-15" }),
    removed,
    opts,
  );
  assert.deepEqual(idsOf(short), ["operation-removed-before-sunset error"]);
  assert.match(short.changes[0].message, /31 days ago; 90 days are required/);
  // No deprecation date: the period cannot be shown.
  const unknown = await diffDocs(dep({ "x-sunset": PAST }), removed, opts);
  assert.deepEqual(idsOf(unknown), ["operation-removed-before-sunset error"]);
  // An equivalent extension names the date too.
  const since = await diffDocs(dep({ "x-deprecated-since": PAST }), removed, opts);
  assert.deepEqual(idsOf(since), ["sunset-operation-removed info"]);
  // 0 turns the requirement off.
  const off = await diffDocs(dep({ "x-sunset": PAST }), removed, { now: NOW, deprecationDays: 0 });
  assert.deepEqual(idsOf(off), ["sunset-operation-removed info"]);
});

Deno.test("lifecycle: a deprecated property reached through $ref is judged by its own sunset date", async () => {
  const withRef = edit(BASE, (d) => {
    d.components = { schemas: { Old: { type: "string", deprecated: true, "x-sunset": PAST } } };
    ITEM(d).get.responses["200"].content["application/json"].schema.properties.old = {
      $ref: "#/components/schemas/Old",
    };
  });
  const removed = edit(withRef, (d) => {
    delete ITEM(d).get.responses["200"].content["application/json"].schema.properties.old;
  });
  const ids = idsOf(await diffDocs(withRef, removed, { now: NOW }));
  assert.deepEqual(ids.filter((x) => !x.startsWith("component-")), ["sunset-response-property-removed info"]);
});

Deno.test("lifecycle: every lifecycle check has a case above", () => {
  const kinds = KINDS.map(([k]) => k);
  const covered = new Set(
    kinds.flatMap((k) => [`deprecated-${k}-removed`, `sunset-${k}-removed`, `${k}-removed-before-sunset`]),
  );
  const missing = listChecks().filter((c) => c.category === "lifecycle" && !covered.has(c.id));
  assert.deepEqual(missing.map((c) => c.id), []);
});

Deno.test("options: preset, deprecationDays and the exported preset names", async () => {
  assert.deepEqual([...DIFF_PRESETS], ["strict", "default", "lenient"]);
  await assert.rejects(() => diffDocs(BASE, BASE, { preset: "loose" as Any }), UsageError);
  await assert.rejects(() => diffDocs(BASE, BASE, { deprecationDays: -1 }), UsageError);
  await assert.rejects(() => diffDocs(BASE, BASE, { deprecationDays: 1.5 }), UsageError);
});

Deno.test("presets: strict raises response range widenings, lenient lowers response kind widenings", async () => {
  const p = schemaDoc(S, { type: "string", pattern: "^a" });
  const free = schemaDoc(S, S);
  assert.deepEqual(idsOf(await diffDocs(p, free)), ["response-pattern-removed warning"]);
  assert.deepEqual(idsOf(await diffDocs(p, free, { preset: "strict" })), ["response-pattern-removed error"]);
  const a = schemaDoc(S, { type: "integer", minimum: 1 });
  const lowered = schemaDoc(S, { type: "integer", minimum: 0 });
  assert.deepEqual(idsOf(await diffDocs(a, lowered)), ["response-minimum-decreased error"]);
  assert.deepEqual(idsOf(await diffDocs(a, lowered, { preset: "lenient" })), [
    "response-minimum-decreased warning",
  ]);
  const one = { type: "string", enum: ["a"] };
  const two = { type: "string", enum: ["a", "b"] };
  const e = schemaDoc(S, one);
  const more = schemaDoc(S, two);
  assert.deepEqual(idsOf(await diffDocs(e, more)), ["response-enum-value-added error"]);
  assert.deepEqual(idsOf(await diffDocs(e, more, { preset: "lenient" })), [
    "response-enum-value-added warning",
  ]);
  // The request-side narrowing stays an error in every preset.
  const narrowed = await diffDocs(schemaDoc(two, S), schemaDoc(one, S), { preset: "lenient" });
  assert.deepEqual(idsOf(narrowed), ["request-enum-value-removed error"]);
  // Notices stay WARNINGs even in strict; explicit severities win over the preset.
  const dep = await diffDocs(schemaDoc(S, S), schemaDoc(S, { ...S, deprecated: true }), { preset: "strict" });
  assert.deepEqual(idsOf(dep), ["response-schema-deprecated warning"]);
  const overridden = await diffDocs(p, free, {
    preset: "strict",
    severities: { "response-pattern-removed": "info" },
  });
  assert.deepEqual(idsOf(overridden), ["response-pattern-removed info"]);
});

Deno.test("presets: strict makes a removal of what was deprecated without a date breaking, lenient info", async () => {
  const dep = edit(BASE, (d) => ITEM(d).delete.deprecated = true);
  const removed = edit(BASE, (d) => delete ITEM(d).delete);
  const strict = await diffDocs(dep, removed, { preset: "strict", now: NOW });
  assert.deepEqual(idsOf(strict), ["deprecated-operation-removed error"]);
  const lenient = await diffDocs(dep, removed, { preset: "lenient", now: NOW });
  assert.deepEqual(idsOf(lenient), ["deprecated-operation-removed info"]);
});

Deno.test("severity policy: a changed default is judged alike in a parameter, a property and a header", async () => {
  const withDefault = (v: string) =>
    edit(BASE, (d) => {
      Q(d).schema = { type: "string", default: v };
      REQ_OLD(d).default = v;
      RES_OLD(d).default = v;
      ITEM(d).get.responses["200"].headers = { "X-Mode": { schema: { type: "string", default: v } } };
    });
  const r = await diffDocs(withDefault("a"), withDefault("b"));
  const severities = new Set(
    r.changes.map((c) => `${c.id.replace(/^(request|response)-/, "")} ${c.severity}`),
  );
  assert.deepEqual([...severities], ["default-changed warning"]);
  assert.equal(r.changes.length, 4);
});

Deno.test("version: 3.0.3 against 3.1.0 is an INFO in both directions", async () => {
  const v30 = { openapi: "3.0.3", info: { title: "T", version: "1" }, paths: {} };
  const v31 = { ...v30, openapi: "3.1.0" };
  const up = await diffDocs(v30, v31);
  assert.deepEqual(idsOf(up), ["openapi-version-changed info"]);
  assert.deepEqual([up.changes[0].old, up.changes[0].new], ["3.0.3", "3.1.0"]);
  assert.deepEqual(idsOf(await diffDocs(v31, v30)), ["openapi-version-changed info"]);
});

Deno.test("version: empty documents across majors are one format change, with no phantom server", async () => {
  const v2 = { swagger: "2.0", info: { title: "T", version: "1" }, paths: {} };
  const v3 = { openapi: "3.0.3", info: { title: "T", version: "1" }, paths: {} };
  assert.deepEqual(idsOf(await diffDocs(v2, v3)), ["format-structure-changed error"]);
  assert.deepEqual(idsOf(await diffDocs(v3, v2)), ["format-structure-changed error"]);
  // A server at `/` is what no servers means.
  const root = { ...v3, servers: [{ url: "/" }] };
  assert.deepEqual(idsOf(await diffDocs(v3, root)), []);
  assert.deepEqual(idsOf(await diffDocs(root, v3)), []);
});

Deno.test("extensions: of the Components Object and of server variables", async () => {
  const a = edit(BASE, (d) => {
    d.components = { "x-owner": "a", schemas: {} };
    d.servers = [{ url: "https://{env}.example.com", variables: { env: { default: "p", "x-v": 1 } } }];
  });
  const b = edit(a, (d: Any) => {
    d.components["x-owner"] = "b";
    d.components["x-new"] = true;
    d.servers[0].variables.env["x-v"] = 2;
  });
  const r = await diffDocs(a, b);
  assert.deepEqual(r.changes.map((c) => `${c.id} ${c.path}`).sort(), [
    "extension-added components.x-new",
    "extension-changed components.x-owner",
    "extension-changed servers[0].variables.env.x-v",
  ]);
  const back = await diffDocs(b, a);
  assert.ok(idsOf(back).includes("extension-removed info"));
});

Deno.test("2.0: response examples by media type are compared", async () => {
  const doc = (value: number) => ({
    swagger: "2.0",
    info: { title: "T", version: "1" },
    paths: {
      "/a": {
        get: {
          produces: ["application/json"],
          responses: {
            "200": {
              description: "OK",
              schema: { type: "object" },
              examples: { "application/json": { n: value } },
            },
          },
        },
      },
    },
  });
  assert.deepEqual(idsOf(await diffDocs(doc(1), doc(2))), ["response-media-type-example-changed info"]);
  assert.deepEqual(idsOf(await diffDocs(doc(1), doc(1))), []);
});

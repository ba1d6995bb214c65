/** Groups, reference totals, pages, resolveRefs, inputs, errors, the extension filter and globs. */
import assert from "node:assert/strict";
import { fixture, FIXTURES } from "./_test_fixtures.ts";
import {
  compileGlob,
  parseExtensionFilter,
  walk,
  WalkFilterError,
  walkHeaders,
  type WalkKind,
  walkOperations,
  type WalkOptions,
  walkParameters,
  walkPaths,
  walkRefs,
  walkResponses,
  walkSchemas,
  walkSecurity,
} from "./mod.ts";

const dir = FIXTURES;
const load = fixture;

Deno.test("walk groups: labels and order (count, then key)", async () => {
  const groups = async (kind: WalkKind, doc: string, options: WalkOptions) =>
    (await walk(kind, await load(doc), options)).groups;
  assert.deepEqual(await groups("operations", "v30", { groupBy: "tag" }), [
    { key: "users", count: 3 },
    { key: "(untagged)", count: 2 },
    { key: "admin", count: 1 },
  ]);
  assert.deepEqual(await groups("operations", "v30", { groupBy: "method" }), [
    { key: "GET", count: 2 },
    { key: "POST", count: 2 },
    { key: "DELETE", count: 1 },
  ]);
  assert.deepEqual(await groups("schemas", "v31", { groupBy: "type" }), [
    { key: "array", count: 2 },
    { key: "(untyped)", count: 1 },
    { key: "integer", count: 1 },
    { key: "object", count: 1 },
    { key: "string|null", count: 1 },
  ]);
  assert.deepEqual(await groups("schemas", "v30", { groupBy: "location" }), [
    { key: "inline", count: 11 },
    { key: "component", count: 2 },
  ]);
  assert.deepEqual(await groups("parameters", "v30", { groupBy: "location" }), [
    { key: "(ref)", count: 6 },
    { key: "query", count: 3 },
    { key: "path", count: 1 },
  ]);
  // with the in filter, $ref parameters are resolved: the loop stays unresolved and matches no location
  assert.deepEqual(await groups("parameters", "v30", { groupBy: "location", in: "query" }), [
    { key: "query", count: 6 },
  ]);
  assert.deepEqual(await groups("parameters", "v30", { groupBy: "name", path: "/users" }), [
    { key: "(ref)", count: 2 },
    { key: "q", count: 1 },
  ]);
  assert.deepEqual(
    await groups("responses", "v30", { groupBy: "status_code" }),
    [
      { key: "204", count: 2 },
      { key: "200", count: 2 },
      { key: "(component)", count: 1 },
      { key: "201", count: 1 },
      { key: "4XX", count: 1 },
      { key: "500", count: 1 },
      { key: "default", count: 1 },
    ].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1)),
  );
  assert.deepEqual(await groups("responses", "v20", { groupBy: "method" }), [
    { key: "GET", count: 4 },
    { key: "POST", count: 2 },
    { key: "(component)", count: 1 },
  ]);
  assert.deepEqual(await groups("headers", "v30", { groupBy: "status_code" }), [
    { key: "(component)", count: 2 },
    { key: "200", count: 1 },
  ]);
  assert.deepEqual(await groups("headers", "v30", { groupBy: "name" }), [
    { key: "total", count: 1 },
    { key: "x-request-id", count: 1 },
    { key: "x-total", count: 1 },
  ]);
  assert.deepEqual(await groups("paths", "v31", { groupBy: "segment" }), [
    { key: "items", count: 2 },
    { key: "(webhook)", count: 1 },
  ]);
});

Deno.test("walk refs: total counts targets in summary mode, occurrences with detail or groupBy", async () => {
  const doc = await load("v30");
  const summary = await walkRefs(doc, { target: "#/components/schemas/*" });
  assert.equal(summary.total, 9);
  assert.equal(summary.matched, 2);
  assert.equal(summary.items[0].location, "components.schemas.User");
  const detail = await walkRefs(doc, { target: "#/components/schemas/*", detail: true });
  assert.equal(detail.total, 16);
  assert.equal(detail.matched, 7);
  assert.deepEqual(detail.items.map((i) => i.location), [
    "paths./users.get.responses.200.content.application/json.schema.items",
    "paths./users.post.requestBody.content.application/json.schema",
    "paths./users.post.callbacks.onCreated['{$request.body#/callbackUrl}'].post.requestBody.content.application/json.schema",
    "paths./users/{id}.get.responses.200.content.application/json.schema",
    "components.schemas.User.properties.manager",
    "components.schemas.User.properties.friends.items",
    "components.responses.Problem.content.application/problem+json.schema",
  ]);
  const grouped = await walkRefs(doc, { groupBy: "node_type" });
  assert.equal(grouped.total, 16);
  assert.deepEqual(grouped.groups, [
    { key: "schema", count: 7 },
    { key: "parameter", count: 6 },
    { key: "response", count: 2 },
    { key: "header", count: 1 },
  ]);
  // a loop of references does not resolve
  const loop = await walkRefs(doc, { target: "#/components/parameters/Loop", detail: true });
  assert.deepEqual(loop.items.map((i) => i.resolved), [true, true]);
});

Deno.test("walk pagination: offset, limit, offset past the end, limit 0", async () => {
  const doc = await load("v30");
  const page = await walkOperations(doc, { limit: 2, offset: 1 });
  assert.deepEqual(page.items.map((i) => i.operationId), ["createUser", "userCreatedCallback"]);
  assert.deepEqual([page.total, page.matched, page.returned, page.offset, page.limit], [5, 5, 2, 1, 2]);
  const past = await walkOperations(doc, { offset: 99 });
  assert.deepEqual([past.matched, past.returned, past.items.length], [5, 0, 0]);
  const none = await walkOperations(doc, { limit: 0 });
  assert.deepEqual([none.matched, none.returned, none.items.length], [5, 0, 0]);
  const groups = await walkOperations(doc, { groupBy: "tag", limit: 1, offset: 1 });
  assert.deepEqual(groups.groups, [{ key: "(untagged)", count: 2 }]);
  assert.equal(groups.groupCount, 3);
  assert.deepEqual(groups.items, []);
  const last = await walkOperations(doc, { limit: 2, offset: 4 });
  assert.deepEqual(last.items.map((i) => i.operationId), ["deleteUser"]);
});

Deno.test("walk with resolveRefs: $ref parameters and responses are inline, circular schemas stay references", async () => {
  const doc = await load("v30");
  const params = await walkParameters(doc, { resolveRefs: true, path: "/users" });
  assert.deepEqual(params.items.map((p) => `${p.name} ${p.in} ${p.ref ?? "-"}`), [
    "limit query -",
    "offset query -",
    "q query -",
  ]);
  const refs = await walkRefs(doc, { resolveRefs: true });
  // only the references that would make the document contain itself are left
  assert.ok(
    refs.items.every((i) => i.ref === "#/components/schemas/User" || i.ref.includes("Loop")),
    JSON.stringify(refs.items),
  );
  // the User schema now stands inline where it was referenced (four places outside components)
  assert.equal((await walkSchemas(doc, { type: "object", inline: true })).matched, 0);
  const inline = await walkSchemas(doc, { resolveRefs: true, type: "object", inline: true, detail: true });
  assert.equal(inline.matched, 4);
  assert.equal((inline.items[0].node as Record<string, unknown>).type, "object");
});

Deno.test("walk input: a file path, content, and the same result as a loaded document", async () => {
  const byPath = await walkPaths(`${dir}v20.yaml`);
  const byContent = await walkPaths({ content: await Deno.readTextFile(`${dir}v20.yaml`) });
  const loaded = await walkPaths(await load("v20"));
  assert.deepEqual(byPath.items, loaded.items);
  assert.deepEqual(byContent.items, loaded.items);
});

Deno.test("walk errors name the bad term or option", async () => {
  const doc = await load("v30");
  const cases: [Promise<unknown>, RegExp][] = [
    [walkOperations(doc, { extension: "internal" }), /term "internal" does not name an extension/],
    [walkOperations(doc, { extension: "x-a,,x-b" }), /has an empty term/],
    [walkOperations(doc, { extension: "x-a+" }), /has an empty term/],
    [walkOperations(doc, { extension: "!x-a=1" }), /term "!x-a=1" cannot both negate and compare/],
    [walkOperations(doc, { extension: "x-a=1+y-b" }), /term "y-b" does not name an extension/],
    [walkOperations(doc, { extension: " " }), /the extension filter is empty/],
    [
      walkOperations(doc, { groupBy: "status_code" }),
      /operations cannot be grouped by "status_code"; group by "tag" or "method"/,
    ],
    [walkSecurity(doc, { groupBy: "type" }), /security cannot be grouped/],
    [walkOperations(doc, { limit: -1 }), /limit must be a whole number/],
    [walkOperations(doc, { offset: 1.5 }), /offset must be a whole number/],
    [walkResponses(doc, { status: "abc" }), /status filter "abc" is not a status code/],
    [walkHeaders(doc, { status: "600" }), /status filter "600"/],
    [walkSchemas(doc, { component: true, inline: true }), /"component" and "inline" exclude each other/],
    [walk("nope" as WalkKind, doc), /"nope" is not a walk kind/],
  ];
  for (const [p, re] of cases) {
    await assert.rejects(p, (e: Error) => e instanceof WalkFilterError && re.test(e.message));
  }
});

Deno.test("extension filter: parsing and AND binding tighter than OR", () => {
  assert.deepEqual(parseExtensionFilter("x-a+!x-b,x-c=1,x-d!=2").anyOf, [
    [{ key: "x-a", op: "has" }, { key: "x-b", op: "lacks" }],
    [{ key: "x-c", op: "equals", value: "1" }],
    [{ key: "x-d", op: "differs", value: "2" }],
  ]);
});

Deno.test("globs: segments, ** and names", () => {
  const cases: [string, boolean, string, boolean][] = [
    ["/a/*", true, "/a/b", true],
    ["/a/*", true, "/a/b/c", false],
    ["/a/**", true, "/a/b/c", true],
    ["/a/**", true, "/a", true],
    ["/a/*/**", true, "/a", false],
    ["/a/**/c", true, "/a/c", true],
    ["/a/**/c", true, "/a/x/y/c", true],
    ["/a/b*", true, "/a/bc", true],
    ["/a/b*", true, "/a/b/c", false],
    ["#/components/schemas/*", true, "#/components/schemas/Pet", true],
    ["#/components/schemas/*", true, "#/components/schemas/Pet/properties/x", false],
    ["Pet*", false, "PetList", true],
    ["P?t", false, "Pat", true],
    ["*a*a*a*a*a*b", false, "a".repeat(2000), false],
  ];
  for (const [pattern, segments, text, want] of cases) {
    assert.equal(compileGlob(pattern, { segments })(text), want, `${pattern} ${text}`);
  }
  assert.equal(compileGlob("x-*", { caseInsensitive: true })("X-Rate"), true);
});

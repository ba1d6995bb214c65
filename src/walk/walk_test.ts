import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { loadDocument, type ParseResult } from "../core/mod.ts";
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

const dir = fileURLToPath(new URL("../../testdata/walk/", import.meta.url));
const docs = new Map<string, ParseResult>();
async function load(name: string): Promise<ParseResult> {
  let r = docs.get(name);
  if (r === undefined) docs.set(name, r = await loadDocument(`${dir}${name}.yaml`));
  return r;
}

/** One row of a table: the query, and what it must list (each item projected to one line). */
interface Row {
  doc: string;
  kind: WalkKind;
  options?: WalkOptions;
  /** Expected lines (items projected by `line`), in order. */
  want: string[];
  /** Expected total and matched, when checked. */
  total?: number;
  matched?: number;
}

const LINE: { [K in WalkKind]: (i: Record<string, unknown>) => string } = {
  operations: (i) => `${i.method} ${i.path} ${i.operationId ?? "-"}`,
  schemas: (i) =>
    `${i.name || "-"} ${[i.type ?? "-"].flat().join("|")} ${i.component ? "component" : "inline"}`,
  parameters: (i) => `${i.name ?? "-"} ${i.in ?? "(ref)"} ${i.method ?? "-"} ${i.path ?? i.location}`,
  responses: (i) => `${i.status ?? i.name} ${i.method ?? "-"} ${i.path ?? "-"}`,
  headers: (i) => `${i.name} ${i.status ?? "-"} ${i.method ?? "-"} ${i.component ? "component" : "-"}`,
  security: (i) => `${i.name} ${i.type}`,
  paths: (i) => `${i.path} ${(i.methods as string[]).join(",")}`,
  refs: (i) => `${i.ref} ${i.nodeType} ${i.count}`,
};

const ROWS: Row[] = [
  // operations
  {
    doc: "v20",
    kind: "operations",
    want: ["GET /pets listPets", "POST /pets createPet", "GET /pets/{id} getPet"],
  },
  {
    doc: "v30",
    kind: "operations",
    total: 5,
    want: [
      "GET /users listUsers",
      "POST /users createUser",
      "POST {$request.body#/callbackUrl} userCreatedCallback",
      "GET /users/{id} getUser",
      "DELETE /users/{id} deleteUser",
    ],
  },
  {
    doc: "v31",
    kind: "operations",
    want: [
      "GET /items listItems",
      "GET /items/{id}/tags/{tag} getItemTag",
      "POST itemCreated itemCreatedHook",
    ],
  },
  {
    doc: "v32",
    kind: "operations",
    want: ["QUERY /search searchQuery", "COPY /search copySearch", "GET /search searchGet"],
  },
  { doc: "v32", kind: "operations", options: { method: "query" }, want: ["QUERY /search searchQuery"] },
  { doc: "v30", kind: "operations", options: { method: "Delete" }, want: ["DELETE /users/{id} deleteUser"] },
  {
    doc: "v30",
    kind: "operations",
    options: { path: "/users/*" },
    want: ["GET /users/{id} getUser", "DELETE /users/{id} deleteUser"],
  },
  { doc: "v31", kind: "operations", options: { path: "/items/*" }, want: [] },
  {
    doc: "v31",
    kind: "operations",
    options: { path: "/items/**" },
    want: ["GET /items listItems", "GET /items/{id}/tags/{tag} getItemTag"],
  },
  {
    doc: "v31",
    kind: "operations",
    options: { path: "/items/*/tags/*" },
    want: ["GET /items/{id}/tags/{tag} getItemTag"],
  },
  {
    doc: "v31",
    kind: "operations",
    options: { path: "/items/{*}/**" },
    want: ["GET /items/{id}/tags/{tag} getItemTag"],
  },
  { doc: "v30", kind: "operations", options: { tag: "admin" }, want: ["GET /users listUsers"] },
  {
    doc: "v30",
    kind: "operations",
    options: { operationId: "*User" },
    want: ["POST /users createUser", "GET /users/{id} getUser", "DELETE /users/{id} deleteUser"],
  },
  {
    doc: "v20",
    kind: "operations",
    options: { deprecated: true },
    matched: 1,
    want: ["POST /pets createPet"],
  },
  {
    doc: "v20",
    kind: "operations",
    options: { deprecated: false },
    want: ["GET /pets listPets", "GET /pets/{id} getPet"],
  },
  // extension expressions
  { doc: "v30", kind: "operations", options: { extension: "x-internal" }, want: ["POST /users createUser"] },
  {
    doc: "v30",
    kind: "operations",
    options: { extension: "!x-internal" },
    want: [
      "GET /users listUsers",
      "POST {$request.body#/callbackUrl} userCreatedCallback",
      "GET /users/{id} getUser",
      "DELETE /users/{id} deleteUser",
    ],
  },
  {
    doc: "v30",
    kind: "operations",
    options: { extension: "x-tier=silver" },
    want: ["GET /users/{id} getUser"],
  },
  {
    doc: "v30",
    kind: "operations",
    options: { extension: "x-tier!=gold" },
    want: [
      "GET /users listUsers",
      "POST {$request.body#/callbackUrl} userCreatedCallback",
      "GET /users/{id} getUser",
      "DELETE /users/{id} deleteUser",
    ],
  },
  {
    doc: "v30",
    kind: "operations",
    options: { extension: "x-tier=silver,x-internal" },
    want: ["POST /users createUser", "GET /users/{id} getUser"],
  },
  {
    doc: "v30",
    kind: "operations",
    options: { extension: "x-tier+x-internal" },
    want: ["POST /users createUser"],
  },
  { doc: "v30", kind: "operations", options: { extension: "x-tier=silver+x-internal" }, want: [] },
  // AND binds tighter: (x-tier=gold AND !x-internal) OR x-tier=silver
  {
    doc: "v30",
    kind: "operations",
    options: { extension: "x-tier=gold+!x-internal,x-tier=silver" },
    want: ["GET /users/{id} getUser"],
  },
  { doc: "v20", kind: "operations", options: { extension: "x-internal=true" }, want: ["GET /pets listPets"] },
  // schemas
  {
    doc: "v20",
    kind: "schemas",
    want: [
      "- array inline",
      "Pet object component",
      "id integer inline",
      "name string inline",
      "Error - component",
      "message string inline",
    ],
  },
  {
    doc: "v30",
    kind: "schemas",
    options: { component: true },
    want: ["User object component", "Problem - component"],
  },
  { doc: "v30", kind: "schemas", options: { inline: true }, total: 13, matched: 11, want: [] },
  { doc: "v30", kind: "schemas", options: { name: "*a*", inline: true }, want: ["name string inline"] },
  { doc: "v30", kind: "schemas", options: { name: "User" }, want: ["User object component"] },
  { doc: "v31", kind: "schemas", options: { type: "string" }, want: [] },
  { doc: "v31", kind: "schemas", options: { type: "string|null" }, want: ["label string|null inline"] },
  { doc: "v31", kind: "schemas", options: { type: "integer" }, want: ["id integer inline"] },
  // a Reference Object with siblings (3.1 Node) is a reference, not a schema; `any: {}` has no type
  { doc: "v31", kind: "schemas", options: { name: "any" }, want: ["any - inline"] },
  { doc: "v31", kind: "schemas", options: { name: "Node" }, want: [] },
  // parameters: $refs stay references without name/in filters, are resolved with them; a loop stays a ref
  {
    doc: "v30",
    kind: "parameters",
    options: { path: "/users/**" },
    want: [
      "- (ref) GET /users",
      "- (ref) GET /users",
      "q query GET /users",
      "id path - /users/{id}",
      "- (ref) DELETE /users/{id}",
    ],
  },
  {
    doc: "v30",
    kind: "parameters",
    options: { in: "query" },
    want: [
      "limit query GET /users",
      "offset query GET /users",
      "q query GET /users",
      "limit query - components.parameters.Limit",
      "offset query - components.parameters.Alias",
      "offset query - components.parameters.Offset",
    ],
  },
  {
    doc: "v30",
    kind: "parameters",
    options: { name: "LIM*" },
    want: ["limit query GET /users", "limit query - components.parameters.Limit"],
  },
  {
    doc: "v30",
    kind: "parameters",
    options: { method: "delete" },
    want: ["id path - /users/{id}", "- (ref) DELETE /users/{id}"],
  },
  {
    doc: "v30",
    kind: "parameters",
    options: { extension: "x-internal" },
    want: [
      "offset query GET /users",
      "offset query - components.parameters.Alias",
      "offset query - components.parameters.Offset",
    ],
  },
  {
    doc: "v20",
    kind: "parameters",
    options: { in: "header" },
    want: ["X-Trace header - /pets", "X-Trace header - parameters.trace"],
  },
  {
    doc: "v20",
    kind: "parameters",
    options: { method: "POST" },
    want: ["- (ref) - /pets", "body body POST /pets"],
  },
  { doc: "v32", kind: "parameters", options: { in: "querystring" }, want: ["q querystring GET /search"] },
  // responses
  { doc: "v30", kind: "responses", options: { status: "4xx" }, want: ["4XX GET /users"] },
  { doc: "v30", kind: "responses", options: { status: "5XX" }, want: ["500 POST /users"] },
  { doc: "v30", kind: "responses", options: { status: "default" }, want: ["default GET /users/{id}"] },
  { doc: "v20", kind: "responses", options: { status: "404" }, want: ["404 GET /pets/{id}"] },
  {
    doc: "v20",
    kind: "responses",
    options: { status: "4xx" },
    want: ["400 POST /pets", "404 GET /pets/{id}"],
  },
  {
    doc: "v30",
    kind: "responses",
    options: { path: "{$request.body#/callbackUrl}" },
    want: ["204 POST {$request.body#/callbackUrl}"],
  },
  { doc: "v30", kind: "responses", options: { method: "delete" }, want: ["204 DELETE /users/{id}"] },
  { doc: "v32", kind: "responses", options: { method: "query" }, want: ["200 QUERY /search"] },
  { doc: "v31", kind: "responses", options: { path: "itemCreated" }, want: ["200 POST itemCreated"] },
  // headers
  {
    doc: "v30",
    kind: "headers",
    want: ["X-Total 200 GET -", "X-Request-Id - - component", "Total - - component"],
  },
  {
    doc: "v30",
    kind: "headers",
    options: { component: true },
    want: ["X-Request-Id - - component", "Total - - component"],
  },
  { doc: "v30", kind: "headers", options: { component: false }, want: ["X-Total 200 GET -"] },
  {
    doc: "v30",
    kind: "headers",
    options: { name: "x-*" },
    want: ["X-Total 200 GET -", "X-Request-Id - - component"],
  },
  {
    doc: "v30",
    kind: "headers",
    options: { status: "2xx", method: "GET", path: "/users" },
    want: ["X-Total 200 GET -"],
  },
  { doc: "v20", kind: "headers", want: ["X-Rate-Limit 200 GET -", "X-Request-Id - - component"] },
  // security
  { doc: "v20", kind: "security", want: ["basic basic", "key apiKey"] },
  { doc: "v20", kind: "security", options: { type: "APIKEY" }, want: ["key apiKey"] },
  { doc: "v20", kind: "security", options: { extension: "x-internal" }, want: ["key apiKey"] },
  { doc: "v30", kind: "security", options: { name: "b*" }, want: ["bearer http"] },
  { doc: "v31", kind: "security", want: ["mtls mutualTLS"] },
  // paths
  { doc: "v31", kind: "paths", want: ["/items GET", "/items/{id}/tags/{tag} GET", "itemCreated POST"] },
  {
    doc: "v31",
    kind: "paths",
    options: { path: "/items/**" },
    want: ["/items GET", "/items/{id}/tags/{tag} GET"],
  },
  { doc: "v31", kind: "paths", options: { path: "/items/*/**" }, want: ["/items/{id}/tags/{tag} GET"] },
  { doc: "v32", kind: "paths", want: ["/search QUERY,GET,COPY"] },
  { doc: "v20", kind: "paths", options: { path: "/pets" }, want: ["/pets GET,POST"] },
  // refs: per target, most referenced first; `$ref`s inside examples are data
  {
    doc: "v20",
    kind: "refs",
    total: 4,
    want: [
      "#/definitions/Pet schema 4",
      "#/responses/Error response 2",
      "#/definitions/Error schema 1",
      "#/parameters/trace parameter 1",
    ],
  },
  {
    doc: "v30",
    kind: "refs",
    options: { target: "#/components/schemas/*" },
    total: 9,
    matched: 2,
    want: ["#/components/schemas/User schema 6", "#/components/schemas/Problem schema 1"],
  },
  {
    doc: "v30",
    kind: "refs",
    options: { nodeType: "HEADER" },
    want: ["#/components/headers/Total header 1"],
  },
  { doc: "v30", kind: "refs", options: { target: "#/components/*" }, want: [] },
  { doc: "v30", kind: "refs", options: { target: "#/components/**" }, matched: 9, want: [] },
  {
    doc: "v30",
    kind: "refs",
    options: { target: "#/components/parameters/*", extension: "x-internal" },
    want: ["#/components/parameters/Offset parameter 1"],
  },
  {
    doc: "v31",
    kind: "refs",
    want: ["#/components/schemas/Item schema 4", "#/components/pathItems/Items pathItem 1"],
  },
];

for (const row of ROWS) {
  const label = `walk ${row.kind} ${row.doc} ${JSON.stringify(row.options ?? {})}`;
  Deno.test(label, async () => {
    const r = await walk(row.kind, await load(row.doc), { limit: 1000, ...row.options });
    const lines = r.items.map((i) => LINE[row.kind](i as unknown as Record<string, unknown>));
    if (row.want.length > 0 || row.matched === undefined) assert.deepEqual(lines, row.want);
    if (row.total !== undefined) assert.equal(r.total, row.total);
    assert.equal(r.matched, row.matched ?? row.want.length);
    assert.equal(r.returned, r.items.length);
  });
}

Deno.test("walk operations: every version agrees with the parse statistics (callbacks come on top)", async () => {
  for (const [name, callbacks] of [["v20", 0], ["v30", 1], ["v31", 0], ["v32", 0]] as const) {
    const doc = await load(name);
    const r = await walkOperations(doc);
    assert.equal(r.total, doc.stats.operationCount + callbacks, name);
  }
});

Deno.test("walk items carry where they are; detail adds the full node", async () => {
  const doc = await load("v30");
  const r = await walkOperations(doc, { operationId: "getUser", detail: true });
  assert.equal(r.limit, 25);
  const op = r.items[0];
  assert.equal(op.location, "paths./users/{id}.get");
  assert.equal(op.pointer, "/paths/~1users~1{id}/get");
  assert.deepEqual(op.tags, ["users"]);
  assert.equal(op.section, "paths");
  assert.equal((op.node as Record<string, unknown>)["x-tier"], "silver");
  const plain = await walkOperations(doc, { operationId: "getUser" });
  assert.equal(plain.limit, 100);
  assert.equal("node" in plain.items[0], false);
  const cb = await walkOperations(doc, { operationId: "userCreatedCallback" });
  assert.equal(cb.items[0].section, "callbacks");
  const hook = await walkOperations(await load("v31"), { operationId: "itemCreatedHook" });
  assert.equal(hook.items[0].section, "webhooks");
});

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

import assert from "node:assert/strict";
import { fixture } from "./_test_fixtures.ts";
import { walk, type WalkKind, walkOperations, type WalkOptions } from "./mod.ts";

const load = fixture;

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
  // a Path Item `$ref` lists its target's responses under its own path (and not again at the component)
  {
    doc: "v31",
    kind: "responses",
    options: { path: "/items" },
    total: 3,
    want: ["200 GET /items"],
  },
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

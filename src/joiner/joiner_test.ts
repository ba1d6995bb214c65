import assert from "node:assert/strict";
import type { Obj } from "../core/json.ts";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createMemoryReader,
  createSourceMap,
  deepCopy,
  loadDocument,
  type ParseResult,
  serializeDocument,
  UsageError,
  VersionMismatchError,
  WriteError,
} from "../core/mod.ts";
import { getAt } from "../core/pointer.ts";
import { validate } from "../validator/mod.ts";
import { defaultConfig } from "./joiner_config.ts";
import { InvalidInputError, JoinCollisionError } from "./errors.ts";
import { join } from "./join.ts";
import { Joiner } from "./joiner.ts";
import { writeResult } from "./write_result.ts";
import { danglingRefs, lineOf, named, oas2, oas3 } from "./_helpers_test.ts";

const fixture = (p: string) => fileURLToPath(new URL(`../../testdata/joiner/${p}`, import.meta.url));
const USERS = fixture("oas3/users.yaml");
const ORDERS = fixture("oas3/orders.yaml");
const PETS = fixture("oas2/pets.json");
const STORES = fixture("oas2/stores.json");

const schemasOf = (doc: unknown) => getAt(doc, ["components", "schemas"]) as Obj;

Deno.test("versions: 2.0 joins only 2.0, 3.x joins 3.x; the result takes version, format and info from the first", async (t) => {
  await t.step("2.0 with 3.x is a version mismatch naming both documents and versions", async () => {
    await assert.rejects(
      join({ parsed: [named("old.json", oas2()), named("new.yaml", oas3("3.1.0"))] }),
      (e: unknown) => {
        assert.ok(e instanceof VersionMismatchError);
        assert.match(e.message, /new\.yaml \(OpenAPI 3\.1\.0\) with old\.json \(Swagger 2\.0\)/);
        return true;
      },
    );
    await assert.rejects(
      join({
        parsed: [named("a.yaml", oas3("3.0.3")), named("b.yaml", oas3("3.2.0")), named("c.json", oas2())],
      }),
      /cannot join c\.json \(Swagger 2\.0\) with a\.yaml \(OpenAPI 3\.0\.3\)/,
    );
  });
  await t.step("3.0, 3.1 and 3.2 join; the first document's version, format and info win", async () => {
    const a = named("a.json", oas3("3.0.3", { info: { title: "First", version: "1" }, paths: { "/a": {} } }));
    const b = named(
      "b.yaml",
      oas3("3.1.0", { info: { title: "Second", version: "2" }, paths: { "/b": {} } }),
    );
    const c = named("c.yaml", oas3("3.2.0", { info: { title: "Third", version: "3" }, paths: { "/c": {} } }));
    const r = await join({ parsed: [a, b, c] });
    assert.equal(r.version, "3.0.3");
    assert.equal(r.oasVersion, "3.0");
    assert.equal(r.sourceFormat, "json");
    assert.deepEqual(r.document.info, { title: "First", version: "1" });
    assert.deepEqual(Object.keys(r.document.paths!), ["/a", "/b", "/c"]);
    assert.equal(r.structuredWarnings.filter((w) => w.category === "version").length, 2);
    assert.match(r.warnings[0], /^b\.yaml is OpenAPI 3\.1\.0 and the result is 3\.0\.3 \(from a\.json\)/);
  });
});

Deno.test("key order: the first document's, then what later documents add, in their order", async () => {
  const a = named("a.yaml", {
    openapi: "3.1.0",
    info: { title: "A", version: "1" },
    paths: { "/z": {}, "/a": {} },
    components: { schemas: { Zed: { type: "string" } } },
  });
  const b = named("b.yaml", {
    openapi: "3.1.0",
    info: { title: "B", version: "1" },
    tags: [{ name: "t" }],
    components: { schemas: { Alpha: { type: "string" } }, parameters: { P: { name: "p", in: "query" } } },
    paths: { "/m": {} },
    webhooks: { hook: {} },
  });
  const r = await join({ parsed: [a, b] });
  assert.deepEqual(Object.keys(r.document), ["openapi", "info", "paths", "components", "tags", "webhooks"]);
  assert.deepEqual(Object.keys(r.document.paths!), ["/z", "/a", "/m"]);
  assert.deepEqual(Object.keys(schemasOf(r.document)), ["Zed", "Alpha"]);
  assert.deepEqual(Object.keys(r.document.components as Obj), ["schemas", "parameters"]);
});

Deno.test("determinism and purity: the same inputs give byte-identical output; inputs are never changed", async () => {
  const users = await loadDocument(USERS);
  const orders = await loadDocument(ORDERS);
  const before = [deepCopy(users.document), deepCopy(orders.document)];
  const options = {
    parsed: [users, orders],
    defaultStrategy: "rename-left" as const,
    pathStrategy: "accept-right" as const,
    namespacePrefix: { "orders.yaml": "Orders" },
    semanticDeduplication: true,
    preJoinOverlayFiles: [fixture("overlays/pre-first.yaml")],
  };
  const first = serializeDocument((await join(options)).document, "yaml");
  const second = serializeDocument((await join(options)).document, "yaml");
  assert.equal(first, second);
  assert.deepEqual(users.document, before[0]);
  assert.deepEqual(orders.document, before[1]);
  // A Joiner can be used again and again.
  const joiner = new Joiner({ ...defaultConfig(), defaultStrategy: "accept-left" });
  const r1 = await joiner.join([USERS, ORDERS]);
  const r2 = await joiner.join([USERS, ORDERS]);
  assert.equal(serializeDocument(r1.document, "json"), serializeDocument(r2.document, "json"));
  assert.notEqual(r1.document, r2.document);
  const r3 = await joiner.join([PETS, STORES]);
  assert.equal(r3.version, "2.0");
});

Deno.test("references are rewritten only where they came from the renamed document, everywhere they can be", async () => {
  const r = await join({
    filePaths: [USERS, ORDERS],
    schemaStrategy: "rename-right",
    defaultStrategy: "accept-left",
  });
  const doc = r.document as Obj;
  const schemas = schemasOf(doc);
  assert.deepEqual(Object.keys(schemas), [
    "User",
    "Address",
    "Card",
    "Transfer",
    "Error",
    "Order",
    "User_orders",
    "Card_orders",
    "Transfer_orders",
  ]);
  // Error is identical in both documents (issue 28): one component, not renamed.
  // The left document's references stay.
  assert.equal(
    getAt(doc, [
      "paths",
      "/users",
      "get",
      "responses",
      "200",
      "content",
      "application/json",
      "schema",
      "items",
      "$ref",
    ]),
    "#/components/schemas/User",
  );
  // The right document's references follow the renames: paths, nested schemas, callbacks, discriminator mapping.
  assert.equal(
    getAt(doc, [
      "paths",
      "/orders",
      "post",
      "callbacks",
      "orderShipped",
      "{$request.body#/callbackUrl}",
      "post",
    ]) &&
      getAt(doc, [
        "paths",
        "/orders",
        "post",
        "callbacks",
        "orderShipped",
        "{$request.body#/callbackUrl}",
        "post",
        "requestBody",
        "content",
        "application/json",
        "schema",
        "$ref",
      ]),
    "#/components/schemas/User_orders",
  );
  const order = schemas.Order as Obj;
  assert.equal(getAt(order, ["properties", "buyer", "$ref"]), "#/components/schemas/User_orders");
  assert.deepEqual(getAt(order, ["properties", "payment", "discriminator", "mapping"]), {
    card: "#/components/schemas/Card_orders",
    transfer: "Transfer_orders",
  });
  assert.deepEqual(getAt(order, ["properties", "payment", "oneOf"]), [
    { $ref: "#/components/schemas/Card_orders" },
    { $ref: "#/components/schemas/Transfer_orders" },
  ]);
  // Data is never rewritten: `$ref` inside an extension or an example is not a reference.
  assert.deepEqual(order["x-source"], { $ref: "#/components/schemas/User" });
  assert.deepEqual(
    getAt(doc, ["paths", "/users", "get", "responses", "200", "content", "application/json", "example"]),
    { $ref: "#/components/schemas/User" },
  );
  assert.deepEqual(await danglingRefs(doc), []);
  const v = await validate(r.toParseResult());
  assert.deepEqual(v.errors, []);
});

Deno.test("rename-left rewrites the merged document's references and keeps the right's; pointer suffixes stay", async () => {
  const a = named(
    "a.yaml",
    oas3("3.1.0", {
      paths: {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { $ref: "#/components/schemas/S/properties/id" } } },
              },
            },
          },
        },
      },
      components: { schemas: { S: { type: "object", properties: { id: { type: "integer" } } } } },
    }),
  );
  const b = named(
    "b.yaml",
    oas3("3.1.0", {
      paths: {
        "/b": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } },
              },
            },
          },
        },
      },
      components: { schemas: { S: { type: "string" } } },
    }),
  );
  const r = await join({ parsed: [a, b], schemaStrategy: "rename-left" });
  const doc = r.document as Obj;
  assert.equal(
    getAt(doc, ["paths", "/a", "get", "responses", "200", "content", "application/json", "schema", "$ref"]),
    "#/components/schemas/S_a/properties/id",
  );
  assert.equal(
    getAt(doc, ["paths", "/b", "get", "responses", "200", "content", "application/json", "schema", "$ref"]),
    "#/components/schemas/S",
  );
  assert.deepEqual(Object.keys(schemasOf(doc)), ["S_a", "S"]);
  assert.deepEqual(r.warnings, ["schema 'S' collision: left renamed to 'S_a'"]);
  assert.deepEqual(await danglingRefs(doc), []);
});

Deno.test("equivalence modes of dedup-equivalent", async (t) => {
  const pair = (left: unknown, right: unknown, extraLeft: Obj = {}, extraRight: Obj = {}) => [
    named("a.yaml", oas3("3.1.0", { components: { schemas: { S: left, ...extraLeft } } })),
    named("b.yaml", oas3("3.1.0", { components: { schemas: { S: right, ...extraRight } } })),
  ];
  const dedup = (docs: ParseResult[], equivalenceMode: "none" | "shallow" | "deep") =>
    join({ parsed: docs, schemaStrategy: "dedup-equivalent", equivalenceMode });
  await t.step("none: a same-named schema is always a collision, even an identical one", async () => {
    await assert.rejects(
      dedup(pair({ type: "string" }, { type: "string" }), "none"),
      /equivalence mode none/,
    );
  });
  await t.step("shallow: only top-level fields are compared", async () => {
    const docs = pair(
      { type: "object", properties: { id: { type: "integer" } } },
      { type: "object", properties: { id: { type: "string" } } },
    );
    const r = await dedup(docs, "shallow");
    assert.deepEqual(schemasOf(r.document).S, { type: "object", properties: { id: { type: "integer" } } });
    await assert.rejects(
      dedup(docs, "deep"),
      /differ at properties\.id\.type \("integer" on the left, "string" on the right\)/,
    );
    await assert.rejects(dedup(pair({ type: "object" }, { type: "array" }), "shallow"), /differ at type/);
  });
  await t.step("deep: maps in any order and required in any order are equal; lists keep order", async () => {
    const r = await dedup(
      pair(
        {
          type: "object",
          required: ["a", "b"],
          properties: { a: { type: "string" }, b: { type: "integer" } },
        },
        {
          properties: { b: { type: "integer" }, a: { type: "string" } },
          required: ["b", "a"],
          type: "object",
        },
      ),
      "deep",
    );
    // Equivalent under deep comparison: identical, so one component and no collision (issue 28).
    assert.equal(r.collisionCount, 0);
    assert.equal(r.identicalCount, 1);
    await assert.rejects(
      dedup(pair({ enum: ["a", "b"] }, { enum: ["b", "a"] }), "deep"),
      /differ at enum\[0\]/,
    );
  });
  await t.step("deep: references are followed in their own documents, and recursion terminates", async () => {
    const node = {
      type: "object",
      properties: { next: { $ref: "#/components/schemas/S" }, v: { $ref: "#/components/schemas/V" } },
    };
    const same = await dedup(pair(node, node, { V: { type: "string" } }, { V: { type: "string" } }), "deep");
    // Identical (issue 28): S and V are merged without a collision.
    assert.equal(same.collisionCount, 0, "S and V are identical: no collision");
    assert.equal(same.identicalCount, 2, "S and V were both merged");
    // The same reference text, but the referenced schemas differ: not equivalent.
    await assert.rejects(
      join({
        parsed: pair(node, node, { V: { type: "string" } }, { V: { type: "integer" } }),
        schemaStrategy: "dedup-equivalent",
      }),
      /'S' defined in a\.yaml .* differ at properties\.next\.properties\.v\.type|'S' defined in a\.yaml .* differ at properties\.v\.type/,
    );
  });
});

Deno.test("arrays and tags", async (t) => {
  const a = named(
    "a.yaml",
    oas3("3.1.0", {
      servers: [{ url: "https://a.example.com" }],
      tags: [{ name: "shared", description: "from a" }, { name: "a" }],
      security: [{ key: [] }],
    }),
  );
  const b = named(
    "b.yaml",
    oas3("3.1.0", {
      servers: [{ url: "https://a.example.com" }, { url: "https://b.example.com" }],
      tags: [{ name: "shared", description: "from b" }, { name: "b" }],
      security: [{ key: [] }, { oauth: ["read"] }],
    }),
  );
  await t.step("merged, without duplicates; tags deduplicated by name, the first wins", async () => {
    const r = await join({ parsed: [a, b] });
    assert.deepEqual(r.document.servers, [{ url: "https://a.example.com" }, {
      url: "https://b.example.com",
    }]);
    assert.deepEqual(r.document.tags, [{ name: "shared", description: "from a" }, { name: "a" }, {
      name: "b",
    }]);
    assert.deepEqual(r.document.security, [{ key: [] }, { oauth: ["read"] }]);
    // The tag defined again with another description warns (issue 28).
    assert.deepEqual(r.structuredWarnings.map((w) => w.category), ["metadata", "security"]);
    assert.equal(
      r.warnings[0],
      `tag 'shared' of b.yaml has description "from b", but the result keeps the first one's (description ` +
        `"from a", from a.yaml)`,
    );
    assert.match(r.warnings[1], /^the top-level security of b\.yaml differs from the result's/);
  });
  await t.step("deduplicateTags off keeps every tag", async () => {
    const r = await join({ parsed: [a, b], deduplicateTags: false });
    assert.deepEqual(r.document.tags!.map((x) => x.name), ["shared", "a", "shared", "b"]);
  });
  await t.step("mergeArrays off keeps the first document's arrays", async () => {
    const r = await join({ parsed: [a, b], mergeArrays: false });
    assert.deepEqual(r.document.servers, [{ url: "https://a.example.com" }]);
    assert.deepEqual(r.document.tags, [{ name: "shared", description: "from a" }, { name: "a" }]);
    assert.deepEqual(r.document.security, [{ key: [] }]);
  });
  await t.step(
    "2.0: host and basePath of the first win with a warning; schemes, consumes, produces merge",
    async () => {
      const r = await join({ filePaths: [PETS, STORES], defaultStrategy: "accept-left" });
      const doc = r.document as Obj;
      assert.equal(doc.host, "pets.example.com");
      assert.equal(doc.basePath, "/v1");
      assert.deepEqual(doc.schemes, ["https", "http"]);
      assert.deepEqual(doc.produces, ["application/json", "application/xml"]);
      assert.deepEqual(doc.consumes, ["application/json"]);
      const meta = r.warnings.filter((w) => /^(host|basePath|schemes|produces) /.test(w));
      assert.equal(meta.length, 4);
      assert.match(
        meta[0],
        /^host 'stores\.example\.com' of .*stores\.json is ignored: the result keeps host 'pets\.example\.com'/,
      );
      assert.match(meta[1], /^basePath '\/v2' of .*stores\.json is ignored: .*paths are now under '\/v1'/);
      assert.deepEqual(r.document.tags, [{ name: "pets" }, { name: "stores" }]);
    },
  );
});

Deno.test("namespace prefixes", async (t) => {
  const users = await loadDocument(USERS);
  const orders = await loadDocument(ORDERS);
  await t.step(
    "colliding schemas of a prefixed source get <Prefix>_<Name>, with references rewritten",
    async () => {
      const r = await join({
        parsed: [users, orders],
        defaultStrategy: "accept-left",
        namespacePrefix: { [ORDERS]: "Orders" },
      });
      const schemas = schemasOf(r.document);
      assert.deepEqual(Object.keys(schemas), [
        "User",
        "Address",
        "Card",
        "Transfer",
        "Error",
        "Order",
        "Orders_User",
        "Orders_Card",
        "Orders_Transfer",
      ]);
      assert.equal(getAt(schemas.Order, ["properties", "buyer", "$ref"]), "#/components/schemas/Orders_User");
      assert.ok(r.warnings.includes("schema 'User' collision: right renamed to 'Orders_User'"));
      assert.deepEqual(await danglingRefs(r.document), []);
    },
  );
  await t.step("a prefix of the left source renames the left schema", async () => {
    const r = await join({
      parsed: [users, orders],
      defaultStrategy: "accept-left",
      namespacePrefix: { "users.yaml": "Users" },
    });
    const schemas = schemasOf(r.document);
    assert.ok("Users_User" in schemas && "User" in schemas && !("Users_Address" in schemas));
    assert.equal(
      getAt(r.document, [
        "paths",
        "/users",
        "get",
        "responses",
        "200",
        "content",
        "application/json",
        "schema",
        "items",
        "$ref",
      ]),
      "#/components/schemas/Users_User",
    );
    assert.deepEqual(await danglingRefs(r.document), []);
  });
  await t.step("alwaysApplyPrefix prefixes every schema of the source", async () => {
    const r = await join({
      parsed: [users, orders],
      defaultStrategy: "accept-left",
      namespacePrefix: { "users.yaml": "Users", "orders.yaml": "Orders" },
      alwaysApplyPrefix: true,
    });
    assert.deepEqual(Object.keys(schemasOf(r.document)), [
      "Users_User",
      "Users_Address",
      "Users_Card",
      "Users_Transfer",
      "Users_Error",
      "Orders_Order",
      "Orders_User",
      "Orders_Card",
      "Orders_Transfer",
      "Orders_Error",
    ]);
    assert.equal(r.structuredWarnings.filter((w) => w.category === "rename").length, 0);
    assert.deepEqual(
      getAt(schemasOf(r.document).Orders_Order, ["properties", "payment", "discriminator", "mapping"]),
      {
        card: "#/components/schemas/Orders_Card",
        transfer: "Orders_Transfer",
      },
    );
    assert.deepEqual(await danglingRefs(r.document), []);
  });
  await t.step("an invalid prefix is refused", async () => {
    await assert.rejects(
      join({ parsed: [users, orders], namespacePrefix: { "users.yaml": "Us ers" } }),
      UsageError,
    );
  });
});

Deno.test("semantic deduplication", async (t) => {
  const address = { type: "object", properties: { street: { type: "string" } } };
  await t.step(
    "identical schemas with different names are consolidated to the alphabetically first",
    async () => {
      const a = named(
        "a.yaml",
        oas3("3.1.0", {
          paths: {
            "/a": {
              get: {
                responses: {
                  "200": {
                    description: "ok",
                    content: {
                      "application/json": { schema: { $ref: "#/components/schemas/ShippingAddress" } },
                    },
                  },
                },
              },
            },
          },
          components: { schemas: { ShippingAddress: address } },
        }),
      );
      const b = named("b.yaml", oas3("3.1.0", { components: { schemas: { Address: address } } }));
      const r = await join({ parsed: [a, b], semanticDeduplication: true });
      assert.deepEqual(Object.keys(schemasOf(r.document)), ["Address"]);
      assert.equal(
        getAt(r.document, [
          "paths",
          "/a",
          "get",
          "responses",
          "200",
          "content",
          "application/json",
          "schema",
          "$ref",
        ]),
        "#/components/schemas/Address",
      );
      assert.deepEqual(r.warnings, ["semantic deduplication: consolidated 1 duplicate definition(s)"]);
    },
  );
  await t.step("identical same-named schemas are consolidated even under the fail strategy", async () => {
    const a = named("a.yaml", oas3("3.1.0", { components: { schemas: { Address: address, Empty: {} } } }));
    const b = named(
      "b.yaml",
      oas3("3.1.0", { components: { schemas: { Address: { ...address, description: "docs differ" } } } }),
    );
    const r = await join({ parsed: [a, b], semanticDeduplication: true });
    assert.deepEqual(Object.keys(schemasOf(r.document)), ["Address", "Empty"]);
    assert.deepEqual(r.warnings, ["semantic deduplication: consolidated 1 duplicate definition(s)"]);
    // Without semantic deduplication it is a collision.
    await assert.rejects(join({ parsed: [a, b] }), JoinCollisionError);
    // Different same-named schemas still collide.
    const c = named("c.yaml", oas3("3.1.0", { components: { schemas: { Address: { type: "string" } } } }));
    await assert.rejects(join({ parsed: [a, c], semanticDeduplication: true }), JoinCollisionError);
  });
  await t.step("empty schemas are never consolidated", async () => {
    const a = named(
      "a.yaml",
      oas3("3.1.0", { components: { schemas: { AnyPayload: { description: "anything" } } } }),
    );
    const b = named(
      "b.yaml",
      oas3("3.1.0", { components: { schemas: { DynamicData: {}, AnyPayload: {} } } }),
    );
    const r = await join({ parsed: [a, b], semanticDeduplication: true, schemaStrategy: "rename-right" });
    assert.deepEqual(Object.keys(schemasOf(r.document)), ["AnyPayload", "DynamicData", "AnyPayload_b"]);
  });
});

Deno.test("overlays: pre-join on every input and post-join on the result, each in the order given", async () => {
  const r = await join({
    filePaths: [USERS, ORDERS],
    defaultStrategy: "accept-left",
    preJoinOverlayFiles: [fixture("overlays/pre-first.yaml"), fixture("overlays/pre-second.yaml")],
    postJoinOverlayFiles: [fixture("overlays/post-first.yaml"), fixture("overlays/post-second.yaml")],
  });
  const doc = r.document as Obj;
  assert.equal(getAt(doc, ["info", "x-pre"]), "second");
  assert.equal(getAt(doc, ["info", "title"]), "Final API");
  assert.equal(
    getAt(doc, ["paths", "/orders", "get", "x-seen-by-pre-overlay"]),
    true,
    "the right input got it too",
  );
  assert.equal(getAt(doc, ["paths", "/users", "get", "x-seen-by-pre-overlay"]), true);
  assert.equal(getAt(doc, ["paths", "/health"]), undefined, "removed after the join");
  assert.equal(r.stats.pathCount, 2);
  const overlayWarnings = r.structuredWarnings.filter((w) => w.category === "overlay").map((w) => w.message);
  assert.equal(overlayWarnings.length, 2, "the action that selects nothing, once per input");
  assert.match(
    overlayWarnings[0],
    /pre-second\.yaml: action \[1\] target "\$\.paths\['\/no-such-path'\]" selected nothing in .*users\.yaml/,
  );
  assert.ok(r.inputPaths.some((p) => p.endsWith("post-second.yaml")), "overlays are inputs too");
});

Deno.test("source maps: collision and warning messages carry file:line:column of both sides", async () => {
  const usersText = await Deno.readTextFile(USERS);
  const ordersText = await Deno.readTextFile(ORDERS);
  const users = await loadDocument(USERS);
  const orders = await loadDocument(ORDERS);
  const u = lineOf(usersText, "    User:");
  const o = lineOf(ordersText, "    User:");
  const where = `${USERS}:${u.line}:${u.column} and ${ORDERS}:${o.line}:${o.column}`;
  const sourceMaps = new Map([[USERS, users.sourceMap()], [ORDERS, orders.sourceMap()]]);
  await assert.rejects(join({ parsed: [users, orders], sourceMaps }), (e: unknown) => {
    assert.ok(e instanceof JoinCollisionError);
    assert.equal(e.message.split(";")[0], `schema collision: 'User' defined in ${where}`);
    assert.deepEqual(e.leftLocation, { file: USERS, line: u.line, column: u.column });
    return true;
  });
  const r = await join({ parsed: [users, orders], sourceMaps, defaultStrategy: "accept-left" });
  assert.equal(r.warnings[0], `Schema 'User' collision resolved with accept-left strategy (${where})`);
  assert.deepEqual(r.structuredWarnings[0].location, { file: ORDERS, line: o.line, column: o.column });
  // A record keyed by a relative path works too, and without source maps there are no positions.
  const rel = await join({
    parsed: [users, orders],
    sourceMaps: {
      [relative(Deno.cwd(), USERS)]: users.sourceMap(),
      [relative(Deno.cwd(), ORDERS)]: createSourceMap(ordersText, "yaml", ORDERS),
    },
    defaultStrategy: "accept-left",
  });
  assert.equal(rel.warnings[0], r.warnings[0]);
  const none = await join({ parsed: [users, orders], defaultStrategy: "accept-left" });
  assert.equal(none.warnings[0], "Schema 'User' collision resolved with accept-left strategy");
  // Document-level warnings carry both positions too (here from the inputs' own texts).
  const pets = lineOf(await Deno.readTextFile(PETS), '"host"');
  const stores = lineOf(await Deno.readTextFile(STORES), '"host"');
  const two = await join({ filePaths: [PETS, STORES], defaultStrategy: "accept-left", sourceMaps: true });
  const host = two.warnings.find((w) => w.startsWith("host "))!;
  assert.ok(
    host.endsWith(`(${PETS}:${pets.line}:${pets.column} and ${STORES}:${stores.line}:${stores.column})`),
    host,
  );
});

Deno.test("collision report", async () => {
  const r = await join({
    filePaths: [USERS, ORDERS],
    schemaStrategy: "rename-right",
    defaultStrategy: "accept-left",
    collisionReport: true,
  });
  const report = r.collisionDetails!;
  // Error, and two other components, are identical in both inputs: not collisions (issue 28).
  assert.equal(report.totalCount, 5);
  assert.equal(report.schemaCount, 3);
  assert.equal(report.pathCount, 1);
  assert.equal(report.componentCount, 1);
  assert.equal(report.identicalCount, 3);
  assert.equal(r.collisionCount, 5);
  assert.deepEqual(report.collisions[0], {
    type: "schema",
    name: "User",
    jsonPath: "$.components.schemas.User",
    sources: [USERS, ORDERS],
    resolution: "rename-right",
    newName: "User_orders",
    byHandler: false,
  });
  assert.deepEqual(report.collisions[4], {
    type: "path",
    name: "/health",
    jsonPath: "$.paths['/health']",
    sources: [USERS, ORDERS],
    resolution: "accept-left",
    byHandler: false,
  });
  const off = await join({ filePaths: [USERS, ORDERS], defaultStrategy: "accept-left" });
  assert.equal(off.collisionDetails, undefined);
});

Deno.test("inputs, URLs and input validation", async (t) => {
  const reader = createMemoryReader(
    { "/w/a.yaml": "openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {/a: {}}\n" },
    {
      cwd: "/w",
      urls: {
        "https://example.com/b.json":
          '{"openapi":"3.1.0","info":{"title":"B","version":"1"},"paths":{"/b":{}}}',
      },
    },
  );
  await t.step("file paths and URLs", async () => {
    const r = await join({ filePaths: ["a.yaml", "https://example.com/b.json"], reader });
    assert.deepEqual(Object.keys(r.document.paths!), ["/a", "/b"]);
    assert.deepEqual(r.sources, ["a.yaml", "https://example.com/b.json"]);
    assert.deepEqual(r.inputPaths, ["/w/a.yaml"]);
  });
  await t.step("fewer than two inputs, or both kinds of input, are usage errors", async () => {
    await assert.rejects(
      join({ filePaths: ["a.yaml"], reader }),
      /at least two documents; only one was given/,
    );
    await assert.rejects(join({ parsed: [] }), /none was given/);
    await assert.rejects(join({ filePaths: ["a.yaml"], parsed: [oas3("3.1.0")], reader }), /not both/);
  });
  await t.step("inputs with errors are refused", async () => {
    const broken = named("broken.yaml", { openapi: "3.1.0", info: { title: "x" }, paths: {} });
    await assert.rejects(join({ parsed: [broken, oas3("3.1.0")] }), (e: unknown) => {
      assert.ok(e instanceof InvalidInputError);
      assert.equal(e.source, "broken.yaml");
      assert.match(e.message, /^broken\.yaml has 1 validation error\(s\), the first at info\.version/);
      return true;
    });
    const dangling = named(
      "dangling.yaml",
      oas3("3.1.0", {
        paths: { "/a": { get: { responses: { "200": { $ref: "#/components/responses/Missing" } } } } },
      }),
    );
    await join({ parsed: [dangling, oas3("3.1.0")] });
    await assert.rejects(join({ parsed: [dangling, oas3("3.1.0")], validateInputs: true }), (e: unknown) => {
      assert.ok(e instanceof InvalidInputError);
      assert.ok(e.findings.some((f) => f.rule === "ref-resolves"));
      return true;
    });
  });
});

Deno.test("toParseResult and writeResult", async () => {
  const r = await join({
    filePaths: [USERS, ORDERS],
    defaultStrategy: "accept-left",
    schemaStrategy: "rename-right",
  });
  const p = r.toParseResult();
  assert.equal(p.document, r.document);
  assert.equal(p.version, "3.0.3");
  assert.equal(p.format, "yaml");
  assert.deepEqual(p.warnings.map((w) => w.message), r.warnings);
  assert.equal(p.warnings[0].path, "components.schemas.User");
  assert.equal((await validate(p)).valid, true);

  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/merged.yaml`;
    await writeResult(r, out);
    assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
    assert.equal(await Deno.readTextFile(out), serializeDocument(r.document, "yaml"));
    await Deno.writeTextFile(out, "old");
    await new Joiner().writeResult(r, out);
    assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
    assert.notEqual(await Deno.readTextFile(out), "old");
    const before = await Deno.readTextFile(USERS);
    await assert.rejects(writeResult(r, USERS), WriteError);
    assert.equal(await Deno.readTextFile(USERS), before);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("validateInputs reports the errors of inputs that can be joined, in the result", async () => {
  // Duplicate operationIds: an error of the input, but nothing that prevents joining it.
  const dup = named(
    "dup.yaml",
    oas3("3.1.0", {
      paths: {
        "/a": { get: { operationId: "x", responses: { "200": { description: "ok" } } } },
        "/b": { get: { operationId: "x", responses: { "200": { description: "ok" } } } },
      },
    }),
  );
  const other = oas3("3.1.0", { paths: { "/c": {} } });
  const r = await join({ parsed: [dup, other], validateInputs: true });
  assert.deepEqual(Object.keys(r.document.paths!), ["/a", "/b", "/c"]);
  assert.equal(r.inputChecks.length, 1);
  assert.equal(r.inputChecks[0].source, "dup.yaml");
  assert.ok(r.inputChecks[0].errors.length >= 1);
  assert.ok(r.inputChecks[0].errors.every((f) => f.severity === "error"));
  assert.ok(r.inputChecks[0].errors.some((f) => f.rule === "operation-id-unique"));
  const unchecked = await join({ parsed: [dup, other] });
  assert.deepEqual(unchecked.inputChecks, []);
});

Deno.test("join warnings are findings: severity, rule join-<category>, pointer, and the category", async () => {
  const r = await join({ filePaths: [USERS, ORDERS], defaultStrategy: "accept-left" });
  assert.ok(r.structuredWarnings.length > 0);
  for (const w of r.structuredWarnings) {
    assert.equal(w.severity, "warning");
    assert.equal(w.rule, `join-${w.category}`);
    assert.equal(typeof w.pointer, "string");
  }
  const p = r.toParseResult();
  assert.ok(p.warnings.every((f) => !("category" in f) && f.rule?.startsWith("join-")));
});

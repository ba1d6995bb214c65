import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { assertIncludes, connect, countingReader } from "./_test_client.ts";
import { TOOL_NAMES } from "./server.ts";

const WALK = `openapi: 3.0.3
info: {title: Walk, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      parameters:
        - $ref: "#/components/parameters/Limit"
        - {name: q, in: query, schema: {type: string}}
      responses:
        "200":
          description: ok
          headers: {X-Rate-Limit: {schema: {type: integer}}}
          content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}}}
        "404": {$ref: "#/components/responses/NotFound"}
    post:
      operationId: createPet
      tags: [pets]
      deprecated: true
      x-internal: true
      responses: {"201": {description: created}}
  /pets/{id}:
    get:
      operationId: getPet
      tags: [pets, read]
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}}
  /users:
    get:
      operationId: listUsers
      responses: {default: {description: error}}
components:
  parameters:
    Limit: {name: limit, in: query, schema: {type: integer}}
  responses:
    NotFound: {description: not found}
  schemas:
    Pet:
      type: object
      properties:
        id: {type: string}
        extra: {}
  securitySchemes:
    key: {type: apiKey, in: header, name: X-Key}
`;
const spec = { content: WALK };

Deno.test("walk_operations: items with snake_case fields, filters, and the page fields", async () => {
  const s = await connect();
  try {
    const all = await s.call("walk_operations", { spec });
    assertEquals(all.isError, false, all.text);
    assertEquals(
      [all.structured?.total, all.structured?.matched, all.structured?.returned, all.structured?.limit],
      [4, 4, 4, 100],
    );
    const items = all.structured?.items as Record<string, unknown>[];
    assertEquals(items[0], {
      method: "GET",
      path: "/pets",
      section: "paths",
      operation_id: "listPets",
      tags: ["pets"],
      deprecated: false,
      location: "paths./pets.get",
      pointer: "/paths/~1pets/get",
    });
    assertEquals(JSON.parse(all.text), all.structured);
    const dep = await s.call("walk_operations", { spec, deprecated: true });
    assertEquals((dep.structured?.items as { operation_id: string }[]).map((i) => i.operation_id), [
      "createPet",
    ]);
    const byExt = await s.call("walk_operations", { spec, extension: "x-internal" });
    assertEquals(byExt.structured?.matched, 1);
    const byPath = await s.call("walk_operations", { spec, path: "/pets/*", method: "get" });
    assertEquals((byPath.structured?.items as { operation_id: string }[]).map((i) => i.operation_id), [
      "getPet",
    ]);
    const byId = await s.call("walk_operations", { spec, operation_id: "list*", tag: "pets" });
    assertEquals(byId.structured?.matched, 1);
  } finally {
    await s.close();
  }
});

Deno.test("walk tools: pagination edges and the server's default page sizes", async () => {
  const s = await connect({ walkLimit: 3, walkDetailLimit: 1 });
  try {
    const page = async (args: Record<string, unknown>) => {
      const r = await s.call("walk_operations", { spec, ...args });
      assertEquals(r.isError, false, r.text);
      const items = r.structured?.items as { operation_id: string; node?: unknown }[];
      return {
        ids: items.map((i) => i.operation_id),
        returned: r.structured?.returned,
        offset: r.structured?.offset,
        limit: r.structured?.limit,
        matched: r.structured?.matched,
        node: items[0]?.node,
      };
    };
    const first = await page({});
    assertEquals([first.ids, first.limit, first.returned], [["listPets", "createPet", "getPet"], 3, 3]);
    const second = await page({ offset: 3 });
    assertEquals([second.ids, second.returned, second.offset], [["listUsers"], 1, 3]);
    const past = await page({ offset: 10 });
    assertEquals([past.ids, past.returned, past.matched], [[], 0, 4]);
    const none = await page({ limit: 0 });
    assertEquals([none.ids, none.returned, none.matched], [[], 0, 4]);
    const exact = await page({ limit: 4 });
    assertEquals(exact.returned, 4);
    const detail = await page({ detail: true });
    assertEquals([detail.limit, detail.returned], [1, 1]);
    assertEquals((detail.node as { operationId: string }).operationId, "listPets");
    const detailMore = await page({ detail: true, limit: 2, offset: 1 });
    assertEquals(detailMore.ids, ["createPet", "getPet"]);
    const negative = await s.call("walk_operations", { spec, offset: -1 });
    assertEquals(negative.error, {
      code: -32602,
      message: "Invalid arguments for tool walk_operations: offset must be at least 0.",
    });
    const fraction = await s.call("walk_operations", { spec, limit: 1.5 });
    assertEquals(fraction.error?.code, -32602);
    assertIncludes(fraction.error?.message ?? "", "limit");
  } finally {
    await s.close();
  }
});

Deno.test("walk tools: group_by values and labels; group_by with detail is an error", async () => {
  const s = await connect();
  try {
    const groups = async (tool: string, group_by: string, extra: Record<string, unknown> = {}) => {
      const r = await s.call(tool, { spec, group_by, ...extra });
      assertEquals(r.isError, false, `${tool}: ${r.text}`);
      assertEquals(r.structured?.items, []);
      return r.structured?.groups as { key: string; count: number }[];
    };
    assertEquals(await groups("walk_operations", "tag"), [
      { key: "pets", count: 3 },
      { key: "(untagged)", count: 1 },
      { key: "read", count: 1 },
    ]);
    assertEquals(await groups("walk_operations", "method"), [{ key: "GET", count: 3 }, {
      key: "POST",
      count: 1,
    }]);
    assert((await groups("walk_schemas", "type")).some((g) => g.key === "(untyped)"));
    assert((await groups("walk_parameters", "location")).some((g) => g.key === "(ref)"));
    assert((await groups("walk_responses", "status_code")).some((g) => g.key === "(component)"));
    assert((await groups("walk_responses", "method")).some((g) => g.key === "(component)"));
    assertEquals(await groups("walk_paths", "segment"), [{ key: "pets", count: 2 }, {
      key: "users",
      count: 1,
    }]);
    assertEquals(await groups("walk_headers", "name"), [{ key: "x-rate-limit", count: 1 }]);
    const paged = await s.call("walk_operations", { spec, group_by: "tag", limit: 1, offset: 1 });
    assertEquals([paged.structured?.groups, paged.structured?.group_count, paged.structured?.returned], [
      [{ key: "(untagged)", count: 1 }],
      3,
      1,
    ]);
    const both = await s.call("walk_operations", { spec, group_by: "tag", detail: true });
    assertEquals(both.text, "group_by and detail exclude each other; give one of them.");
    const wrong = await s.call("walk_operations", { spec, group_by: "path" });
    assertEquals(wrong.error?.code, -32602);
    assertIncludes(wrong.error?.message ?? "", "group_by must be one of");
    const security = await s.call("walk_security", { spec, group_by: "type" });
    assertEquals(security.isError, true);
    assertIncludes(security.text, "cannot be grouped");
  } finally {
    await s.close();
  }
});

Deno.test("walk tools: one call of each on the same document, with their items", async () => {
  const s = await connect();
  try {
    const items = async (tool: string, args: Record<string, unknown> = {}) => {
      const r = await s.call(tool, { spec, ...args });
      assertEquals(r.isError, false, `${tool}: ${r.text}`);
      return r.structured?.items as Record<string, unknown>[];
    };
    const schemas = await items("walk_schemas", { component: true });
    assertEquals(schemas.map((i) => [i.name, i.type, i.component]), [["Pet", "object", true]]);
    const params = await items("walk_parameters", { in: "query" });
    assertEquals(params.map((p) => p.name).sort(), ["limit", "limit", "q"]); // the $ref is resolved for `in`
    const responses = await items("walk_responses", { status: "4xx" });
    assertEquals(responses.map((r) => [r.status, r.ref]), [["404", "#/components/responses/NotFound"]]);
    const headers = await items("walk_headers");
    assertEquals(headers.map((h) => [h.name, h.status, h.method]), [["X-Rate-Limit", "200", "GET"]]);
    const security = await items("walk_security");
    assertEquals(security.map((x) => [x.name, x.type]), [["key", "apiKey"]]);
    const paths = await items("walk_paths", { path: "/pets*" });
    assertEquals(paths.map((p) => [p.path, p.methods]), [["/pets", ["GET", "POST"]]]);
    const refs = await s.call("walk_refs", { spec });
    // Summary: total counts distinct targets; detail and group_by count occurrences.
    assertEquals(refs.structured?.total, 3);
    const pet = (refs.structured?.items as { ref: string; count: number; node_type: string }[])
      .find((r) => r.ref === "#/components/schemas/Pet");
    assertEquals([pet?.count, pet?.node_type], [2, "schema"]);
    const occurrences = await s.call("walk_refs", { spec, detail: true });
    assertEquals(occurrences.structured?.total, 4);
    const byType = await s.call("walk_refs", { spec, group_by: "node_type" });
    assertEquals(byType.structured?.groups, [
      { key: "schema", count: 2 },
      { key: "parameter", count: 1 },
      { key: "response", count: 1 },
    ]);
    const target = await s.call("walk_refs", { spec, target: "#/components/schemas/*", node_type: "schema" });
    assertEquals(target.structured?.matched, 1);
  } finally {
    await s.close();
  }
});

Deno.test("walk tools use the session cache: after validate, a walk does not read the file again", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-walk-" });
  try {
    await Deno.writeTextFile(join(dir, "walk.yaml"), WALK);
    const reader = countingReader(dir);
    const s = await connect({ reader });
    try {
      await s.call("validate", { spec: { file: "walk.yaml" } });
      for (const tool of TOOL_NAMES.filter((name) => name.startsWith("walk_"))) {
        const r = await s.call(tool, { spec: { file: "walk.yaml" } });
        assertEquals(r.isError, false, r.text);
      }
      assertEquals(reader.reads.length, 1);
      assertEquals(TOOL_NAMES.filter((name) => name.startsWith("walk_")).length, 8);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * The graph model on the 2.0, 3.0, 3.1 and 3.2 fixtures of testdata/graph (and a document set of two files):
 * exact nodes (unused, in a cycle, group) and edges (labelled by kind), cycles, focus and depth in each
 * direction, operations, groups by tag, and the refusal of a graph larger than `maxNodes`.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { graph, GraphError, type GraphOptions, type GraphResult } from "./mod.ts";

const DIR = fileURLToPath(new URL("../../testdata/graph/", import.meta.url));

async function of(file: string, options: GraphOptions = {}): Promise<GraphResult> {
  return await graph({ file: DIR + file }, options);
}

/** Nodes as `name` plus ` unused`, ` cycle`, ` [group]` when they apply, in the result's order. */
function nodes(g: GraphResult): string[] {
  return g.nodes.map((n) =>
    n.name + (n.unused ? " unused" : "") + (n.cycle ? " cycle" : "") +
    (n.group === undefined ? "" : ` [${n.group}]`)
  );
}

/** Edges as `from -kind-> to` by name (` cycle` when in one), sorted. */
function edges(g: GraphResult): string[] {
  const name = new Map(g.nodes.map((n) => [n.id, n.name]));
  return g.edges.map((e) => `${name.get(e.from)} -${e.kind}-> ${name.get(e.to)}${e.cycle ? " cycle" : ""}`)
    .sort();
}

function cycles(g: GraphResult): string[][] {
  const name = new Map(g.nodes.map((n) => [n.id, n.name]));
  return g.cycles.map((c) => c.map((id) => name.get(id)!));
}

interface Case {
  file: string;
  options?: GraphOptions;
  nodes: string[];
  edges: string[];
  cycles: string[][];
}

const CASES: Record<string, Case> = {
  "2.0: definitions, a body parameter (also through a $ref) is the request, a cycle, an unused schema": {
    file: "v20.yaml",
    options: { operations: true },
    nodes: [
      "Order cycle",
      "Line cycle",
      "Customer",
      "Error",
      "Unused unused",
      "POST /orders",
      "PUT /orders/{id}",
    ],
    edges: [
      "Customer -additionalProperties-> Error",
      "Line -property-> Order cycle",
      "Order -items-> Line cycle",
      "Order -property-> Customer",
      "POST /orders -request-> Order",
      "POST /orders -response-> Error",
      "POST /orders -response-> Order",
      "PUT /orders/{id} -request-> Line",
      "Unused -allOf-> Customer",
    ],
    cycles: [["Order", "Line"]],
  },
  "3.0: schemas only; allOf, oneOf, anyOf, items, additionalProperties; unused reaches unused; a self-loop": {
    file: "v30.yaml",
    nodes: [
      "Pet cycle",
      "NewPet cycle",
      "User cycle",
      "Tag",
      "Id",
      "Limit",
      "Problem",
      "Orphan unused",
      "Leaf unused",
      "Self unused cycle",
    ],
    edges: [
      "NewPet -items-> Tag",
      "NewPet -property-> User cycle",
      "Orphan -anyOf-> Leaf",
      "Pet -allOf-> NewPet cycle",
      "Pet -property-> Id",
      "Problem -oneOf-> Id",
      "Self -property-> Self cycle",
      "User -additionalProperties-> Tag",
      "User -items-> Pet cycle",
    ],
    cycles: [["Pet", "NewPet", "User"], ["Self"]],
  },
  "3.0 with operations grouped by tag: path-level parameters, responses through a component": {
    file: "v30.yaml",
    options: { groupBy: "tag" },
    nodes: [
      "Pet cycle",
      "NewPet cycle",
      "User cycle",
      "Tag",
      "Id",
      "Limit [pets]",
      "Problem [pets]",
      "Orphan unused",
      "Leaf unused",
      "Self unused cycle",
      "GET /pets [pets]",
      "POST /pets [pets]",
      "GET /users/{id} [users]",
    ],
    edges: [
      "GET /pets -parameter-> Limit",
      "GET /pets -response-> Pet",
      "GET /pets -response-> Problem",
      "GET /users/{id} -parameter-> Id",
      "GET /users/{id} -response-> User",
      "NewPet -items-> Tag",
      "NewPet -property-> User cycle",
      "Orphan -anyOf-> Leaf",
      "POST /pets -parameter-> Limit",
      "POST /pets -request-> NewPet",
      "Pet -allOf-> NewPet cycle",
      "Pet -property-> Id",
      "Problem -oneOf-> Id",
      "Self -property-> Self cycle",
      "User -additionalProperties-> Tag",
      "User -items-> Pet cycle",
    ],
    cycles: [["Pet", "NewPet", "User"], ["Self"]],
  },
  "3.0 focus User, depth 1, out: what it uses": {
    file: "v30.yaml",
    options: { focus: ["User"], depth: 1, direction: "out" },
    nodes: ["Pet", "User", "Tag"],
    edges: ["User -additionalProperties-> Tag", "User -items-> Pet"],
    cycles: [],
  },
  "3.0 focus User, depth 1, in: what uses it": {
    file: "v30.yaml",
    options: { focus: ["User"], depth: 1, direction: "in" },
    nodes: ["NewPet", "User"],
    edges: ["NewPet -property-> User"],
    cycles: [],
  },
  "3.0 focus User, depth 2, both ways: the cycle closes": {
    file: "v30.yaml",
    options: { focus: ["User"], depth: 2 },
    nodes: ["Pet cycle", "NewPet cycle", "User cycle", "Tag", "Id"],
    edges: [
      "NewPet -items-> Tag",
      "NewPet -property-> User cycle",
      "Pet -allOf-> NewPet cycle",
      "Pet -property-> Id",
      "User -additionalProperties-> Tag",
      "User -items-> Pet cycle",
    ],
    cycles: [["Pet", "NewPet", "User"]],
  },
  "3.0 focus an operationId, depth 1, out: operations drawn without --operations": {
    file: "v30.yaml",
    options: { focus: ["getUser"], depth: 1, direction: "out" },
    nodes: ["User", "Id", "GET /users/{id}"],
    edges: ["GET /users/{id} -parameter-> Id", "GET /users/{id} -response-> User"],
    cycles: [],
  },
  "3.0 focus METHOD /path (any case) and a schema, depth 0": {
    file: "v30.yaml",
    options: { focus: ["post /pets", "Tag"], depth: 0 },
    nodes: ["Tag", "POST /pets"],
    edges: [],
    cycles: [],
  },
  "3.1: if/then/else, not, prefixItems, patternProperties, dependentSchemas, contains, a $ref alias, webhooks":
    {
      file: "v31.yaml",
      options: { operations: true },
      nodes: [
        "Shape",
        "Circle",
        "Radius",
        "Side",
        "Pair",
        "Event cycle",
        "Alias cycle",
        "Nested unused",
        "GET /shapes",
        "POST shapeAdded",
      ],
      edges: [
        "Alias -ref-> Event cycle",
        "Circle -not-> Side",
        "Event -contains-> Alias cycle",
        "Event -dependentSchemas-> Shape",
        "Event -patternProperties-> Pair",
        "GET /shapes -response-> Shape",
        "POST shapeAdded -request-> Event",
        "Pair -prefixItems-> Radius",
        "Pair -prefixItems-> Side",
        "Shape -else-> Side",
        "Shape -if-> Circle",
        "Shape -then-> Radius",
      ],
      cycles: [["Event", "Alias"]],
    },
  "3.2: query and additionalOperations, grouped by tag; a schema two tags use is in no group": {
    file: "v32.yaml",
    options: { groupBy: "tag" },
    nodes: [
      "Query [search]",
      "Item cycle [search]",
      "Id",
      "Stale unused",
      "QUERY /search [search]",
      "COPY /search [admin]",
    ],
    edges: [
      "COPY /search -parameter-> Id",
      "Item -items-> Item cycle",
      "Item -property-> Id",
      "QUERY /search -request-> Query",
      "QUERY /search -response-> Item",
      "Query -items-> Id",
    ],
    cycles: [["Item"]],
  },
  "a document set: a schema of another file is a node, its references followed": {
    file: "multi/root.yaml",
    options: { operations: true },
    nodes: ["Owner cycle", "Pet cycle", "Tag", "GET /pets"],
    edges: [
      "GET /pets -response-> Pet",
      "Owner -property-> Pet cycle",
      "Pet -property-> Owner cycle",
      "Pet -property-> Tag",
    ],
    cycles: [["Owner", "Pet"]],
  },
};

for (const [name, c] of Object.entries(CASES)) {
  Deno.test(`graph: ${name}`, async () => {
    const g = await of(c.file, c.options);
    assert.deepEqual(nodes(g), c.nodes);
    assert.deepEqual(edges(g), c.edges);
    assert.deepEqual(cycles(g), c.cycles);
  });
}

Deno.test("graph: node ids are JSON pointers (after the file for other files); the focus is named", async () => {
  const g = await of("multi/root.yaml", { focus: ["Tag"], depth: 1 });
  assert.deepEqual(g.nodes.map((n) => n.id.replace(/^.*\/multi\//, "")), ["pet.yaml#/Pet", "pet.yaml#/Tag"]);
  assert.deepEqual(g.nodes.map((n) => n.file?.replace(/^.*\/multi\//, "")), ["pet.yaml", "pet.yaml"]);
  assert.deepEqual(g.nodes.map((n) => n.pointer), ["/Pet", "/Tag"]);
  assert.deepEqual(g.focus, [g.nodes[1].id]);
  assert.deepEqual(g.total, { nodes: 3, edges: 3 });
  const root = await of("v30.yaml", { focus: ["listPets"], depth: 0 });
  assert.deepEqual(root.nodes.map((n) => [n.id, n.method, n.path, n.operationId, n.tags]), [
    ["#/paths/~1pets/get", "GET", "/pets", "listPets", ["pets"]],
  ]);
});

Deno.test("graph: more nodes than maxNodes is refused with a hint; a focus keeps within it", async () => {
  await assert.rejects(() => of("v30.yaml", { maxNodes: 9 }), (e: unknown) => {
    assert.ok(e instanceof GraphError);
    assert.equal(e.code, "GRAPH_TOO_LARGE");
    assert.match(e.message, /has 10 nodes, more than the 9 drawn at most: draw a part with --focus NAME/);
    return true;
  });
  assert.equal((await of("v30.yaml", { maxNodes: 10 })).nodes.length, 10);
  assert.equal(
    (await of("v30.yaml", { maxNodes: 3, focus: ["User"], depth: 1, direction: "out" })).nodes.length,
    3,
  );
  await assert.rejects(
    () => of("v30.yaml", { maxNodes: 3, focus: ["User"], depth: 2 }),
    /the neighbourhood drawn has 5 nodes, more than the 3 drawn at most: lower --depth \(now 2\)/,
  );
});

Deno.test("graph: an unknown focus names the closest name", async () => {
  await assert.rejects(() => of("v30.yaml", { focus: ["Usr"] }), (e: unknown) => {
    assert.ok(e instanceof GraphError);
    assert.equal(e.code, "GRAPH_UNKNOWN_FOCUS");
    assert.match(
      e.message,
      /--focus "Usr" names no schema, operationId or "METHOD \/path" of the document; did you mean "User"\?/,
    );
    return true;
  });
  await assert.rejects(() => of("v30.yaml", { depth: -1 }), /depth must be a whole number from 0 to 1000/);
});

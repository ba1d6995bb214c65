/**
 * The graph's formats on the 3.0 fixture with operations and groups: Mermaid and DOT parsed back (by the small
 * parsers below, not by the renderers' code) give the model's nodes, labels, classes, groups and edges; JSON is
 * the result; the SVG laid out by Graphviz (WebAssembly) has one node group per node, with its id and classes.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { modelEdges, parseDot, parseMermaid } from "./_test_parse.ts";
import {
  graph,
  type GraphResult,
  renderGraphDot,
  renderGraphJson,
  renderGraphMermaid,
  renderGraphSvg,
} from "./mod.ts";

const V30 = fileURLToPath(new URL("../../testdata/graph/v30.yaml", import.meta.url));

const g = await graph({ file: V30 }, { groupBy: "tag", focus: ["getUser", "Pet"], depth: 1 });

function expectedClasses(result: GraphResult): string[][] {
  const focus = new Set(result.focus);
  return result.nodes.map((n) => [
    n.kind,
    ...(n.unused ? ["unused"] : []),
    ...(n.cycle ? ["cycle"] : []),
    ...(focus.has(n.id) ? ["focus"] : []),
  ]);
}

Deno.test("graph mermaid: parsed back, the nodes, groups, classes and edges are the model's", () => {
  const p = parseMermaid(renderGraphMermaid(g));
  assert.deepEqual([...p.labels.values()].sort(), g.nodes.map((n) => n.name).sort());
  assert.deepEqual(p.edges, modelEdges(g));
  assert.ok(p.edges.length >= 5);
  const key = (i: number) => `n${i}`;
  assert.deepEqual(g.nodes.map((_, i) => p.groups.get(key(i)) ?? null), g.nodes.map((n) => n.group ?? null));
  // Mermaid lists the classes per class: compare as sets.
  assert.deepEqual(
    g.nodes.map((_, i) => (p.classes.get(key(i)) ?? []).filter((c) => c !== "schema").sort()),
    expectedClasses(g).map((c) => c.filter((x) => x !== "schema").sort()),
  );
});

Deno.test("graph dot: parsed back, the nodes, groups, classes and edges are the model's", () => {
  const p = parseDot(renderGraphDot(g));
  assert.deepEqual(g.nodes.map((_, i) => p.labels.get(`n${i}`)), g.nodes.map((n) => n.name));
  assert.deepEqual(p.edges, modelEdges(g));
  assert.deepEqual(g.nodes.map((_, i) => p.groups.get(`n${i}`) ?? null), g.nodes.map((n) => n.group ?? null));
  assert.deepEqual(g.nodes.map((_, i) => p.classes.get(`n${i}`)), expectedClasses(g));
});

Deno.test("graph json: the result itself", () => {
  const parsed = JSON.parse(renderGraphJson(g));
  assert.deepEqual(parsed, JSON.parse(JSON.stringify(g)));
  assert.deepEqual(Object.keys(parsed), ["nodes", "edges", "cycles", "total", "focus", "source"]);
});

Deno.test("graph svg: Graphviz (WebAssembly) draws one node group per node with its id and classes", async () => {
  const svg = await renderGraphSvg(g);
  assert.match(svg, /^<svg [^>]*viewBox=/);
  const groups = [...svg.matchAll(/<g id="(n\d+)" class="node ([^"]*)">\n<title>(n\d+)<\/title>/g)];
  const classes = new Map(groups.map((m) => [m[1], m[2].split(" ")]));
  assert.equal(groups.length, g.nodes.length);
  assert.deepEqual(g.nodes.map((_, i) => classes.get(`n${i}`)), expectedClasses(g));
  assert.equal([...svg.matchAll(/<g id="e\d+" class="edge[^"]*">/g)].length, g.edges.length);
  for (const n of g.nodes) assert.ok(svg.includes(`>${n.name}</text>`), n.name);
});

/**
 * Hostile inputs of `oatool graph`: schema and tag names with `"`, `<`, `]`, newlines, `-->`, backslashes and
 * `</script>` come out safely in every format (Mermaid and DOT parse back to the escaped names and nothing
 * more; the SVG and the HTML page hold them as text, never as markup); huge and cyclic graphs are bounded (the
 * whole refused, a deep focus walks each node once).
 */
import assert from "node:assert/strict";
import { escapeText } from "../../src/core/escape.ts";
import {
  graph,
  renderGraphDot,
  renderGraphJson,
  renderGraphMermaid,
  renderGraphSvg,
} from "../../src/graph/mod.ts";
import { renderGraphHtml } from "../../src/render/graph_html.ts";
import { parseDot, parseMermaid } from "../../src/graph/_test_parse.ts";

const NAMES = [
  'Quote"d',
  "<b>Bold</b>",
  "Close]bracket",
  "Two\nlines",
  "A-->B",
  "Back\\Nslash\\l",
  "</script><script>alert(1)</script>",
  "#35;entity",
  "x|y",
];

const ptr = (name: string) => "#/components/schemas/" + name.replaceAll("~", "~0").replaceAll("/", "~1");

/** A ring of the hostile names (each refers to the next), and an operation tagged with a hostile tag. */
function hostileDocument(): string {
  const schemas: Record<string, unknown> = {};
  NAMES.forEach((name, i) => {
    schemas[name] = { properties: { next: { $ref: ptr(NAMES[(i + 1) % NAMES.length]) } } };
  });
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "hostile", version: "1" },
    paths: {
      "/x": {
        get: {
          tags: ['tag"]\n--><img src=x>'],
          operationId: 'op"<x>',
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: ptr(NAMES[0]) } } },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

const g = await graph({ content: hostileDocument() }, { groupBy: "tag" });
const shown = NAMES.map(escapeText).sort();

Deno.test("hostile graph: Mermaid parses back to the escaped names, the ring of edges and one group", () => {
  const text = renderGraphMermaid(g);
  const p = parseMermaid(text);
  assert.deepEqual([...p.labels.values()].filter((l) => l !== "GET /x").sort(), shown);
  assert.equal(p.edges.length, NAMES.length + 1);
  assert.deepEqual([...new Set(p.groups.values())], ['tag"]\\n--><img src=x>']);
  // Every document text is inside quotes with no quote, bracket, pipe or newline of its own.
  for (const line of text.split("\n")) assert.doesNotMatch(line, /<|>(?!\|)|\n/);
});

Deno.test("hostile graph: DOT parses back to the escaped names; no raw newline or Graphviz escape", () => {
  const text = renderGraphDot(g);
  const p = parseDot(text);
  assert.deepEqual([...p.labels.values()].filter((l) => l !== "GET /x").sort(), shown);
  assert.equal(p.edges.length, NAMES.length + 1);
  assert.match(text, /label="Back\\\\Nslash\\\\l"/);
  assert.match(text, /label="Two\\\\nlines"/);
});

Deno.test("hostile graph: JSON keeps the names exactly", () => {
  const names = JSON.parse(renderGraphJson(g)).nodes.map((n: { name: string }) => n.name);
  assert.deepEqual(names.filter((n: string) => n !== "GET /x").sort(), [...NAMES].sort());
});

Deno.test("hostile graph: the SVG and the HTML page hold the names as text, never as markup", async () => {
  const svg = await renderGraphSvg(g);
  assert.doesNotMatch(svg, /<b>|<script|<img/);
  assert.match(svg, /&lt;b&gt;Bold&lt;\/b&gt;/);
  const html = await renderGraphHtml(g);
  assert.equal(html.match(/<script\b/g)?.length, 2, "the page's data block and its script only");
  assert.doesNotMatch(html, /<b>|<img|<script>alert/);
  const data = /<script type="application\/json" id="graph-data">([^<]*)<\/script>/.exec(html);
  assert.ok(data, "the data block has no < of its own");
  const parsed = JSON.parse(data[1]);
  assert.deepEqual(
    parsed.nodes.map((n: { name: string }) => n.name).filter((n: string) => n !== "GET /x").sort(),
    [...NAMES].sort(),
  );
});

/** `n` schemas, each referring to the next and to the first (one big cycle), as JSON. */
function ring(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    schemas[`S${i}`] = {
      properties: {
        next: { $ref: `#/components/schemas/S${(i + 1) % n}` },
        first: { $ref: "#/components/schemas/S0" },
      },
    };
  }
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "ring", version: "1" },
    paths: {},
    components: { schemas },
  });
}

Deno.test("hostile graph: a cycle of 5,000 schemas is refused whole and bounded around a focus", async () => {
  const content = ring(5_000);
  await assert.rejects(() => graph({ content }), /has 5000 nodes, more than the 300 drawn at most/);
  const near = await graph({ content }, { focus: ["S100"], depth: 1000, direction: "out", maxNodes: 5_000 });
  // S100 … S1100 along `next`, and S0 … S999 through `first`: one cycle of 1,101.
  assert.equal(near.nodes.length, 1_101);
  assert.equal(near.cycles.length, 1);
  assert.equal(near.cycles[0].length, 1_101);
  const small = await graph({ content }, { focus: ["S100"], depth: 2, direction: "out" });
  assert.deepEqual(small.nodes.map((n) => n.name), ["S0", "S1", "S100", "S101", "S102"]);
});

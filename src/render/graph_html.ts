/**
 * The schema graph as one self-contained HTML page (the shared shell of `_html.ts`): the SVG laid out by
 * Graphviz inline, pan and zoom (wheel, drag, buttons), a search box that highlights the node found and its
 * neighbours (also from the address: `#search=Pet`), and a click on a node that shows its schema (or operation)
 * as YAML. Every text from the document is escaped; the node data the script reads is a JSON block whose `<`,
 * `>` and `&` are written as `\u003c` escapes, shown with `textContent` only.
 *
 * @module
 */
import { shorten } from "../core/bounded_text.ts";
import { serializeDocument } from "../core/serialize.ts";
import { graphNodeValue, type GraphResult, renderGraphSvg } from "../graph/mod.ts";
import { escapeHtml, htmlPage } from "./_html.ts";

/** Characters of one node's YAML shown at most. */
const MAX_YAML_CHARS = 20_000;
/** Characters of YAML the page holds at most, over every node (the rest say so). */
const MAX_PAGE_YAML_CHARS = 4_000_000;

const GRAPH_STYLE = `
body { max-width: none; }
#graph-tools { display: flex; gap: 6px; align-items: center; margin: 8px 0; }
#graph-tools input[type=search] { font: inherit; padding: 2px 6px; width: 320px; }
.graph-layout { display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 12px; }
#graph { border: 1px solid var(--line); border-radius: 6px; height: 72vh; overflow: hidden; cursor: grab;
  touch-action: none; background: #fff; }
#graph svg { width: 100%; height: 100%; user-select: none; }
#graph g.node { cursor: pointer; }
#graph.searching g.node, #graph.searching g.edge { opacity: 0.25; }
#graph.searching g.node.near, #graph.searching g.edge.near { opacity: 1; }
#graph.searching g.node.hit { opacity: 1; }
#graph g.node.hit path, #graph g.node.hit polygon { stroke: #0969da; stroke-width: 4px; }
#graph g.node.near path, #graph g.node.near polygon { stroke-width: 2px; }
#graph-details { border: 1px solid var(--line); border-radius: 6px; padding: 8px; height: 72vh; overflow: auto; }
#graph-details pre { font: 12px/1.4 ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; }
ul.legend li { margin: 2px 0; }
`;

/**
 * The page's script: neighbours from the JSON block, search (`input` and `#search=` in the address), click to
 * show a node, and pan and zoom by the SVG's `viewBox`. Without it the page shows the whole drawing.
 */
const GRAPH_SCRIPT = `
(() => {
  const view = document.getElementById("graph");
  const svg = view === null ? null : view.querySelector("svg");
  if (svg === null) return;
  const data = JSON.parse(document.getElementById("graph-data").textContent);
  const nodes = new Map(data.nodes.map((n) => [n.key, n]));
  const near = new Map(data.nodes.map((n) => [n.key, new Set()]));
  data.edges.forEach(([a, b]) => { near.get(a).add(b); near.get(b).add(a); });
  const form = document.getElementById("graph-tools");
  const box = document.getElementById("graph-search");
  const matches = document.getElementById("graph-matches");
  const clear = () => {
    view.classList.remove("searching");
    for (const el of svg.querySelectorAll(".hit, .near")) el.classList.remove("hit", "near");
    document.body.dataset.hit = "";
  };
  const select = (key) => {
    clear();
    const node = nodes.get(key);
    if (node === undefined) return;
    view.classList.add("searching");
    document.getElementById(key)?.classList.add("hit", "near");
    for (const other of near.get(key)) document.getElementById(other)?.classList.add("near");
    data.edges.forEach(([a, b], i) => {
      if (a === key || b === key) document.getElementById("e" + i)?.classList.add("near");
    });
    document.body.dataset.hit = key;
  };
  const show = (key) => {
    const node = nodes.get(key);
    if (node === undefined) return;
    document.getElementById("details-name").textContent = node.name;
    document.getElementById("details-place").textContent = node.place;
    document.getElementById("details-yaml").textContent = node.yaml;
    document.getElementById("details-hint").hidden = true;
  };
  const search = (text) => {
    const q = text.trim().toLowerCase();
    if (q === "") { clear(); matches.textContent = ""; return; }
    const found = data.nodes.filter((n) => n.name.toLowerCase().includes(q));
    const best = found.find((n) => n.name.toLowerCase() === q) ?? found[0];
    matches.textContent = found.length === 0 ? "no match" : found.length + (found.length === 1 ? " match" : " matches");
    if (best === undefined) { clear(); return; }
    select(best.key);
    show(best.key);
  };
  box.addEventListener("input", () => search(box.value));
  form.addEventListener("submit", (event) => event.preventDefault());
  svg.addEventListener("click", (event) => {
    const g = event.target.closest("g.node");
    if (g === null || moved) return;
    select(g.id);
    show(g.id);
  });
  // Pan and zoom: the viewBox moves and scales; the drawing fills the view.
  const initial = svg.viewBox.baseVal;
  const start = { x: initial.x, y: initial.y, w: initial.width, h: initial.height };
  let vb = { ...start };
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const apply = () => svg.setAttribute("viewBox", vb.x + " " + vb.y + " " + vb.w + " " + vb.h);
  const zoom = (factor, cx, cy) => {
    const r = svg.getBoundingClientRect();
    const px = vb.x + ((cx ?? r.left + r.width / 2) - r.left) / (r.width || 1) * vb.w;
    const py = vb.y + ((cy ?? r.top + r.height / 2) - r.top) / (r.height || 1) * vb.h;
    vb = { x: px - (px - vb.x) * factor, y: py - (py - vb.y) * factor, w: vb.w * factor, h: vb.h * factor };
    apply();
  };
  view.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(event.deltaY > 0 ? 1.2 : 1 / 1.2, event.clientX, event.clientY);
  }, { passive: false });
  let drag = null;
  let moved = false;
  view.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, vb: { ...vb } };
    moved = false;
  });
  view.addEventListener("pointermove", (event) => {
    if (drag === null) return;
    const r = svg.getBoundingClientRect();
    const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) moved = true;
    const scale = Math.max(vb.w / (r.width || 1), vb.h / (r.height || 1));
    vb = { ...drag.vb, x: drag.vb.x - dx * scale, y: drag.vb.y - dy * scale };
    apply();
  });
  const stop = () => { drag = null; };
  view.addEventListener("pointerup", stop);
  view.addEventListener("pointerleave", stop);
  document.getElementById("zoom-in").addEventListener("click", () => zoom(1 / 1.25));
  document.getElementById("zoom-out").addEventListener("click", () => zoom(1.25));
  document.getElementById("zoom-fit").addEventListener("click", () => { vb = { ...start }; apply(); });
  form.hidden = false;
  const asked = new URLSearchParams(location.hash.slice(1)).get("search") ??
    new URLSearchParams(location.search).get("search");
  if (asked !== null) {
    box.value = asked;
    search(asked);
  }
})();
`;

/** JSON for a `<script type="application/json">` block: `<`, `>`, `&` and line separators as escapes. */
function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * The graph as one self-contained HTML page: a summary, the SVG (laid out by Graphviz) with pan, zoom and
 * search, a pane showing the YAML of the node clicked, a legend and the cycles.
 */
export async function renderGraphHtml(result: GraphResult): Promise<string> {
  const svg = await renderGraphSvg(result);
  const nameOf = new Map(result.nodes.map((n) => [n.id, n.name]));
  let budget = MAX_PAGE_YAML_CHARS;
  const nodes = result.nodes.map((n, i) => {
    let yaml = "";
    if (budget > 0) {
      yaml = shorten(serializeDocument(graphNodeValue(result, n.id) ?? null, "yaml"), MAX_YAML_CHARS);
      budget -= yaml.length;
    } else {
      yaml = "(left out: the page holds the YAML of the first nodes only)";
    }
    return { key: `n${i}`, name: n.name, place: (n.file ?? "") + "#" + n.pointer, yaml };
  });
  const keyOf = new Map(result.nodes.map((n, i) => [n.id, `n${i}`]));
  const edges = result.edges.map((e) => [keyOf.get(e.from), keyOf.get(e.to)]);
  const unused = result.nodes.filter((n) => n.unused).length;
  const summary = [
    plural(result.nodes.length, "node"),
    plural(result.edges.length, "edge"),
    plural(result.cycles.length, "cycle"),
    `${unused} unused`,
  ].join(", ");
  const whole = result.nodes.length === result.total.nodes
    ? ""
    : ` (the whole graph has ${plural(result.total.nodes, "node")})`;
  const focus = result.focus === undefined
    ? ""
    : `<p class="note">Focus: ${result.focus.map((id) => escapeHtml(nameOf.get(id) ?? id)).join(", ")}</p>`;
  const cycles = result.cycles.length === 0
    ? '<p class="note">No cycles.</p>'
    : `<ol class="cycles">${
      result.cycles.map((c) => `<li>${c.map((id) => escapeHtml(nameOf.get(id) ?? id)).join(" → ")}</li>`)
        .join("")
    }</ol>`;
  const body = `<h1>Schema graph: ${escapeHtml(result.source)}</h1>
<p class="note" id="graph-summary">${summary}${whole}.</p>
${focus}<form id="graph-tools" hidden>
<input type="search" id="graph-search" placeholder="Find a schema or operation" aria-label="Find a node">
<button type="button" id="zoom-in" title="Zoom in">+</button>
<button type="button" id="zoom-out" title="Zoom out">−</button>
<button type="button" id="zoom-fit" title="Show all">Fit</button>
<span id="graph-matches" class="note"></span>
</form>
<div class="graph-layout">
<div id="graph">${svg}</div>
<aside id="graph-details">
<p class="note" id="details-hint">Click a node (or find one) to see it here.</p>
<h3 id="details-name"></h3>
<p class="place" id="details-place"></p>
<pre id="details-yaml"></pre>
</aside>
</div>
<h2>Legend</h2>
<ul class="legend">
<li>Boxes are component schemas; blue boxes are operations.</li>
<li>Grey dashed boxes are unused schemas: nothing outside the components reaches them.</li>
<li>Red boxes and edges are cycles. Edges are labelled by kind: property, items, allOf, oneOf, anyOf,
additionalProperties, request, response, parameter, or the schema keyword that holds the reference.</li>
</ul>
<h2>Cycles</h2>
${cycles}
<script type="application/json" id="graph-data">${jsonBlock({ nodes, edges })}</script>
`;
  return htmlPage({
    title: `Schema graph: ${shorten(result.source, 200)}`,
    body,
    style: GRAPH_STYLE,
    script: GRAPH_SCRIPT,
  });
}

/**
 * `oatool graph --format html` in a browser: the page rendered by headless Chromium (Debian's `chromium`). The
 * DOM after its script ran (`--dump-dom`, the search taken from the address) has every node of the graph, the
 * node found highlighted with exactly its neighbours, and its YAML shown; driven through the DevTools protocol,
 * typing in the search box, clicking a node and zooming do what a person expects. A hostile schema name stays
 * text.
 *
 * Needs Chromium; without it the tests are skipped, saying so, unless OATOOL_REQUIRE_TOOLS names chromium (as
 * .ci/run does), when they fail.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "../src/cli/_test_io.ts";
import { ROOT, withTempDir } from "./_spawn.ts";
import { testWith } from "./_tools.ts";
import { Browser, dumpDom } from "./_chromium.ts";

const V30 = join(ROOT, "testdata/graph/v30.yaml");

/** The page of the 3.0 fixture with its operations, a schema renamed to something hostile, in `dir`. */
async function writePage(dir: string): Promise<string> {
  const text = (await Deno.readTextFile(V30)).replaceAll("Orphan", "'<img src=x onerror=document.title=1>'")
    .replaceAll("#/components/schemas/'<img src=x onerror=document.title=1>'", "#/components/schemas/Orphan");
  await Deno.writeTextFile(join(dir, "v30.yaml"), text);
  const page = join(dir, "graph.html");
  const r = await run(["graph", "--format", "html", "--operations", "-o", page, join(dir, "v30.yaml")]);
  assert.equal(r.code, 0, r.stderr);
  return page;
}

/** The node groups of the dumped DOM: id, classes and label. */
function nodesOf(dom: string): { id: string; classes: string[]; label: string }[] {
  return [...dom.matchAll(/<g id="(n\d+)" class="([^"]*)">.*?<text[^>]*>([^<]*)<\/text>/gs)].map((m) => ({
    id: m[1],
    classes: m[2].split(" "),
    label: m[3],
  }));
}

// User's neighbours in the 3.0 fixture: NewPet uses it, it uses Pet and Tag, GET /users/{id} returns it.
const USER_NEIGHBOURS = ["GET /users/{id}", "NewPet", "Pet", "Tag"];

await testWith(
  ["chromium"],
  "graph --format html in Chromium: #search=User highlights User and its neighbours",
  async () => {
    await withTempDir(async (dir) => {
      const page = await writePage(dir);
      const dom = await dumpDom(`file://${page}#search=User`, join(dir, "profile"));
      const nodes = nodesOf(dom);
      assert.deepEqual(
        nodes.map((n) => n.label).sort(),
        [
          "&lt;img src=x onerror=document.title=1&gt;",
          "GET /pets",
          "GET /users/{id}",
          "Id",
          "Leaf",
          "Limit",
          "NewPet",
          "POST /pets",
          "Pet",
          "Problem",
          "Self",
          "Tag",
          "User",
        ],
      );
      const hit = nodes.filter((n) => n.classes.includes("hit"));
      assert.deepEqual(hit.map((n) => n.label), ["User"]);
      const near = nodes.filter((n) => n.classes.includes("near") && !n.classes.includes("hit"));
      assert.deepEqual(near.map((n) => n.label).sort(), USER_NEIGHBOURS);
      assert.match(dom, /<div id="graph" class="searching">/);
      assert.match(dom, new RegExp(`<body data-hit="${hit[0].id}">`));
      assert.match(dom, /<h3 id="details-name">User<\/h3>/);
      assert.match(dom, /<pre id="details-yaml">properties:\n {2}pets:/);
      assert.match(
        dom,
        /<span id="graph-matches" class="note">2 matches<\/span>/,
        "User and GET /users/{id}; the exact name is the one shown",
      );
      assert.match(dom, /<form id="graph-tools">/, "the script showed the tools");
      // The hostile name stayed text: no img element, the title unchanged.
      assert.doesNotMatch(dom, /<img\b/);
      assert.match(dom, /<title>Schema graph: [^<]*v30\.yaml<\/title>/);
    });
  },
);

await testWith(
  ["chromium"],
  "graph --format html in Chromium: typing, clicking a node and zooming",
  async () => {
    await withTempDir(async (dir) => {
      const page = await writePage(dir);
      const browser = await Browser.launch(join(dir, "profile-cdp"));
      try {
        const tab = await browser.open(`file://${page}`);
        const highlighted = `({
        hit: [...document.querySelectorAll("g.node.hit text")].map((t) => t.textContent),
        near: [...document.querySelectorAll("g.node.near:not(.hit) text")].map((t) => t.textContent).sort(),
        yaml: document.getElementById("details-yaml").textContent,
      })`;
        assert.deepEqual(await tab.evaluate(highlighted), { hit: [], near: [], yaml: "" });
        await tab.evaluate(`(() => {
        const box = document.getElementById("graph-search");
        box.value = "tag";
        box.dispatchEvent(new Event("input"));
      })()`);
        const typed = await tab.evaluate<{ hit: string[]; near: string[]; yaml: string }>(highlighted);
        assert.deepEqual(typed.hit, ["Tag"]);
        assert.deepEqual(typed.near, ["NewPet", "User"]);
        assert.equal(typed.yaml, "type: string\n");
        // A click on a node shows it and highlights its neighbours.
        await tab.evaluate(`[...document.querySelectorAll("g.node")]
        .find((g) => g.textContent.includes("GET /pets")).querySelector("text")
        .dispatchEvent(new MouseEvent("click", { bubbles: true }))`);
        const clicked = await tab.evaluate<{ hit: string[]; near: string[]; yaml: string }>(highlighted);
        assert.deepEqual(clicked.hit, ["GET /pets"]);
        assert.deepEqual(clicked.near, ["Limit", "Pet", "Problem"]);
        assert.match(clicked.yaml, /^tags:\n {2}- pets\noperationId: listPets\n/);
        // The zoom buttons scale the view; Fit brings it back.
        const box = `document.querySelector("#graph svg").getAttribute("viewBox")`;
        const before = await tab.evaluate<string>(box);
        await tab.evaluate(`document.getElementById("zoom-in").click()`);
        const zoomed = (await tab.evaluate<string>(box)).split(" ").map(Number);
        const original = before.split(" ").map(Number);
        assert.ok(zoomed[2] < original[2] && zoomed[3] < original[3], `${before} → ${zoomed}`);
        await tab.evaluate(`document.getElementById("zoom-fit").click()`);
        assert.deepEqual((await tab.evaluate<string>(box)).split(" ").map(Number), original);
      } finally {
        await browser.close();
      }
    });
  },
);

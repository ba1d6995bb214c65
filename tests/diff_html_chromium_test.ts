/**
 * `oatool diff --format html` in a browser: the page is rendered by headless Chromium (Debian's `chromium`),
 * whose DOM after the page's script ran (`--dump-dom`) shows the severity filter taken from the address applied:
 * the changes of the other severities hidden, the count of those shown, the filter bar visible. The pair has a
 * breaking, a warning and informational changes, and hostile texts (`</script>` in a description, `<img onerror>`
 * in a path) that must stay text in the DOM.
 *
 * Needs Chromium; without it the tests are skipped, saying so, unless OATOOL_REQUIRE_TOOLS names chromium (as
 * .ci/run does), when they fail.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "../src/cli/_test_io.ts";
import { withTempDir } from "./_spawn.ts";
import { testWith } from "./_tools.ts";
import { dumpDom } from "./_chromium.ts";

const SOURCE = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
  description: The pet store.
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: OK
  /pets/{id}:
    delete:
      operationId: deletePet
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        "204":
          description: Deleted
  "/<img src=x onerror=document.title='pwned'>":
    get:
      summary: plain
      responses:
        "200":
          description: OK
`;

const TARGET = `openapi: 3.1.0
info:
  title: Pets
  version: 2.0.0
  description: "The pet store.</script><script>document.title='pwned'</script>"
paths:
  /pets:
    get:
      operationId: listAllPets
      responses:
        "200":
          description: OK
  "/<img src=x onerror=document.title='pwned'>":
    get:
      summary: "<img src=x onerror=document.title='pwned'>"
      responses:
        "200":
          description: OK
`;

/** The report of the pair, written to `dir`: its path. */
async function writeReport(dir: string): Promise<string> {
  await Deno.writeTextFile(join(dir, "v1.yaml"), SOURCE);
  await Deno.writeTextFile(join(dir, "v2.yaml"), TARGET);
  const r = await run(["diff", "--format", "html", join(dir, "v1.yaml"), join(dir, "v2.yaml")]);
  assert.equal(r.code, 1, r.stderr);
  const page = join(dir, "report.html");
  await Deno.writeTextFile(page, r.stdout);
  return page;
}

interface Article {
  id: string;
  severity: string;
  hidden: boolean;
}

/** Every change of the dumped DOM: its anchor, severity and whether it is hidden. */
function articles(dom: string): Article[] {
  return [...dom.matchAll(/<article\b([^>]*)>/g)].map((m) => ({
    id: /\bid="([^"]*)"/.exec(m[1])![1],
    severity: /\bdata-severity="([^"]*)"/.exec(m[1])![1],
    hidden: /\shidden(=|\s|$)/.test(m[1]),
  }));
}

function tagOf(dom: string, id: string): string {
  const m = new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(dom);
  assert.ok(m, `no element #${id}`);
  return m[0];
}

await testWith(
  ["chromium"],
  "diff --format html in Chromium: ?show=CRITICAL,ERROR,WARNING hides the INFO changes and counts the rest",
  async () => {
    await withTempDir(async (dir) => {
      const page = await writeReport(dir);
      const url = `file://${page}?show=CRITICAL,ERROR,WARNING`;
      const dom = await dumpDom(url, join(dir, "profile"));
      const all = articles(dom);
      const bySeverity = (s: string) => all.filter((a) => a.severity === s);
      assert.equal(bySeverity("CRITICAL").length + bySeverity("ERROR").length, 1, "one breaking change");
      assert.equal(bySeverity("WARNING").length, 1);
      assert.ok(bySeverity("INFO").length >= 2);
      for (const a of all) assert.equal(a.hidden, a.severity === "INFO", `${a.id} (${a.severity})`);
      // The breaking change comes first, and the page counts what it shows.
      assert.notEqual(all[0].severity, "INFO");
      assert.notEqual(all[0].severity, "WARNING");
      assert.match(dom, /<b id="shown">2<\/b>/);
      assert.match(tagOf(dom, "filters"), /^<form id="filters">$/, "the script showed the filter bar");
      assert.match(tagOf(dom, "nofilter"), /hidden/);
      assert.match(dom, /<body data-show="CRITICAL,ERROR,WARNING">/);
      // Hostile texts stayed text: one script element (the page's), no img element, the title unchanged.
      assert.equal(dom.match(/<script\b/g)?.length, 1);
      assert.doesNotMatch(dom, /<img\b/);
      assert.doesNotMatch(dom, /<title>[^<]*pwned/);
      assert.match(dom, /&lt;\/script&gt;&lt;script&gt;document\.title='pwned'&lt;\/script&gt;/);

      // Only the warnings, through the address's fragment: the breaking and INFO changes are hidden.
      const warnings = articles(await dumpDom(`file://${page}#show=WARNING`, join(dir, "profile")));
      assert.deepEqual(warnings.filter((a) => !a.hidden).map((a) => a.severity), ["WARNING"]);
    });
  },
);

await testWith(
  ["chromium"],
  "diff --format html in Chromium: without a filter in the address every change is shown",
  async () => {
    await withTempDir(async (dir) => {
      const page = await writeReport(dir);
      const dom = await dumpDom(`file://${page}`, join(dir, "profile"));
      const all = articles(dom);
      assert.equal(all.length, 5);
      assert.deepEqual(all.filter((a) => a.hidden), []);
      assert.match(dom, /<b id="shown">5<\/b>/);
      assert.match(
        tagOf(dom, "filters"),
        /^<form id="filters">$/,
        "the script ran and showed the filter bar",
      );
      // Each change has its anchor, and the breaking index links to it.
      const breaking = all.find((a) => a.severity === "CRITICAL" || a.severity === "ERROR")!;
      assert.match(
        dom,
        new RegExp(`<ol class="index">\\s*<li data-severity="${breaking.severity}">.*href="#${breaking.id}"`),
      );
    });
  },
);

/**
 * `oatool validate --format html` in a browser: headless Chromium (Debian's `chromium`) loads the page and runs
 * its script. The document is a two-file set (`api.yaml` referencing `schemas.yaml`) with an error and two
 * warnings in the root, a schema error in the referenced file, and hostile text (`</script><img onerror>`) in a
 * description. Asserted on the DOM: the findings are there, each with the right file's lines around it (its line
 * highlighted); the filters by severity and by rule hide the others (from the address, and clicked as a person
 * would, through the DevTools protocol); the grouping switch moves the findings into one section per file,
 * ordered by line.
 *
 * Needs Chromium; without it the tests are skipped, saying so, unless OATOOL_REQUIRE_TOOLS names chromium (as
 * .ci/run does), when they fail.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "../src/cli/_test_io.ts";
import { withTempDir } from "./_spawn.ts";
import { testWith } from "./_tools.ts";
import { Browser, dumpDom } from "./_chromium.ts";

const API = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
  description: "</script><img src=x onerror=document.title='pwned'>"
paths:
  /pets/{id}:
    get:
      operationId: getPet
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema:
                $ref: "./schemas.yaml#/Pet"
  /pets:
    get:
      summary: List
      operationId: listPets
      responses:
        "200":
          description: OK
components:
  schemas:
    Unused:
      type: object
`;

const SCHEMAS = `Pet:
  type: object
  properties:
    name:
      type: strin
    tag:
      type: string
`;

/** The findings of the pair: rule, severity, file and line (what the validator reports, read independently). */
const EXPECTED = [
  { rule: "path-params", severity: "ERROR", file: "api.yaml", line: 8, text: "    get:" },
  { rule: "oas-schema", severity: "ERROR", file: "schemas.yaml", line: 5, text: "      type: strin" },
  { rule: "operation-description", severity: "WARNING", file: "api.yaml", line: 8, text: "    get:" },
  { rule: "component-unused", severity: "WARNING", file: "api.yaml", line: 26, text: "    Unused:" },
];

/** The report of the pair, written to `dir`: its path. */
async function writeReport(dir: string): Promise<string> {
  await Deno.writeTextFile(join(dir, "api.yaml"), API);
  await Deno.writeTextFile(join(dir, "schemas.yaml"), SCHEMAS);
  const cwd = Deno.cwd();
  Deno.chdir(dir);
  try {
    const r = await run(["validate", "--quiet", "--format", "html", "api.yaml"]);
    assert.equal(r.code, 1, r.stderr);
    const page = join(dir, "report.html");
    await Deno.writeTextFile(page, r.stdout);
    return page;
  } finally {
    Deno.chdir(cwd);
  }
}

interface Shown {
  rule: string;
  severity: string;
  hidden: boolean;
  /** The id of the section the article is in. */
  group: string;
  /** The code frame's heading (`file:line`), the highlighted line's number and text. */
  frame: string;
  at: string;
  atText: string;
}

/** What a page shows of its findings, read in the page (articles in document order). */
const READ = `Array.from(document.querySelectorAll("article")).map((a) => ({
  rule: a.dataset.rule, severity: a.dataset.severity, hidden: a.hidden || a.closest("[hidden]") !== null,
  group: a.parentElement.id, frame: a.querySelector(".frame h4")?.textContent ?? "",
  at: a.querySelector("tr.at td.n")?.textContent ?? "", atText: a.querySelector("tr.at td.t")?.textContent ?? "",
}))`;

const visible = (all: Shown[]) => all.filter((a) => !a.hidden).map((a) => a.rule);

await testWith(
  ["chromium"],
  "validate --format html in Chromium: findings with their file's lines; the address's filters and grouping",
  async () => {
    await withTempDir(async (dir) => {
      const page = await writeReport(dir);
      const url = `file://${page}`;
      // Without a filter: every finding, grouped by rule, each with the lines of its own file.
      const dom = await dumpDom(url, join(dir, "profile"));
      assert.match(dom, /<form id="filters">/, "the script ran and showed the filter bar");
      assert.match(dom, /<b id="shown">4<\/b>/);
      // Hostile text stayed text: the page's one script element, no img element, the title unchanged.
      assert.equal(dom.match(/<script\b/g)?.length, 1);
      assert.doesNotMatch(dom, /<img\b/);
      assert.doesNotMatch(dom, /<title>[^<]*pwned/);

      const browser = await Browser.launch(join(dir, "profile-cdp"));
      try {
        const all = await (await browser.open(url)).evaluate<Shown[]>(READ);
        assert.deepEqual(all.map((a) => a.rule).sort(), EXPECTED.map((e) => e.rule).sort());
        for (const e of EXPECTED) {
          const a = all.find((a) => a.rule === e.rule)!;
          assert.equal(a.severity, e.severity, e.rule);
          assert.equal(a.hidden, false, e.rule);
          assert.equal(a.frame, `${e.file}:${e.line}`, e.rule);
          assert.equal(a.at, String(e.line), e.rule);
          assert.equal(a.atText, e.text, e.rule);
        }
        // The errors' groups first.
        assert.deepEqual(all.slice(0, 2).map((a) => a.severity), ["ERROR", "ERROR"]);

        // From the address: only the warnings; only one rule; grouped by location.
        const warnings = await (await browser.open(`${url}?show=WARNING`)).evaluate<Shown[]>(READ);
        assert.deepEqual(visible(warnings).sort(), ["component-unused", "operation-description"]);
        const rule = await (await browser.open(`${url}#rule=oas-schema`)).evaluate<Shown[]>(READ);
        assert.deepEqual(visible(rule), ["oas-schema"]);
        const byFile = await (await browser.open(`${url}?group=location`)).evaluate<Shown[]>(READ);
        assert.deepEqual(
          byFile.map((a) => [a.group, a.rule, a.hidden]),
          [
            ["file-1", "path-params", false],
            ["file-1", "operation-description", false],
            ["file-1", "component-unused", false],
            ["file-2", "oas-schema", false],
          ],
        );
      } finally {
        await browser.close();
      }
    });
  },
);

await testWith(
  ["chromium"],
  "validate --format html in Chromium: clicking the filters and the grouping switch",
  async () => {
    await withTempDir(async (dir) => {
      const url = `file://${await writeReport(dir)}`;
      const browser = await Browser.launch(join(dir, "profile"));
      try {
        const page = await browser.open(url);
        const shown = () => page.evaluate<string>(`document.getElementById("shown").textContent`);
        // Unticking WARNING hides the warnings and the groups left empty.
        await page.evaluate(`document.querySelector('input[data-severity="WARNING"]').click()`);
        let all = await page.evaluate<Shown[]>(READ);
        assert.deepEqual(visible(all).sort(), ["oas-schema", "path-params"]);
        assert.equal(await shown(), "2");
        assert.deepEqual(
          await page.evaluate<string[]>(
            `Array.from(document.querySelectorAll("#by-rule section.group:not([hidden]) h3")).map((h) => h.firstChild.textContent.trim())`,
          ),
          ["oas-schema", "path-params"],
        );
        assert.match(await page.evaluate<string>("location.search"), /show=ERROR(&|$)/);
        // Ticked again, then one rule picked: only its finding.
        await page.evaluate(`document.querySelector('input[data-severity="WARNING"]').click()`);
        await page.evaluate(`(() => {
        const menu = document.querySelector("select[name=rule]");
        menu.value = "component-unused";
        menu.dispatchEvent(new Event("change", { bubbles: true }));
      })()`);
        all = await page.evaluate<Shown[]>(READ);
        assert.deepEqual(visible(all), ["component-unused"]);
        assert.equal(await shown(), "1");
        // Every rule again, then grouped by location: a section per file, its findings by line.
        await page.evaluate(`(() => {
        const menu = document.querySelector("select[name=rule]");
        menu.value = "";
        menu.dispatchEvent(new Event("change", { bubbles: true }));
        document.querySelector('input[name=group][value=location]').click();
      })()`);
        all = await page.evaluate<Shown[]>(READ);
        assert.deepEqual(all.map((a) => [a.group, a.rule, a.hidden, a.frame]), [
          ["file-1", "path-params", false, "api.yaml:8"],
          ["file-1", "operation-description", false, "api.yaml:8"],
          ["file-1", "component-unused", false, "api.yaml:26"],
          ["file-2", "oas-schema", false, "schemas.yaml:5"],
        ]);
        assert.deepEqual(
          await page.evaluate<[boolean, boolean]>(
            `[document.getElementById("by-rule").hidden, document.getElementById("by-location").hidden]`,
          ),
          [true, false],
        );
        assert.match(await page.evaluate<string>("location.search"), /group=location/);
        // And back by rule: the rule sections hold their findings again.
        await page.evaluate(`document.querySelector('input[name=group][value=rule]').click()`);
        all = await page.evaluate<Shown[]>(READ);
        assert.ok(all.every((a) => a.group.startsWith("rule-") && !a.hidden), JSON.stringify(all));
      } finally {
        await browser.close();
      }
    });
  },
);

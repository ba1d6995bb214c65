import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { loadDocumentSet } from "../core/mod.ts";
import { type ManyEntry, validate } from "../validator/mod.ts";
import { withTempDir } from "../../tests/_spawn.ts";
import { renderDiffHtml } from "./diff_html.ts";
import { diff } from "../differ/mod.ts";
import {
  renderValidationHtml,
  renderValidationManyHtml,
  type ValidationHtmlOptions,
} from "./validation_html.ts";

/** The page of a document given as text, with its lines. */
async function report(text: string, options: ValidationHtmlOptions = {}): Promise<string> {
  const set = await loadDocumentSet({ content: text });
  return renderValidationHtml(await validate(set, { sourceMap: true }), { files: set.files, ...options });
}

/** Every finding element of a page: its attributes and inner markup. */
function articles(html: string): { tag: string; attrs: Record<string, string>; inner: string }[] {
  return [...html.matchAll(/<article\b([^>]*)>([\s\S]*?)<\/article>/g)].map((m) => ({
    tag: m[0].slice(0, m[0].indexOf(">") + 1),
    attrs: Object.fromEntries([...m[1].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
    inner: m[2],
  }));
}

/** Asserts that a finding's frame highlights line `n`, whose text is `text`. */
function assertAt(inner: string, n: number, text: string): void {
  const row = `<tr class="at"><td class="n">${n}</td><td class="t">${text}</td></tr>`;
  assert.ok(inner.includes(row), `no ${row} in ${inner}`);
}

const INVALID = `openapi: 3.0.3
info:
  title: T
  version: "1"
paths:
  /pets/{id}:
    get:
      responses:
        "200":
          description: OK
components:
  schemas:
    Unused:
      type: object
`;

Deno.test("renderValidationHtml: each finding with its rule, severity, place, spec link and numbered lines", async () => {
  const html = await report(INVALID);
  const all = articles(html);
  assert.deepEqual(
    all.map((a) => [a.attrs["data-severity"], a.attrs["data-rule"]]),
    // Grouped by rule: the errors' rules first, then by name.
    [["ERROR", "path-params"], ["WARNING", "component-unused"], ["WARNING", "operation-description"]],
  );
  const params = all[0];
  assert.match(params.inner, /<div class="place">paths\.\/pets\/\{id\}\.get · &lt;content&gt;:7:5<\/div>/);
  assert.match(
    params.inner,
    /spec: <a href="https:\/\/spec\.openapis\.org\/oas\/v3\.0\.3\.html#path-templating" rel="noreferrer">/,
  );
  // The frame: lines 4 to 10, line 7 highlighted.
  assert.match(params.inner, /<h4>&lt;content&gt;:7<\/h4>/);
  const rows = [
    ...params.inner.matchAll(/<tr( class="at")?><td class="n">(\d+)<\/td><td class="t">([^<]*)</g),
  ];
  assert.deepEqual(rows.map((r) => [Number(r[2]), r[1] !== undefined]), [
    [4, false],
    [5, false],
    [6, false],
    [7, true],
    [8, false],
    [9, false],
    [10, false],
  ]);
  assert.equal(rows[3][3], "    get:");
  assertAt(all[1].inner, 13, "    Unused:");
  // Counts, verdict, the rule menu and the grouping switch.
  assert.match(html, /<td data-count="ERROR">1<\/td><td data-count="WARNING">2<\/td>/);
  assert.match(html, /<p class="verdict breaking" id="verdict">✗ &lt;content&gt;: invalid \(1 error\)<\/p>/);
  assert.match(html, /<option value="path-params">path-params \(1\)<\/option>/);
  assert.match(html, /<input type="radio" name="group" value="location">/);
});

Deno.test("renderValidationHtml: without scripts every finding shows, grouped by rule; the location view waits", async () => {
  const html = await report(INVALID);
  for (const a of articles(html)) assert.doesNotMatch(a.tag, /\bhidden\b/);
  assert.match(html, /<form id="filters" hidden>/);
  assert.match(html, /<div data-grouping="rule" id="by-rule">/);
  assert.match(html, /<div data-grouping="location" id="by-location" hidden>/);
  // Each article names its group in both groupings; the location groups are the files, in line order.
  const all = articles(html);
  assert.deepEqual(all.map((a) => a.attrs["data-group-rule"]), ["rule-1", "rule-2", "rule-3"]);
  assert.deepEqual(all.map((a) => a.attrs["data-group-location"]), ["file-1", "file-1", "file-1"]);
  // By location: path-params and operation-description at line 7, component-unused at line 13.
  assert.deepEqual(all.map((a) => a.attrs["data-order-location"]), ["0", "2", "1"]);
  assert.match(
    html,
    /<section class="group" id="file-1"><h3>&lt;content&gt; <span class="note">\(3 findings\)/,
  );
});

Deno.test("renderValidationHtml: a finding in a referenced file shows that file's lines", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      INVALID.replace("Unused:\n      type: object", `Pet:\n      $ref: "./pet.yaml"`) +
        `  responses:\n    R:\n      description: x\n      content:\n        application/json:\n` +
        `          schema:\n            $ref: "#/components/schemas/Pet"\n`,
    );
    await Deno.writeTextFile(join(dir, "pet.yaml"), `type: object\nproperties:\n  name:\n    type: strin\n`);
    const set = await loadDocumentSet(join(dir, "api.yaml"));
    const html = renderValidationHtml(await validate(set, { sourceMap: true }), { files: set.files });
    const schema = articles(html).find((a) => a.attrs["data-rule"] === "oas-schema");
    assert.ok(schema, html);
    const file = set.files.find((f) => !f.root)!.source;
    assert.ok(file.endsWith("pet.yaml"));
    assert.ok(schema.inner.includes(`<h4>${file}:4</h4>`), schema.inner);
    assertAt(schema.inner, 4, "    type: strin");
    assert.equal(
      articles(html).find((a) => a.attrs["data-rule"] === "oas-schema")!.attrs["data-group-location"],
      "file-2",
    );
  });
});

const HOSTILE =
  `</script><script>alert(1)</script> <img src=x onerror=alert(1)> "><svg onload=alert(1)> \u202egnp`;

Deno.test("renderValidationHtml: document texts never appear unescaped; a spec link that is not http is not a link", async () => {
  const text = INVALID.replace("/pets/{id}", `/pets/{id}/${JSON.stringify(HOSTILE).slice(1, -1)}`)
    .replace(`title: T`, `title: ${JSON.stringify(HOSTILE)}`);
  const set = await loadDocumentSet({ content: text });
  const result = await validate(set, { sourceMap: true });
  result.warnings.push({
    severity: "warning",
    path: HOSTILE,
    pointer: "/x",
    message: HOSTILE,
    rule: `x" onclick="alert(1)`,
    hint: HOSTILE,
    specLink: "javascript:alert(1)",
    location: { file: "<content>", line: 3, column: 3 },
  });
  const html = renderValidationHtml(result, { files: set.files });
  assert.equal(html.match(/<script\b/gi)?.length, 1);
  assert.equal(html.match(/<\/script/gi)?.length, 1);
  assert.doesNotMatch(html, /<img|<svg|onclick="/i);
  assert.ok(!html.includes("\u202e"));
  assert.doesNotMatch(html, /href="javascript:/);
  assert.match(html, /spec: javascript:alert\(1\)<\/div>/);
  assert.ok(html.includes(`data-rule="x&quot; onclick=&quot;alert(1)"`));
  assert.ok(html.includes("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
});

Deno.test("renderValidationHtml and renderDiffHtml: one shell, one style sheet and script, each allowed by its hash", async () => {
  const page = await report(INVALID);
  const diffPage = renderDiffHtml(
    await diff({ content: INVALID }, { content: INVALID.replace("/pets", "/cats") }),
  );
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const parts = (html: string) => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1].replaceAll(
      "&#39;",
      "'",
    );
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1];
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1];
    assert.ok(csp.startsWith("default-src 'none'; "), csp);
    assert.ok(csp.includes(`script-src ${hash(script)}`) && csp.includes(`style-src ${hash(style)}`), csp);
    return { script, style, head: html.slice(0, html.indexOf("<title>")) };
  };
  const [v, d] = [parts(page), parts(diffPage)];
  assert.equal(v.script, d.script);
  assert.equal(v.style, d.style);
  assert.equal(v.head, d.head);
  assert.doesNotMatch(page, /<link\b|<iframe|<object|<embed|\bsrc=/i);
});

Deno.test("renderValidationHtml: bounded: errors first up to maxFindings, and said", async () => {
  const paths = Array.from(
    { length: 30 },
    (_, i) => `  /p${i}/{id}:\n    get:\n      responses:\n        "200":\n          description: OK\n`,
  ).join("");
  const html = await report(`openapi: 3.0.3\ninfo:\n  title: T\n  version: "1"\npaths:\n${paths}`, {
    maxFindings: 10,
  });
  const all = articles(html);
  assert.equal(all.length, 10);
  assert.ok(all.every((a) => a.attrs["data-severity"] === "ERROR"));
  assert.match(html, /<p class="note" id="omitted">This page shows 10 of 60 findings/);
  assert.match(html, /<td data-count="ERROR">30<\/td><td data-count="WARNING">30<\/td>/);
});

Deno.test("renderValidationManyHtml: a row per document (one not validated), their findings together, each file's lines", async () => {
  const [a, b] = await Promise.all([
    loadDocumentSet({ content: INVALID, name: "a.yaml" }),
    loadDocumentSet({ content: INVALID.replace("Unused", "Spare"), name: "b.yaml" }),
  ]);
  const entries: ManyEntry[] = [
    { input: "a.yaml", result: await validate(a, { sourceMap: true }) },
    { input: "b.yaml", result: await validate(b, { sourceMap: true }) },
  ];
  const failed = {
    ...entries[0].result,
    source: "c.yaml",
    valid: false,
    errors: [],
    warnings: [],
    errorCount: 1,
  };
  entries.push({ input: "c.yaml", result: failed, failure: "c.yaml <is> not YAML" });
  const html = renderValidationManyHtml(entries, { files: [...a.files, ...b.files] });
  assert.match(html, /<title>Validation: 3 documents<\/title>/);
  assert.match(html, /<td class="t">b\.yaml<\/td><td>✗ invalid<\/td><td>3\.0\.3<\/td><td>1<\/td><td>2<\/td>/);
  assert.match(html, /<td class="t">c\.yaml<\/td><td>not validated<\/td>/);
  assert.match(html, /c\.yaml &lt;is&gt; not YAML/);
  const unused = articles(html).filter((x) => x.attrs["data-rule"] === "component-unused");
  assert.deepEqual(unused.map((x) => /<h4>([^<]*)<\/h4>/.exec(x.inner)![1]), ["a.yaml:13", "b.yaml:13"]);
  assertAt(unused[1].inner, 13, "    Spare:");
  assert.match(html, /<section class="group" id="file-2"><h3>b\.yaml /);
});

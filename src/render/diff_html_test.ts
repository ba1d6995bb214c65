import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { loadDocumentSet } from "../core/mod.ts";
import { diff } from "../differ/mod.ts";
import { withTempDir } from "../../tests/_spawn.ts";
import { type DiffHtmlOptions, renderDiffHtml } from "./diff_html.ts";

/** The html report of two documents given as text, with both documents' lines. */
async function report(a: string, b: string, options: DiffHtmlOptions = {}): Promise<string> {
  const [source, target] = await Promise.all([
    loadDocumentSet({ content: a }),
    loadDocumentSet({ content: b }),
  ]);
  return renderDiffHtml(await diff(source, target), { source, target, ...options });
}

const doc = (paths: string, info = `title: T\n  version: "1"`) =>
  `openapi: 3.1.0\ninfo:\n  ${info}\npaths:\n${paths}`;
const op = (path: string, extra = "") =>
  `  ${
    JSON.stringify(path)
  }:\n    get:\n${extra}      responses:\n        "200":\n          description: OK\n`;

/** Every change element of a page: its severity, anchor and whether it starts hidden. */
function articles(html: string): { severity: string; id: string; tag: string }[] {
  return [...html.matchAll(/<article\b[^>]*>/g)].map((m) => ({
    severity: /data-severity="([A-Z]+)"/.exec(m[0])![1],
    id: /\bid="([^"]+)"/.exec(m[0])![1],
    tag: m[0],
  }));
}

/** Asserts that `html` has `fragment`, as written. */
function assertHas(html: string, fragment: string): void {
  assert.ok(html.includes(fragment), `no ${fragment} in ${html}`);
}

/** The change element whose text includes `text`. */
function articleWith(html: string, text: string): string {
  const found = html.split("<article").slice(1).map((part) => part.slice(0, part.indexOf("</article>")))
    .find((part) => part.includes(text));
  assert.ok(found !== undefined, `no change with ${text}`);
  return found;
}

const HOSTILE = [
  `</script><script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `"><svg onload=alert(1)>`,
  `' onmouseover='alert(1)`,
  `\u202egnp.exe`,
  `\x1b[2Jcleared`,
];

Deno.test("renderDiffHtml: document texts (descriptions, paths, values, names) never appear unescaped", async () => {
  const a = doc(
    op(`/a/${HOSTILE[1]}`, `      summary: plain\n`),
    `title: T\n  version: "1"\n  description: plain`,
  );
  const b = doc(
    op(`/a/${HOSTILE[1]}`, `      summary: ${JSON.stringify(HOSTILE.join(" "))}\n`) +
      op(`/b/${HOSTILE[2]}`, `      operationId: ${JSON.stringify(HOSTILE[3])}\n`),
    `title: T\n  version: "1"\n  description: ${JSON.stringify(HOSTILE[0])}`,
  );
  const html = await report(a, b);
  assert.ok(articles(html).length >= 3);
  // The page's own script and nothing else; no element a document could have brought.
  assert.equal(html.match(/<script\b/gi)?.length, 1);
  assert.equal(html.match(/<\/script/gi)?.length, 1);
  assert.doesNotMatch(html, /<img|<svg|' onmouseover='/i);
  assert.ok(
    !html.includes("\u202e") && !html.includes("\x1b"),
    "controls and bidi overrides are shown as escapes",
  );
  assert.ok(html.includes("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.ok(html.includes("&#39; onmouseover=&#39;alert(1)"));
  assert.ok(html.includes("\\u202egnp.exe") && html.includes("\\u001b[2Jcleared"));
});

Deno.test("renderDiffHtml: self-contained; its Content-Security-Policy allows its own style and script by hash", async () => {
  const html = await report(doc(op("/a") + op("/b")), doc(op("/a")));
  assert.doesNotMatch(html, /<link\b|<iframe|<object|<embed|\bsrc=|https?:\/\//i);
  for (const m of html.matchAll(/\bhref="([^"]*)"/g)) assert.match(m[1], /^#[a-z0-9-]+$/);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1].replaceAll(
    "&#39;",
    "'",
  );
  assert.match(csp, /^default-src 'none'; /);
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const script = /<script>([\s\S]*)<\/script>/.exec(html)![1];
  const style = /<style>([\s\S]*)<\/style>/.exec(html)![1];
  assert.ok(csp.includes(`script-src ${hash(script)}`), csp);
  assert.ok(csp.includes(`style-src ${hash(style)}`), csp);
  assert.doesNotMatch(style, /@import|url\(/);
});

Deno.test("renderDiffHtml: without scripts every change shows and the filter bar stays hidden", async () => {
  const html = await report(
    doc(op("/a", "      operationId: x\n") + op("/b")),
    doc(op("/a", "      operationId: y\n") + op("/c")),
  );
  const all = articles(html);
  assert.deepEqual(all.map((a) => a.severity).sort(), ["CRITICAL", "INFO", "WARNING"]);
  for (const a of all) assert.doesNotMatch(a.tag, /\bhidden\b/);
  assert.match(html, /<form id="filters" hidden>/);
  assert.match(html, /<p class="note" id="nofilter">Every change is shown/);
  // Breaking first, every change an anchor, the breaking index linking to it.
  assert.equal(all[0].severity, "CRITICAL");
  assert.deepEqual(all.map((a) => a.id), ["change-1", "change-2", "change-3"]);
  assert.match(html, /<li data-severity="CRITICAL">.*<a href="#change-1">GET \/b<\/a>/);
  assert.match(
    html,
    /<td data-count="CRITICAL">1<\/td><td data-count="ERROR">0<\/td><td data-count="WARNING">1<\/td>/,
  );
});

Deno.test("renderDiffHtml: old and new lines with their numbers, an endpoint under a renamed template found", async () => {
  const a = doc(op("/users/{id}", `      summary: old words\n`));
  const b = doc(op("/other") + op("/users/{userId}", `      summary: new words\n`));
  const html = await report(a, b);
  const changed = articleWith(html, "[operation-summary-changed]");
  // Source: "get:" at line 7; target: line 12; each with the place's line marked and three lines around it.
  assert.match(changed, /<h4>source: [^<]*:7<\/h4>/);
  assert.match(changed, /<h4>target: [^<]*:12<\/h4>/);
  assertHas(changed, `<tr class="at"><td class="n">7</td><td class="t">    get:</td></tr>`);
  assertHas(changed, `<td class="n">8</td><td class="t">      summary: old words</td>`);
  assertHas(changed, `<td class="n">13</td><td class="t">      summary: new words</td>`);
  assert.equal([...changed.matchAll(/<td class="n">/g)].length, 14);
  // An added endpoint has no place in the source: its nearest parent is shown, and said to be.
  const added = articleWith(html, "GET /other");
  assert.match(
    added,
    /<h4>source: [^<]*:5 <span class="note">\(not in the source; its nearest existing parent\)/,
  );
});

Deno.test("renderDiffHtml: bounded: the most severe changes first up to maxChanges, long lines cut, and said", async () => {
  let a = "";
  let b = "";
  for (let i = 0; i < 60; i++) a += op(`/gone/${i}`);
  for (let i = 0; i < 60; i++) b += op(`/new/${i}`);
  const long = "x".repeat(5_000);
  const html = await report(doc(a), doc(b, `title: T\n  version: "1"\n  description: ${long}`), {
    maxChanges: 50,
    maxLineChars: 80,
  });
  const all = articles(html);
  assert.equal(all.length, 50);
  assert.ok(all.every((x) => x.severity === "CRITICAL"), "the removals (breaking) come before the additions");
  assert.match(
    html,
    /<p class="note" id="omitted">This page shows 50 of 121 changes \(the most severe first; at most 50,/,
  );
  for (const m of html.matchAll(/<td class="t">([^<]*)<\/td>/g)) assert.ok(m[1].length <= 80, m[1]);
  assert.ok(html.length < 200_000, `${html.length} characters`);
});

Deno.test("renderDiffHtml: a change in a referenced file shows that file's lines on both sides", async () => {
  await withTempDir(async (dir) => {
    const root = doc(
      `  /pets:\n    get:\n      responses:\n        "200":\n          description: OK\n          content:\n` +
        `            application/json:\n              schema:\n                $ref: schemas/pet.yaml\n`,
    );
    for (const [side, type] of [["a", "string"], ["b", "integer"]]) {
      await Deno.mkdir(join(dir, side, "schemas"), { recursive: true });
      await Deno.writeTextFile(join(dir, side, "openapi.yaml"), root);
      await Deno.writeTextFile(
        join(dir, side, "schemas", "pet.yaml"),
        `type: object\nproperties:\n  name:\n    type: ${type}\n`,
      );
    }
    const [source, target] = await Promise.all(
      ["a", "b"].map((s) => loadDocumentSet(join(dir, s, "openapi.yaml"))),
    );
    const html = renderDiffHtml(await diff(source, target), { source, target });
    assert.match(html, /<h4>source: [^<]*pet\.yaml:3<\/h4>/);
    assert.match(html, /<h4>target: [^<]*pet\.yaml:3<\/h4>/);
    assertHas(html, `<td class="n">4</td><td class="t">    type: string</td>`);
    assertHas(html, `<td class="n">4</td><td class="t">    type: integer</td>`);
  });
});

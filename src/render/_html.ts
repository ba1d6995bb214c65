/**
 * The one HTML shell of oatool's pages (diff's and validate's reports, the graph): escaping of document text,
 * the shared style sheet and script (constants: no document text ever goes into them), the code frame of a
 * place, and {@link htmlPage}, which puts a page's body in one self-contained document whose
 * Content-Security-Policy allows exactly its style sheet and script by their hashes, so that the page loads
 * nothing from anywhere and runs no other script.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { escapeText } from "./escape.ts";

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text for HTML content or a quoted attribute value: control characters, line separators and bidirectional
 * overrides shown as escapes (`\u202e`, as in every report), then `& < > " '` as character references. A
 * document's `</script>` or `<img onerror=…>` arrives as text.
 *
 * @example
 * ```ts
 * import { escapeHtml } from "./_html.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(escapeHtml(`<img src=x onerror="alert(1)">`), "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
 * ```
 */
export function escapeHtml(text: string): string {
  return escapeText(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The page's style sheet. */
export const REPORT_STYLE = `
:root { color-scheme: light; --line: #d0d7de; --muted: #57606a; --focus: #fff8c5; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1180px; padding: 16px 20px 40px;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 22px; margin: 4px 0 8px; }
h2 { font-size: 18px; margin: 24px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; font-family: ui-monospace, monospace; }
h4 { font-size: 12px; margin: 0; padding: 3px 8px; background: #f6f8fa; border-bottom: 1px solid var(--line);
  font-weight: 600; font-family: ui-monospace, monospace; word-break: break-all; }
[hidden] { display: none !important; }
.documents { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 10px; }
.documents dt { color: var(--muted); }
.documents dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-all; }
.verdict { font-weight: 600; font-size: 16px; margin: 8px 0; }
.verdict.breaking { color: #cf222e; }
.verdict.ok { color: #1a7f37; }
table.counts { border-collapse: collapse; margin: 6px 0; }
table.counts th, table.counts td { border: 1px solid var(--line); padding: 3px 10px; text-align: right; }
.note { color: var(--muted); margin: 6px 0; }
#filters { position: sticky; top: 0; background: #fff; padding: 8px 0; border-bottom: 1px solid var(--line);
  z-index: 1; }
#filters label { margin-right: 14px; white-space: nowrap; }
.badge { display: inline-block; min-width: 70px; text-align: center; border-radius: 10px; padding: 0 8px;
  font-size: 12px; font-weight: 600; color: #fff; }
.sev-CRITICAL .badge, .badge.sev-CRITICAL { background: #82071e; }
.sev-ERROR .badge, .badge.sev-ERROR { background: #cf222e; }
.sev-WARNING .badge, .badge.sev-WARNING { background: #9a6700; }
.sev-INFO .badge, .badge.sev-INFO { background: #6e7781; }
ol.index li { margin: 2px 0; }
article { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; overflow: hidden; }
article.sev-CRITICAL, article.sev-ERROR { border-left: 4px solid #cf222e; }
article.sev-WARNING { border-left: 4px solid #bf8700; }
article:target { outline: 2px solid #0969da; }
article > header { padding: 6px 10px; }
table.counts .t { text-align: left; font-family: ui-monospace, monospace; word-break: break-all; }
h3 .note { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-weight: normal; }
#filters select { font: inherit; margin-right: 14px; max-width: 320px; }
.hint { margin-top: 2px; }
.spec { font-size: 12px; }
.frame { border-top: 1px solid var(--line); }
.frame .absent { padding: 6px 8px; color: var(--muted); font-style: italic; margin: 0; }
.check { font-family: ui-monospace, monospace; color: var(--muted); }
.anchor { color: var(--muted); text-decoration: none; margin-left: 4px; }
.place, .values { font-family: ui-monospace, monospace; font-size: 12px; color: var(--muted); word-break: break-all; }
.panes { display: grid; grid-template-columns: 1fr 1fr; border-top: 1px solid var(--line); }
.pane { min-width: 0; }
.pane + .pane { border-left: 1px solid var(--line); }
.pane .absent { padding: 6px 8px; color: var(--muted); font-style: italic; margin: 0; }
table.code { border-collapse: collapse; width: 100%; font: 12px/1.4 ui-monospace, monospace; }
table.code td { padding: 0 6px; vertical-align: top; }
table.code td.n { width: 1%; text-align: right; color: var(--muted); user-select: none; }
table.code td.t { white-space: pre-wrap; word-break: break-all; }
table.code tr.at { background: var(--focus); }
`;

/**
 * The shared script: the filter bar of a report (`form#filters`). Reads what to show from the address
 * (`?show=ERROR,WARNING&rule=ref-resolves&group=location`, or the same after `#`), hides the items
 * (`[data-severity]`, with `data-rule` when the bar has a rule menu) of the other severities and rules and the
 * groups left empty, counts the articles shown, regroups the articles when the bar has a grouping switch
 * (`input[name=group]`; each article names its group of each grouping in `data-group-<grouping>` and its place in
 * it in `data-order-<grouping>`), and keeps the address in step. Without scripts the page shows everything, grouped
 * the first way, and keeps the bar hidden. A page without the bar runs none of it.
 */
export const REPORT_SCRIPT = `
(() => {
  const form = document.getElementById("filters");
  if (form === null) return;
  const boxes = Array.from(form.querySelectorAll("input[data-severity]"));
  const rule = form.querySelector("select[name=rule]");
  const groupings = Array.from(form.querySelectorAll("input[name=group]"));
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const asked = (key) => query.get(key) ?? hash.get(key);
  const show = asked("show");
  if (show !== null) {
    const wanted = new Set(show.toUpperCase().split(","));
    for (const box of boxes) box.checked = wanted.has(box.dataset.severity);
  }
  const ruleAsked = asked("rule");
  if (rule !== null && ruleAsked !== null && Array.from(rule.options).some((o) => o.value === ruleAsked)) {
    rule.value = ruleAsked;
  }
  const groupAsked = asked("group");
  if (groupings.some((g) => g.value === groupAsked)) for (const g of groupings) g.checked = g.value === groupAsked;
  const regroup = () => {
    const by = (groupings.find((g) => g.checked) ?? groupings[0])?.value;
    if (by === undefined) return;
    for (const view of document.querySelectorAll("[data-grouping]")) view.hidden = view.dataset.grouping !== by;
    const order = (a) => Number(a.getAttribute("data-order-" + by));
    const items = Array.from(document.querySelectorAll("article[data-group-" + by + "]"));
    items.sort((a, b) => order(a) - order(b));
    for (const item of items) document.getElementById(item.getAttribute("data-group-" + by))?.append(item);
    document.body.dataset.group = by;
  };
  const apply = () => {
    const on = new Set(boxes.filter((b) => b.checked).map((b) => b.dataset.severity));
    const only = rule === null ? "" : rule.value;
    let shown = 0;
    for (const el of document.querySelectorAll("[data-severity]:not(input)")) {
      el.hidden = !on.has(el.dataset.severity) || (only !== "" && el.dataset.rule !== only);
      if (!el.hidden && el.tagName === "ARTICLE") shown++;
    }
    for (const group of document.querySelectorAll(".group, .index-section")) {
      group.hidden = group.querySelector("[data-severity]:not([hidden])") === null;
    }
    document.getElementById("shown").textContent = String(shown);
    document.body.dataset.show = Array.from(on).join(",");
    if (rule !== null) document.body.dataset.rule = only;
  };
  form.addEventListener("change", (event) => {
    if (groupings.includes(event.target)) regroup();
    apply();
    try {
      const url = new URL(location.href);
      url.searchParams.set("show", document.body.dataset.show);
      if (rule !== null) {
        if (rule.value === "") url.searchParams.delete("rule");
        else url.searchParams.set("rule", rule.value);
      }
      if (groupings.length > 0) url.searchParams.set("group", document.body.dataset.group);
      history.replaceState(null, "", url);
    } catch (_) { /* an address that cannot change (some file: pages) keeps its old filter */ }
  });
  form.hidden = false;
  document.getElementById("nofilter").hidden = true;
  regroup();
  apply();
})();
`;

/** One line of a code frame. */
export interface CodeLine {
  /** 1-based line number. */
  n: number;
  /** The line's text (document text: escaped here). */
  text: string;
  /** Whether this is the line of the place (highlighted). */
  at: boolean;
}

/** A code frame: the lines as a table of line numbers and texts, the place's line highlighted (`tr.at`). */
export function codeTable(lines: readonly CodeLine[]): string {
  let rows = "";
  for (const l of lines) {
    rows += `<tr${l.at ? ` class="at"` : ""}><td class="n">${l.n}</td><td class="t">${
      escapeHtml(l.text)
    }</td></tr>`;
  }
  return `<table class="code">${rows}</table>`;
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/** A page for {@link htmlPage}: its title, its body, and what it adds to the shared style sheet and script. */
export interface HtmlPage {
  /** The page's title: text (escaped here). */
  title: string;
  /** The body's markup, every document text in it escaped by its maker ({@link escapeHtml}). */
  body: string;
  /** Style rules of this page, after the shared sheet: a constant (no document text ever goes into it). */
  style?: string;
  /** Script of this page, run after the shared one in the same element: a constant, like `style`. */
  script?: string;
}

/**
 * The Content-Security-Policy of a page whose one style sheet and one script are `style` and `script`: nothing
 * loads from anywhere; those two run, allowed by their SHA-256 (so markup that escaped escaping still could not
 * run a script).
 */
export function reportCsp(style: string, script: string): string {
  return `default-src 'none'; style-src 'sha256-${sha256(style)}'; script-src 'sha256-${
    sha256(script)
  }'; base-uri 'none'; form-action 'none'`;
}

/**
 * The one shell of every HTML page oatool writes (diff's and validate's reports, the graph): a self-contained
 * document with one style sheet ({@link REPORT_STYLE} and the page's own rules), one script ({@link
 * REPORT_SCRIPT} and the page's own) and a Content-Security-Policy allowing exactly those two by hash.
 *
 * @example
 * ```ts
 * import { escapeHtml, htmlPage } from "./_html.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const page = htmlPage({ title: "<T>", body: `<p>${escapeHtml("a < b")}</p>` });
 * assertEquals(page.includes("<title>&lt;T&gt;</title>") && page.includes("<p>a &lt; b</p>"), true);
 * ```
 */
export function htmlPage(page: HtmlPage): string {
  const style = page.style === undefined ? REPORT_STYLE : REPORT_STYLE + page.style;
  const script = page.script === undefined ? REPORT_SCRIPT : REPORT_SCRIPT + page.script;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(reportCsp(style, script))}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${style}</style>
</head>
<body>
${page.body}<script>${script}</script>
</body>
</html>
`;
}

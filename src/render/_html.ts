/**
 * The parts of a self-contained HTML report: escaping of document text, the page's one style sheet and one
 * script (constants: no document text ever goes into them), and a Content-Security-Policy that allows exactly
 * those two by their hashes, so that the page loads nothing from anywhere and runs no other script.
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
article.change { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; overflow: hidden; }
article.change.sev-CRITICAL, article.change.sev-ERROR { border-left: 4px solid #cf222e; }
article.change.sev-WARNING { border-left: 4px solid #bf8700; }
article.change:target { outline: 2px solid #0969da; }
article.change > header { padding: 6px 10px; }
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
 * The page's script: reads the severities to show from the address (`?show=ERROR,WARNING`, or `#show=…`),
 * hides the changes (and the groups and index entries) of the others, counts what is shown, and keeps the
 * address in step with the checkboxes. Without it the page shows every change and no filter.
 */
export const REPORT_SCRIPT = `
(() => {
  const form = document.getElementById("filters");
  const boxes = Array.from(form.querySelectorAll("input[data-severity]"));
  const hash = /(?:^#|&)show=([^&]*)/.exec(location.hash);
  const asked = new URLSearchParams(location.search).get("show") ?? (hash ? decodeURIComponent(hash[1]) : null);
  if (asked !== null) {
    const wanted = new Set(asked.toUpperCase().split(","));
    for (const box of boxes) box.checked = wanted.has(box.dataset.severity);
  }
  const apply = () => {
    const on = new Set(boxes.filter((b) => b.checked).map((b) => b.dataset.severity));
    let shown = 0;
    for (const el of document.querySelectorAll("[data-severity]:not(input)")) {
      el.hidden = !on.has(el.dataset.severity);
      if (!el.hidden && el.classList.contains("change")) shown++;
    }
    for (const group of document.querySelectorAll(".group, .index-section")) {
      group.hidden = group.querySelector("[data-severity]:not([hidden])") === null;
    }
    document.getElementById("shown").textContent = String(shown);
    document.body.dataset.show = Array.from(on).join(",");
  };
  form.addEventListener("change", () => {
    apply();
    try {
      const url = new URL(location.href);
      url.searchParams.set("show", document.body.dataset.show);
      history.replaceState(null, "", url);
    } catch (_) { /* an address that cannot change (some file: pages) keeps its old filter */ }
  });
  form.hidden = false;
  document.getElementById("nofilter").hidden = true;
  apply();
})();
`;

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/**
 * The page's Content-Security-Policy: nothing loads from anywhere; the one style sheet and the one script run,
 * allowed by their SHA-256 (so markup that escaped escaping still could not run a script).
 */
export const REPORT_CSP = `default-src 'none'; style-src 'sha256-${
  sha256(REPORT_STYLE)
}'; script-src 'sha256-${sha256(REPORT_SCRIPT)}'; base-uri 'none'; form-action 'none'`;

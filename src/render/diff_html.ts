/**
 * The diff result as one self-contained HTML page for review in a browser: a summary (both documents, counts by
 * severity, the verdict), an index of the breaking changes, then every change grouped by endpoint (the most
 * severe first), each with an anchor and the lines of both documents around it. Severity filters run in a small
 * inline script; without scripts the page shows every change. Nothing is loaded from anywhere (a
 * Content-Security-Policy says so), every document text is escaped, and the page is bounded.
 *
 * @module
 */
import { reportedFindings } from "../core/finding_limits.ts";
import { formatCount, shorten } from "../core/bounded_text.ts";
import { formatPosition, getAt } from "../core/mod.ts";
import type { Change, DiffResult, DiffSeverity } from "../differ/mod.ts";
import { DIFF_SEVERITIES, isBreaking, severityRank, toDiffSeverity } from "../differ/mod.ts";
import type { DiffReportOptions } from "./diff.ts";
import { codeTable, escapeHtml, htmlPage } from "./_html.ts";
import { type Excerpt, type ExcerptBounds, type ExcerptSide, SideExcerpts } from "./_html_excerpt.ts";

export type { ExcerptSide as DiffHtmlSide } from "./_html_excerpt.ts";

/** Changes the page shows at most, by default (the most severe first; the rest are counted). */
const DEFAULT_HTML_MAX_CHANGES = 500;

/** Options of {@link renderDiffHtml}. */
export interface DiffHtmlOptions extends DiffReportOptions {
  /** The source's files (its `DocumentSet`), for the old lines. Without it the page shows no old lines. */
  source?: ExcerptSide;
  /** The target's files (its `DocumentSet`), for the new lines. */
  target?: ExcerptSide;
  /** Changes shown at most, the most severe first (1 to 10,000). @default 500 */
  maxChanges?: number;
  /** Lines shown before and after each change's line (0 to 20). @default 3 */
  context?: number;
  /** Characters shown of one line (40 to 1,000). @default 160 */
  maxLineChars?: number;
}

const clamp = (value: number | undefined, fallback: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.floor(value ?? fallback)));

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
}

/** A small value as compact JSON, shortened. */
function valueText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return shorten(text, 200);
}

/** The heading of a change's group: its endpoint, or what it concerns when it has none. */
function groupOf(c: Change): string {
  return c.endpoint ??
    `${c.category[0].toUpperCase()}${c.category.slice(1).replaceAll("-", " ")} (no endpoint)`;
}

function badge(severity: DiffSeverity): string {
  return `<span class="badge sev-${severity}">${severity}</span>`;
}

function documentRow(what: string, name: string, oas: string, root: unknown): string {
  const version = getAt(root, ["info", "version"]);
  const api = typeof version === "string" || typeof version === "number"
    ? `, info.version ${escapeHtml(String(version))}`
    : "";
  return `<dt>${what}</dt><dd>${escapeHtml(name)} <span class="note">(OpenAPI ${
    escapeHtml(oas)
  }${api})</span></dd>`;
}

function excerptPane(what: "source" | "target", excerpt: Excerpt | undefined, known: boolean): string {
  if (excerpt === undefined) {
    return `<div class="pane ${what}"><h4>${what}</h4><p class="absent">${
      known ? "not found in this document" : "document text not given"
    }</p></div>`;
  }
  const where = `${escapeHtml(excerpt.file)}:${excerpt.line}`;
  const note = excerpt.exact
    ? ""
    : ` <span class="note">(not in the ${what}; its nearest existing parent)</span>`;
  return `<div class="pane ${what}"><h4>${what}: ${where}${note}</h4>${codeTable(excerpt.lines)}</div>`;
}

interface Rendered {
  change: Change;
  anchor: string;
}

function changeArticle(
  r: Rendered,
  sides: { s?: SideExcerpts; t?: SideExcerpts },
  bounds: ExcerptBounds,
): string {
  const c = r.change;
  const label = toDiffSeverity(c.severity);
  let out = `<article class="change sev-${label}" id="${r.anchor}" data-severity="${label}">`;
  out += `<header>${badge(label)} ${escapeHtml(c.message)} <span class="check">[${escapeHtml(c.id)}]</span>`;
  out += `<a class="anchor" href="#${r.anchor}" title="link to this change">#</a>`;
  const place = c.location === undefined ? "" : ` · ${escapeHtml(formatPosition(c.location))}`;
  out += `<div class="place">${escapeHtml(c.type)} · ${escapeHtml(c.path || "(root)")}${place}</div>`;
  if (c.old !== undefined || c.new !== undefined) {
    const old = c.old === undefined ? "—" : escapeHtml(valueText(c.old));
    const now = c.new === undefined ? "—" : escapeHtml(valueText(c.new));
    out += `<div class="values">old: ${old} → new: ${now}</div>`;
  }
  out += `</header>`;
  if (sides.s !== undefined || sides.t !== undefined) {
    out += `<div class="panes">${
      excerptPane("source", sides.s?.excerpt(c.pointer, bounds), sides.s !== undefined)
    }${excerptPane("target", sides.t?.excerpt(c.pointer, bounds), sides.t !== undefined)}</div>`;
  }
  return out + `</article>\n`;
}

/**
 * The result as one self-contained HTML page (see the module's description). The changes shown are the report's
 * ({@link DiffReportOptions.limits}), the most severe first, at most `maxChanges`; the page says how many it
 * left out. The severities to show can be set from the address: `report.html?show=ERROR,WARNING`.
 *
 * @example
 * ```ts
 * import { diff } from "@oatool/cli/differ";
 * import { renderDiffHtml } from "@oatool/cli/render";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const a = `{"openapi":"3.1.0","info":{"title":"A","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"OK"}}}}}}`;
 * const b = `{"openapi":"3.1.0","info":{"title":"A","version":"1"},"paths":{}}`;
 * const html = renderDiffHtml(await diff({ content: a }, { content: b }));
 * assertEquals(html.includes(`data-severity="ERROR"`), true);
 * ```
 */
export function renderDiffHtml(result: DiffResult, options: DiffHtmlOptions = {}): string {
  const bounds: ExcerptBounds = {
    context: clamp(options.context, 3, 0, 20),
    maxLineChars: clamp(options.maxLineChars, 160, 40, 1_000),
  };
  const maxChanges = clamp(options.maxChanges, DEFAULT_HTML_MAX_CHANGES, 1, 10_000);
  const sides = {
    s: options.source === undefined ? undefined : new SideExcerpts(options.source),
    t: options.target === undefined ? undefined : new SideExcerpts(options.target),
  };
  const { shown } = reportedFindings(result.changes, options.limits);
  const ordered = shown.map((change, i) => ({ change, i }))
    .sort((a, b) => severityRank(a.change.severity) - severityRank(b.change.severity) || a.i - b.i)
    .slice(0, maxChanges)
    .map(({ change }, i): Rendered => ({ change, anchor: `change-${i + 1}` }));
  const total = result.changes.length;
  const counts = new Map<DiffSeverity, number>(DIFF_SEVERITIES.map((s) => [s, 0]));
  for (const c of result.changes) {
    const label = toDiffSeverity(c.severity);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }

  let body = `<h1>API changes</h1>\n<dl class="documents">${
    documentRow("source", result.source, result.sourceVersion, sides.s?.rootDocument)
  }${documentRow("target", result.target, result.targetVersion, sides.t?.rootDocument)}</dl>\n`;
  body += result.hasBreakingChanges
    ? `<p class="verdict breaking" id="verdict">✗ ${plural(result.breakingCount, "breaking change")}</p>\n`
    : `<p class="verdict ok" id="verdict">✓ No breaking changes</p>\n`;
  body += `<table class="counts" id="counts"><tr><th>Total</th>${
    DIFF_SEVERITIES.map((s) => `<th>${s}</th>`).join("")
  }<th>Ignored</th></tr><tr><td>${formatCount(total)}</td>${
    DIFF_SEVERITIES.map((s) => `<td data-count="${s}">${formatCount(counts.get(s)!)}</td>`).join("")
  }<td>${formatCount(result.stats.ignoredCount)}</td></tr></table>\n`;
  if (ordered.length < total) {
    body += `<p class="note" id="omitted">This page shows ${formatCount(ordered.length)} of ${
      plural(total, "change")
    } (the most severe first; at most ${
      formatCount(maxChanges)
    }, ${bounds.context} lines of context and ${bounds.maxLineChars} characters a line). <code>oatool diff --format json</code> lists them all.</p>\n`;
  }
  body += `<form id="filters" hidden>Show: ${
    DIFF_SEVERITIES.map((s) =>
      `<label><input type="checkbox" data-severity="${s}" checked> ${badge(s)} ${
        formatCount(ordered.filter((r) => toDiffSeverity(r.change.severity) === s).length)
      }</label>`
    ).join("")
  } <span class="note">showing <b id="shown">${ordered.length}</b> of ${
    formatCount(ordered.length)
  }</span></form>\n`;
  body += `<p class="note" id="nofilter">Every change is shown (the severity filters need scripts).</p>\n`;

  const breaking = ordered.filter((r) => isBreaking(r.change.severity));
  if (breaking.length > 0) {
    body += `<section class="index-section" id="breaking"><h2>Breaking changes (${
      formatCount(breaking.length)
    })</h2><ol class="index">\n`;
    for (const r of breaking) {
      const label = toDiffSeverity(r.change.severity);
      body += `<li data-severity="${label}">${badge(label)} <a href="#${r.anchor}">${
        escapeHtml(r.change.endpoint ?? (r.change.path || "(root)"))
      }</a>: ${escapeHtml(r.change.message)}</li>\n`;
    }
    body += `</ol></section>\n`;
  }

  const groups = new Map<string, Rendered[]>();
  for (const r of ordered) {
    const key = groupOf(r.change);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [r]);
    else list.push(r);
  }
  body += `<h2>Changes by endpoint (${formatCount(groups.size)})</h2>\n`;
  let g = 0;
  for (const [name, list] of groups) {
    body += `<section class="group" id="group-${++g}"><h3>${escapeHtml(name)} <span class="note">(${
      plural(list.length, "change")
    })</span></h3>\n`;
    for (const r of list) body += changeArticle(r, sides, bounds);
    body += `</section>\n`;
  }
  if (total === 0) body += `<p>No changes.</p>\n`;

  return htmlPage({ title: `API changes: ${result.source} → ${result.target}`, body });
}

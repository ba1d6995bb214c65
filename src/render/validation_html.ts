/**
 * The validation result as one self-contained HTML page: a summary (the documents, counts by severity, the
 * verdict), then every finding grouped by rule or by location (a switch), each with its message, place, hint,
 * the link to its specification section and its code frame (the lines of its file around it, numbered, its line
 * highlighted). Filters by severity and rule and the grouping switch run in the shared inline script
 * (`_html.ts`); without scripts the page shows every finding grouped by rule. Nothing is loaded from anywhere,
 * every document text is escaped, and the page is bounded.
 *
 * @module
 */
import { formatCount } from "../core/bounded_text.ts";
import { type FindingLimits, reportedFindings } from "../core/finding_limits.ts";
import type { Finding, SourcePosition } from "../core/mod.ts";
import { INPUT_RULE, listRules, type ManyEntry, type ValidationResult } from "../validator/mod.ts";
import { codeTable, escapeHtml, htmlPage } from "./_html.ts";
import { type ExcerptBounds, type ExcerptFile, FileExcerpts } from "./_html_excerpt.ts";

export type { ExcerptFile } from "./_html_excerpt.ts";

/** Findings the page shows at most, by default (errors first; the rest are counted). */
const DEFAULT_HTML_MAX_FINDINGS = 500;

/** Severity words of the page, the most severe first. */
const LABELS = ["CRITICAL", "ERROR", "WARNING", "INFO"] as const;
type Label = typeof LABELS[number];

/** Options of {@link renderValidationHtml} and {@link renderValidationManyHtml}. */
export interface ValidationHtmlOptions {
  /**
   * The documents' files with their text, named as the findings' locations name them (a `DocumentSet`'s files
   * are), for the code frames; with several documents, a file may name its document. Without them the page
   * shows no lines.
   */
  files?: Iterable<ExcerptFile>;
  /** Which findings the report lists ({@link FindingLimits}), before `maxFindings`. */
  limits?: FindingLimits;
  /** Findings shown at most, errors first (1 to 10,000). @default 500 */
  maxFindings?: number;
  /** Lines shown before and after each finding's line (0 to 20). @default 3 */
  context?: number;
  /** Characters shown of one line (40 to 1,000). @default 160 */
  maxLineChars?: number;
}

/** One document of the summary. */
interface DocumentRow {
  source: string;
  version: string;
  valid: boolean;
  errorCount: number;
  warningCount: number;
  ignoredCount: number;
  failure?: string;
}

/** A finding of the page: the finding, its document, its label and anchor. */
interface Item {
  finding: Finding;
  document: string;
  label: Label;
  anchor: string;
}

const clamp = (value: number | undefined, fallback: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.floor(value ?? fallback)));

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
}

function badge(label: Label): string {
  return `<span class="badge sev-${label}">${label}</span>`;
}

const labelOf = (f: Finding): Label => f.severity.toUpperCase() as Label;
const ruleOf = (f: Finding): string => f.rule ?? "(no rule)";
/** The file a finding is in: its location's, else its document. */
const fileOf = (item: Item): string => item.finding.location?.file ?? item.document;

function placeText(at: SourcePosition): string {
  return `${at.file}:${at.line}:${at.column}`;
}

/** A link to the specification when it is one (http or https); any other text is shown, not linked. */
function specLinkHtml(link: string): string {
  const text = escapeHtml(link);
  return /^https?:\/\//i.test(link)
    ? `<div class="spec">spec: <a href="${text}" rel="noreferrer">${text}</a></div>`
    : `<div class="spec">spec: ${text}</div>`;
}

function frameHtml(item: Item, files: FileExcerpts | undefined, bounds: ExcerptBounds): string {
  const at = item.finding.location;
  if (at === undefined || files === undefined) return "";
  const excerpt = files.excerpt(at, bounds, item.document);
  if (excerpt === undefined) {
    return `<div class="frame"><p class="absent">the text of ${escapeHtml(at.file)} is not at hand</p></div>`;
  }
  return `<div class="frame"><h4>${escapeHtml(excerpt.file)}:${excerpt.line}</h4>${
    codeTable(excerpt.lines)
  }</div>`;
}

function articleHtml(
  item: Item,
  { groups, order }: {
    groups: { rule: string; location: string };
    order: { rule: number; location: number };
  },
  files: FileExcerpts | undefined,
  bounds: ExcerptBounds,
): string {
  const f = item.finding;
  const rule = escapeHtml(ruleOf(f));
  let out = `<article class="finding sev-${item.label}" id="${item.anchor}" data-severity="${item.label}" ` +
    `data-rule="${rule}" data-group-rule="${groups.rule}" data-order-rule="${order.rule}" ` +
    `data-group-location="${groups.location}" data-order-location="${order.location}">`;
  out += `<header>${badge(item.label)} ${escapeHtml(f.message)} <span class="check">[${rule}]</span>`;
  out += `<a class="anchor" href="#${item.anchor}" title="link to this finding">#</a>`;
  const place = f.location === undefined ? "" : ` · ${escapeHtml(placeText(f.location))}`;
  out += `<div class="place">${escapeHtml(f.path || "(root)")}${place}</div>`;
  if (f.hint) out += `<div class="hint">hint: ${escapeHtml(f.hint)}</div>`;
  if (f.specLink) out += specLinkHtml(f.specLink);
  out += `</header>${frameHtml(item, files, bounds)}</article>\n`;
  return out;
}

/** Items by a key, in the order the keys first appear. */
function groupBy(items: readonly Item[], key: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list === undefined) groups.set(k, [item]);
    else list.push(item);
  }
  return groups;
}

/** Where an article goes in either grouping: its group's id and its place among all the articles. */
interface Placement {
  groups: { rule: string; location: string };
  order: { rule: number; location: number };
}

/** The two groupings of the items: by rule (errors' rules first, then by id) and by file (in line order). */
function groupings(items: readonly Item[]) {
  const byRule = groupBy(
    [...items].sort((a, b) =>
      LABELS.indexOf(a.label) - LABELS.indexOf(b.label) || ruleOf(a.finding).localeCompare(ruleOf(b.finding))
    ),
    (item) => ruleOf(item.finding),
  );
  const byFile = groupBy(items, fileOf);
  const line = (item: Item) => item.finding.location?.line ?? Number.MAX_SAFE_INTEGER;
  const column = (item: Item) => item.finding.location?.column ?? 0;
  const placed = new Map<Item, Placement>(
    items.map((item) => [item, { groups: { rule: "", location: "" }, order: { rule: 0, location: 0 } }]),
  );
  let n = 0;
  for (const [i, list] of [...byRule.values()].entries()) {
    for (const item of list) {
      const p = placed.get(item)!;
      p.groups.rule = `rule-${i + 1}`;
      p.order.rule = n++;
    }
  }
  n = 0;
  for (const [i, list] of [...byFile.values()].entries()) {
    list.sort((a, b) => line(a) - line(b) || column(a) - column(b));
    for (const item of list) {
      const p = placed.get(item)!;
      p.groups.location = `file-${i + 1}`;
      p.order.location = n++;
    }
  }
  return { byRule, byFile, placed };
}

/** The documents' table, the verdict and the counts by severity (of every finding). */
function summaryHtml(documents: readonly DocumentRow[], counts: Map<Label, number>, labels: Label[]): string {
  let out = `<table class="counts" id="documents"><tr><th class="t">Document</th>` +
    `<th>Result</th><th>Version</th><th>Errors</th><th>Warnings</th></tr>\n`;
  for (const d of documents) {
    const result = d.failure !== undefined ? "not validated" : d.valid ? "✓ valid" : "✗ invalid";
    out +=
      `<tr><td class="t">${escapeHtml(d.source)}</td><td>${result}</td><td>${escapeHtml(d.version)}</td>` +
      `<td>${formatCount(d.errorCount)}</td><td>${formatCount(d.warningCount)}</td></tr>\n`;
    if (d.failure !== undefined) {
      out += `<tr><td colspan="5" class="t note">${escapeHtml(d.failure)}</td></tr>\n`;
    }
  }
  out += `</table>\n`;
  const noun = documents.length === 1
    ? escapeHtml(documents[0].source)
    : plural(documents.length, "document");
  const errors = counts.get("ERROR")! + counts.get("CRITICAL")!;
  out += documents.every((d) => d.valid)
    ? `<p class="verdict ok" id="verdict">✓ ${noun}: valid</p>\n`
    : `<p class="verdict breaking" id="verdict">✗ ${noun}: invalid (${plural(errors, "error")})</p>\n`;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const ignored = documents.reduce((n, d) => n + d.ignoredCount, 0);
  return out +
    `<table class="counts" id="counts"><tr><th>Total</th>${
      labels.map((l) => `<th>${l}</th>`).join("")
    }<th>Ignored</th></tr><tr><td>${formatCount(total)}</td>${
      labels.map((l) => `<td data-count="${l}">${formatCount(counts.get(l)!)}</td>`).join("")
    }<td>${formatCount(ignored)}</td></tr></table>\n`;
}

/** The filter bar (hidden until the script shows it): severities, the rule menu, the grouping switch. */
function filtersHtml(items: readonly Item[], labels: Label[], byRule: Map<string, Item[]>): string {
  const boxes = labels.map((l) =>
    `<label><input type="checkbox" data-severity="${l}" checked> ${badge(l)} ${
      formatCount(items.filter((i) => i.label === l).length)
    }</label>`
  );
  const options = [...byRule].map(([rule, list]) =>
    `<option value="${escapeHtml(rule)}">${escapeHtml(rule)} (${formatCount(list.length)})</option>`
  );
  return `<form id="filters" hidden>Show: ${boxes.join("")}<label>rule: <select name="rule">` +
    `<option value="">every rule (${formatCount(items.length)})</option>${
      options.join("")
    }</select></label>` +
    `group by: <label><input type="radio" name="group" value="rule" checked> rule</label>` +
    `<label><input type="radio" name="group" value="location"> location</label> ` +
    `<span class="note">showing <b id="shown">${items.length}</b> of ${
      formatCount(items.length)
    }</span></form>\n` +
    `<p class="note" id="nofilter">Every finding is shown, grouped by rule (the filters need scripts).</p>\n`;
}

/** The page over some documents and their findings (errors first, each document's in document order). */
function page(
  title: string,
  documents: readonly DocumentRow[],
  all: readonly { finding: Finding; document: string }[],
  options: ValidationHtmlOptions,
): string {
  const bounds: ExcerptBounds = {
    context: clamp(options.context, 3, 0, 20),
    maxLineChars: clamp(options.maxLineChars, 160, 40, 1_000),
  };
  const maxFindings = clamp(options.maxFindings, DEFAULT_HTML_MAX_FINDINGS, 1, 10_000);
  const files = options.files === undefined ? undefined : new FileExcerpts(options.files);
  const { shown } = reportedFindings(
    all.map((a) => ({ ...a.finding, document: a.document })),
    options.limits,
  );
  const items = shown
    .map((f, i) => ({ f, i }))
    .sort((a, b) => LABELS.indexOf(labelOf(a.f)) - LABELS.indexOf(labelOf(b.f)) || a.i - b.i)
    .slice(0, maxFindings)
    .map(({ f }, i): Item => {
      const { document, ...finding } = f;
      return { finding, document, label: labelOf(finding), anchor: `finding-${i + 1}` };
    });
  const counts = new Map<Label, number>(LABELS.map((l) => [l, 0]));
  for (const a of all) counts.set(labelOf(a.finding), counts.get(labelOf(a.finding))! + 1);
  const labels = LABELS.filter((l) => l === "ERROR" || l === "WARNING" || counts.get(l)! > 0);
  const { byRule, byFile, placed } = groupings(items);

  let body = `<h1>${escapeHtml(title)}</h1>\n${summaryHtml(documents, counts, labels)}`;
  if (items.length < all.length) {
    body +=
      `<p class="note" id="omitted">This page shows ${formatCount(items.length)} of ${
        plural(all.length, "finding")
      } (errors first; at most ${formatCount(maxFindings)}). <code>oatool validate --format json</code> ` +
      `lists them all.</p>\n`;
  }
  body += filtersHtml(items, labels, byRule);
  const rules = new Map(listRules().map((r) => [r.id, r.description]));
  rules.set(INPUT_RULE, "The document can be read and validated");
  body += `<div data-grouping="rule" id="by-rule"><h2>Findings by rule (${formatCount(byRule.size)})</h2>\n`;
  for (const [rule, list] of byRule) {
    const description = rules.get(rule);
    body += `<section class="group" id="${placed.get(list[0])!.groups.rule}"><h3>${escapeHtml(rule)} ` +
      `<span class="note">(${plural(list.length, "finding")}${
        description === undefined ? "" : `: ${escapeHtml(description)}`
      })</span></h3>\n`;
    for (const item of list) body += articleHtml(item, placed.get(item)!, files, bounds);
    body += `</section>\n`;
  }
  // The location grouping's sections start empty: the script moves the articles into them.
  body += `</div>\n<div data-grouping="location" id="by-location" hidden><h2>Findings by location (${
    plural(byFile.size, "file")
  })</h2>\n`;
  for (const [file, list] of byFile) {
    body += `<section class="group" id="${placed.get(list[0])!.groups.location}"><h3>${escapeHtml(file)} ` +
      `<span class="note">(${plural(list.length, "finding")})</span></h3>\n</section>\n`;
  }
  body += `</div>\n`;
  if (all.length === 0) body += `<p id="none">No findings.</p>\n`;
  return htmlPage({ title, body });
}

function documentRow(r: ValidationResult, failure?: string): DocumentRow {
  const row: DocumentRow = {
    source: r.source,
    version: r.version,
    valid: r.valid,
    errorCount: r.errorCount,
    warningCount: r.warningCount,
    ignoredCount: r.ignoredCount ?? 0,
  };
  if (failure !== undefined) row.failure = failure;
  return row;
}

const findingsOf = (r: ValidationResult) =>
  [...r.errors, ...r.warnings].map((finding) => ({ finding, document: r.source }));

/**
 * The result as one self-contained HTML page (see the module's description). The findings shown are the
 * report's ({@link ValidationHtmlOptions.limits}), errors first, at most `maxFindings`; the page says how many it
 * left out. The address can set the filters: `report.html?show=ERROR&rule=ref-resolves&group=location`.
 *
 * @example
 * ```ts
 * import { validate } from "@oatool/cli/validator";
 * import { renderValidationHtml } from "@oatool/cli/render";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const text = `{"openapi":"3.1.0","info":{"title":"A"},"paths":{}}`;
 * const html = renderValidationHtml(await validate({ content: text }, { sourceMap: true }));
 * assertEquals(html.includes(`data-severity="ERROR"`), true);
 * ```
 */
export function renderValidationHtml(result: ValidationResult, options: ValidationHtmlOptions = {}): string {
  return page(`Validation: ${result.source}`, [documentRow(result)], findingsOf(result), options);
}

/** The results of several documents (`validateMany`) as one page: a row per document, their findings together. */
export function renderValidationManyHtml(
  entries: readonly ManyEntry[],
  options: ValidationHtmlOptions = {},
): string {
  return page(
    `Validation: ${plural(entries.length, "document")}`,
    entries.map((e) => documentRow(e.result, e.failure)),
    entries.flatMap((e) => findingsOf(e.result)),
    options,
  );
}

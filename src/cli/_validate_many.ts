/**
 * `oatool validate` with several documents: validated in parallel (`--jobs`), one merged report in every format
 * with a summary line per document, one exit code (the worst).
 *
 * @module
 */
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { VERSION } from "../core/build_info.ts";
import type { Finding } from "../core/mod.ts";
import { formatDuration, type Style } from "../render/report.ts";
import { renderReport } from "../render/format.ts";
import { fileOf, type FindingReport, type ReportFinding, type ReportFormat } from "../render/contract.ts";
import { renderJunit } from "../render/junit.ts";
import { renderSarif } from "../render/sarif.ts";
import { mdCell, renderMarkdown } from "../render/markdown.ts";
import { escapeText } from "../render/escape.ts";
import { renderFindingList } from "../render/findings.ts";
import type { IgnoreEntry } from "../config/mod.ts";
import { INPUT_RULE, listRules, type ManyEntry, type ValidationResult } from "../validator/mod.ts";
import type { ExcerptFile } from "../render/validation_html.ts";
import type { DocumentReader } from "../core/mod.ts";

/** Counts of a word: `1 error`, `2 errors`. */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The summary line of one document: `✓ a.yaml: valid (OpenAPI 3.1.0, 0 errors, 2 warnings)`. */
export function documentLine(entry: ManyEntry, style: Style): string {
  const r = entry.result;
  const name = escapeText(r.source);
  if (entry.failure !== undefined) return style.red(`✗ ${name}: not validated`);
  const counts = `OpenAPI ${escapeText(r.version)}, ${plural(r.errorCount, "error")}, ${
    plural(r.warningCount, "warning")
  }`;
  return r.valid ? style.green(`✓ ${name}: valid (${counts})`) : style.red(`✗ ${name}: invalid (${counts})`);
}

/** The sentence that ends the merged report. */
function closing(entries: readonly ManyEntry[]): string {
  const valid = entries.filter((e) => e.result.valid).length;
  const failed = entries.filter((e) => e.failure !== undefined).length;
  const errors = entries.reduce((n, e) => n + e.result.errorCount, 0);
  const warnings = entries.reduce((n, e) => n + e.result.warningCount, 0);
  return `${plural(entries.length, "document")}: ${valid} valid, ${entries.length - valid} invalid` +
    `${failed > 0 ? ` (${failed} not validated)` : ""}; ${plural(errors, "error")}, ${
      plural(warnings, "warning")
    }.`;
}

/** The findings of a document, each naming the document, and its file when it has no position. */
function documentFindings(r: ValidationResult): ReportFinding[] {
  return [...r.errors, ...r.warnings].map((f: Finding) =>
    f.location === undefined ? { ...f, file: r.source, document: r.source } : { ...f, document: r.source }
  );
}

/** The documents' results as one report of the report contract: every finding, each document in `fields`. */
export function mergedReport(entries: readonly ManyEntry[]): FindingReport {
  const rules = new Map(listRules().map((r) => [r.id, r.description]));
  rules.set(INPUT_RULE, "The document can be read and validated");
  return {
    findings: entries.flatMap((e) => documentFindings(e.result)),
    summary: {
      command: "validate",
      source: plural(entries.length, "document"),
      ok: entries.every((e) => e.result.valid),
      message: closing(entries),
      fields: {
        valid: entries.every((e) => e.result.valid),
        documents: entries.map((e) => ({
          source: e.result.source,
          valid: e.result.valid,
          version: e.result.version,
          errorCount: e.result.errorCount,
          warningCount: e.result.warningCount,
          ...(e.failure === undefined ? {} : { failure: e.failure }),
        })),
      },
      rules,
    },
  };
}

/** The text report: each document's line and findings, then the closing sentence. */
function renderManyText(entries: readonly ManyEntry[], style: Style): string {
  let out = "";
  for (const e of entries) {
    out += documentLine(e, style) + "\n";
    out += renderFindingList([...e.result.errors, ...e.result.warnings], {
      severity: true,
      rule: true,
      style,
    });
  }
  const ok = entries.every((e) => e.result.valid);
  const line = escapeText(closing(entries));
  return out + "\n" + (ok ? style.green(`✓ ${line}`) : style.red(`✗ ${line}`)) + "\n";
}

/** Markdown: a table of the documents, then the findings in a table per file. */
function renderManyMarkdown(report: FindingReport, entries: readonly ManyEntry[]): string {
  const counts = new Map<string, number>();
  for (const f of report.findings) {
    counts.set(fileOf(f, report.summary), (counts.get(fileOf(f, report.summary)) ?? 0) + 1);
  }
  const out = renderMarkdown(report, {
    heading: `oatool validate: ${mdCell(report.summary.source)}`,
    sections: (shown) =>
      [...counts.keys()].map((file) => ({
        title: mdCell(file),
        count: counts.get(file)!,
        findings: shown.filter((f) => fileOf(f, report.summary) === file),
      })),
  });
  const rows = entries.map((e) => {
    const r = e.result;
    const status = e.failure !== undefined ? "not validated" : r.valid ? "valid" : "invalid";
    return `| ${mdCell(r.source)} | ${status} | ${mdCell(r.version)} | ${r.errorCount} | ${r.warningCount} |`;
  });
  return `${out}\n### Documents (${entries.length})\n\n| Document | Result | Version | Errors | Warnings |\n` +
    `|---|---|---|---:|---:|\n${rows.join("\n")}\n`;
}

/** Files the HTML page shows lines of at most (each once; the findings shown are bounded too). */
const MAX_HTML_FILES = 1_000;

/**
 * Where a file a document's finding names may be: a document's files are named from the working directory when
 * below it, else from the document's folder (as the loader names them), so a bare name is tried from the
 * document's folder first when that folder is outside the working directory.
 */
function candidates(file: string, document: string, cwd: string): string[] {
  if (file === document || isAbsolute(file)) return [resolve(cwd, file)];
  const folder = dirname(resolve(cwd, document));
  const outside = relative(cwd, folder).startsWith("..") || isAbsolute(relative(cwd, folder));
  if (file.startsWith("..")) return [resolve(folder, file)];
  return outside ? [resolve(folder, file), resolve(cwd, file)] : [resolve(cwd, file)];
}

/**
 * The text of the local files the documents' findings are in, for the HTML page's code frames (the documents
 * were read on workers, which keep no text): each read once more, at most {@link MAX_HTML_FILES}, and given
 * with its document. A file that cannot be read now (or a URL, or standard input) shows no lines.
 */
export async function documentFiles(
  entries: readonly ManyEntry[],
  reader: DocumentReader,
): Promise<ExcerptFile[]> {
  const wanted = new Map<string, { source: string; document: string }>();
  for (const { result } of entries) {
    for (const f of [...result.errors, ...result.warnings]) {
      const file = f.location?.file;
      if (file === undefined || file === "<stdin>" || /^[a-z][a-z0-9+.-]+:\/\//i.test(file)) continue;
      const key = `${result.source}\0${file}`;
      if (wanted.size < MAX_HTML_FILES && !wanted.has(key)) {
        wanted.set(key, { source: file, document: result.source });
      }
    }
  }
  const read = await Promise.all([...wanted.values()].map(async ({ source, document }) => {
    for (const path of candidates(source, document, reader.cwd())) {
      try {
        return { source, of: document, text: await reader.readFile(path) };
      } catch {
        // not there: the next place, or no lines
      }
    }
    return undefined;
  }));
  return read.filter((f) => f !== undefined);
}

/**
 * The merged report in a format; in every format but text the document lines go to `side` (standard error). The
 * HTML page's renderer (node:crypto for its hashes) is imported only when a page is asked for.
 */
export async function renderMany(
  format: ReportFormat | "html",
  entries: readonly ManyEntry[],
  style: Style,
  side: (text: string) => void,
  files?: readonly ExcerptFile[],
): Promise<string> {
  if (format === "text") return renderManyText(entries, style);
  for (const e of entries) side(documentLine(e, style) + "\n");
  if (format === "html") {
    const { renderValidationManyHtml } = await import("../render/validation_html.ts");
    return renderValidationManyHtml(entries, { files });
  }
  const report = mergedReport(entries);
  const documents = entries.map((e) => e.result.source);
  if (format === "junit") return renderJunit(report, { suites: documents });
  if (format === "sarif") return renderSarif(report, { toolVersion: VERSION, artifacts: documents });
  if (format === "markdown") return renderManyMarkdown(report, entries);
  return renderReport(format, report, { toolVersion: VERSION });
}

/**
 * The stale entries of each baseline file across the documents: an entry is stale when every document that read
 * its baseline file left it unmatched (a document's run leaves the other documents' entries unmatched).
 */
export function staleByBaseline(entries: readonly ManyEntry[]): Map<string, IgnoreEntry[]> {
  const readers = new Map<string, number>();
  const stale = new Map<string, { entry: IgnoreEntry; count: number; file: string }>();
  for (const { result } of entries) {
    const file = result.baselineFile;
    if (file === undefined) continue;
    readers.set(file, (readers.get(file) ?? 0) + 1);
    for (const entry of result.staleBaseline ?? []) {
      const key = JSON.stringify([file, entry.rule, entry.pointer, entry.file, entry.hash]);
      const seen = stale.get(key) ?? { entry, count: 0, file };
      seen.count++;
      stale.set(key, seen);
    }
  }
  const out = new Map([...readers.keys()].map((file) => [file, [] as IgnoreEntry[]]));
  for (const s of stale.values()) if (s.count === readers.get(s.file)) out.get(s.file)!.push(s.entry);
  return out;
}

/** What the baselines accepted and which entries are stale across the documents ({@link staleByBaseline}). */
export function mergedBaseline(entries: readonly ManyEntry[]): ValidationResult {
  return {
    ...entries[0].result,
    ignoredCount: entries.reduce((n, e) => n + (e.result.ignoredCount ?? 0), 0),
    staleBaseline: [...staleByBaseline(entries).values()].flat(),
  };
}

/**
 * The baseline of a run over several documents (`--generate-baseline`): every document's entries, an entry of a
 * finding in the document itself naming that document (`file`, written relative to the baseline file), so that
 * each document's run matches only its own entries.
 */
export function manyBaselineEntries(entries: readonly ManyEntry[], cwd: string): IgnoreEntry[] {
  return entries.flatMap(({ result }) => {
    const url = !isAbsolute(result.source) && /^[a-z][a-z0-9+.-]*:/i.test(result.source);
    const path = url ? result.source : resolve(cwd, result.source);
    return (result.baselineEntries ?? []).map((e) => e.file === undefined ? { ...e, file: path } : e);
  });
}

/** Error codes of a document that was read but is not an OpenAPI document oatool validates: invalid (exit 1). */
const INVALID_CODES: ReadonlySet<string> = new Set(["PARSE_ERROR", "UNSUPPORTED_VERSION"]);

/**
 * The exit code of a run over several documents, as one document's run would give it: 2 when a document could
 * not be validated for another reason than its content (unreadable, too large, refused, its worker failed), else
 * 1 when a document is invalid (or not YAML/JSON, or not OpenAPI of a known version), else 0.
 */
export function manyExitCode(entries: readonly ManyEntry[]): number {
  if (entries.some((e) => e.failure !== undefined && !INVALID_CODES.has(e.code ?? ""))) return 2;
  return entries.every((e) => e.result.valid) ? 0 : 1;
}

/** The statistics line of a run with several documents (standard error). */
export function manyBanner(entries: readonly ManyEntry[], jobs: number, totalMs: number): string {
  const workers = jobs <= 1 ? "one after another" : `${jobs} at once`;
  return `oatool validate: ${plural(entries.length, "document")} validated ${workers} in ${
    formatDuration(totalMs)
  }.\n`;
}

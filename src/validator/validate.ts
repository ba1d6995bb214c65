/**
 * `validate()`: structural validation against the official schema of the document's version, then every
 * semantic rule in one typed walk.
 *
 * @module
 */
import { placeTexts } from "../core/place_texts.ts";
import { MAX_MESSAGE_CHARS, shorten } from "../core/bounded_text.ts";
import { type DocumentSet, isDocumentSet, loadDocumentSet } from "../io/document_set.ts";
import {
  defaultReader,
  type DocumentReader,
  type DocumentStats,
  type Finding,
  formatPointer,
  getAt,
  type InputSource,
  isParseResult,
  loadDocument,
  type OASVersion,
  parsePointer,
  type ParseResult,
  type SourceMap,
  UsageError,
} from "../core/mod.ts";
import { specLink } from "../walker/mod.ts";
import { documentSetStats } from "../bundler/mod.ts";
import { checkObject, checkSchema, type StructuralIssue } from "./_structural.ts";
import { SEMANTIC_RULES } from "./rules/mod.ts";
import { knownVersion, type Raw, type RuleRun, runRules } from "./_rule_engine.ts";
import { resolvePolicy, unknownRule } from "./_policy.ts";
import { matchFindings } from "./baseline_match.ts";
import type { IgnoreEntry, PolicyConfig, RuleSeverity } from "../config/mod.ts";

/** Rule id of the findings of structural (JSON Schema) validation. */
export const SCHEMA_RULE = "oas-schema";

/** Rule id of the warning on a later patch version (`3.0.5`), validated as the latest known patch. */
export const VERSION_RULE = "oas-version";

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** Stricter checks (strict-only rules), and warnings count as errors. @default false */
  strict?: boolean;
  /** Leave warnings out of the result. @default false */
  noWarnings?: boolean;
  /** Add `location` (file:line:column) to every finding. @default false */
  sourceMap?: boolean;
  /** Validate the structure against the version's JSON Schema (and the basic checks while loading). @default true */
  validateStructure?: boolean;
  /** Where the document and the files it references are read from. @default defaultReader */
  reader?: DocumentReader;
  /** Run only these rule ids (`oas-schema` is the structural validation), e.g. `["ref-resolves"]`. */
  rules?: string[];
  /**
   * The policy file (`oatool.yaml`): a path, the result of `loadConfig`, or the same data as an object (paths in it
   * relative to the working directory). Its rule severities, `ignore:` entries, presets, the named API whose
   * `root` is the input, and its `baseline:` apply.
   */
  config?: PolicyConfig | Record<string, unknown> | string;
  /** Rule id → severity (`error`, `warning`, `info`, `off`), over the policy file's (`--rule`, `--skip-rule`). */
  ruleSeverities?: Record<string, RuleSeverity>;
  /**
   * The baseline: a file (written by `validate --generate-baseline`) or its entries; findings in it are left out
   * and counted, entries no finding matches are listed as stale. `false`: none, even if the policy names one.
   * @default the policy file's `baseline:`
   */
  baseline?: string | IgnoreEntry[] | false;
  /** Return every finding (after the policy's `ignore:`) as baseline entries in `baselineEntries`. @default false */
  generateBaseline?: boolean;
  /** Checks a path the policy names before it is read (the MCP server's workspace); throws to refuse it. */
  confine?: (path: string) => Promise<string>;
}

/** The outcome of {@link validate}. */
export interface ValidationResult {
  /** No errors (and, with `strict`, no warnings). */
  valid: boolean;
  /** Exact version the document declares. */
  version: string;
  /** Version family. */
  oasVersion: OASVersion;
  /** Name of the document for messages. */
  source: string;
  /** Errors, in document order. */
  errors: Finding[];
  /** Warnings, in document order. */
  warnings: Finding[];
  /** Number of errors. */
  errorCount: number;
  /** Number of warnings. */
  warningCount: number;
  /** Counts of the parts the whole document set defines (those of its bundled document). */
  stats: DocumentStats;
  /** Size of the source in bytes. */
  sizeBytes: number;
  /** Milliseconds spent reading and parsing. */
  loadTimeMs: number;
  /** Milliseconds spent validating. */
  validateTimeMs: number;
  /** Findings left out because the policy's `ignore:` or the baseline accepts them (`validate` always sets it). */
  ignoredCount?: number;
  /** The baseline file read, when one was. */
  baselineFile?: string;
  /** Baseline entries that no finding matches any more (fixed findings): `--prune-baseline` removes them. */
  staleBaseline?: IgnoreEntry[];
  /** With `generateBaseline`: an entry per finding. */
  baselineEntries?: IgnoreEntry[];
}

/** Every rule id, structural first, with its severity and description. */
export function listRules(): { id: string; severity: string; description: string; strictOnly: boolean }[] {
  return [
    {
      id: SCHEMA_RULE,
      severity: "error",
      description: "The document matches the official JSON Schema of its version",
      strictOnly: false,
    },
    {
      id: VERSION_RULE,
      severity: "warning",
      description: "A later patch of a known minor (3.0.5) is validated as the latest known patch (3.0.4)",
      strictOnly: false,
    },
    ...SEMANTIC_RULES.map((r) => ({
      id: r.id,
      severity: r.severity,
      description: r.description,
      strictOnly: r.strictOnly === true,
    })),
  ];
}

/**
 * Validates an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document: its structure against the official JSON Schema of the
 * version it declares, and the semantic rules (references, operation ids, path parameters, responses,
 * security, servers, media types, discriminators and more). Findings are data; the result says whether the
 * document is valid. The input is loaded once, as a document set (the root and every file it references): the
 * rules walk the set through its one reference index, and the statistics are those of its bundled document.
 *
 * @example
 * ```ts
 * import { validate } from "@oatool/cli/validator";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await validate({
 *   content: 'openapi: 3.1.0\ninfo: {title: Pets, version: "1"}\npaths: {}',
 * });
 * assertEquals(result.valid, true);
 * ```
 * @throws {LoadError} {@link ParseError} {@link UnsupportedVersionError} when the input cannot be read as an
 * OpenAPI document. @throws {UsageError} when `rules` names an unknown rule.
 */
export async function validate(
  input: InputSource | ParseResult | DocumentSet,
  options: ValidateOptions = {},
): Promise<ValidationResult> {
  const validateStructure = options.validateStructure ?? true;
  const given = isDocumentSet(input) ? input : undefined;
  const parsed = given?.root ??
    (isParseResult(input)
      ? input
      : await loadDocument(input as InputSource, { reader: options.reader, validateStructure }));
  const started = performance.now();
  const reader = options.reader ?? defaultReader;
  const known = listRules();
  const policy = await resolvePolicy(options, known, reader, parsed.path);
  const strict = options.strict === true || policy.strict;
  const noWarnings = options.noWarnings === true && !strict;
  const wanted = options.rules === undefined ? undefined : new Set(options.rules);
  if (wanted !== undefined) {
    const ids = known.map((r) => r.id);
    for (const id of wanted) if (!ids.includes(id)) throw new UsageError(unknownRule(id, ids));
  }
  const level = (id: string, severity: string) => policy.severities.get(id) ?? severity;
  const runs = (id: string, strictOnly = false) =>
    wanted === undefined
      ? level(id, "") !== "off" && (!strictOnly || strict || policy.severities.has(id))
      : wanted.has(id);
  const runSchema = validateStructure && runs(SCHEMA_RULE);
  const rules = [...SEMANTIC_RULES, ...policy.rules].filter((r) =>
    runs(r.id, r.strictOnly) &&
    (r.versions === undefined || r.versions.includes(parsed.oasVersion)) &&
    !(noWarnings && level(r.id, r.severity) === "warning")
  );

  const structural = runSchema ? await checkSchema(parsed.document, parsed.oasVersion) : [];
  // The files the root references are read here, once: the rules and the statistics use this set.
  const set = given ?? await loadDocumentSet(parsed, { reader: options.reader });
  const run = runRules(set, rules, { strict });

  const raws: Raw[] = [];
  let order = 0;
  // The load's warnings (a later patch version) come first, at the version field.
  if (runs(VERSION_RULE)) {
    for (const f of parsed.warnings) {
      if (f.rule !== VERSION_RULE) continue;
      raws.push({
        severity: "warning",
        file: run.rootFile,
        segments: typedPath(parsed.document, f.pointer),
        message: f.message,
        rule: VERSION_RULE,
        anchor: "versions",
        order: order++,
      });
    }
  }
  for (const issue of structural) raws.push(structuralRaw(issue, run.rootFile, [], order++));
  if (runSchema) {
    // Objects reached through references into other files (or into places the layout does not describe)
    // are checked against the definition of their kind.
    for (const target of run.followed) {
      const node = getAt(run.data(target.file), target.segments);
      if (
        node !== null && typeof node === "object" &&
        typeof (node as Record<string, unknown>).$ref === "string"
      ) {
        continue;
      }
      for (const issue of await checkObject(node, target.kind, parsed.oasVersion)) {
        raws.push(structuralRaw(issue, target.file, target.segments, order++));
      }
    }
  }
  const semanticPointers = new Set<string>();
  for (const r of run.findings) {
    r.order = order++;
    raws.push(r);
    if (r.file === run.rootFile && r.severity === "error") {
      semanticPointers.add(placeTexts(r.segments).pointer);
    }
  }
  // A semantic finding says more than the schema's error about the same field: keep only the former.
  const kept = raws.filter((r) => r.fieldPointer === undefined || !semanticPointers.has(r.fieldPointer));
  // Parse-time structure findings are covered by the schema; keep them only when the schema did not run.
  if (!runSchema && validateStructure && level(SCHEMA_RULE, "") !== "off") {
    for (const f of parsed.errors) {
      kept.push({
        severity: "error",
        file: run.rootFile,
        segments: typedPath(parsed.document, f.pointer),
        message: f.message,
        rule: f.rule ?? "structure",
        anchor: "",
        order: order++,
      });
    }
  }
  sortInDocumentOrder(kept, run);

  const matched = await matchFindings(kept, {
    ignore: policy.ignore,
    baseline: options.baseline === false ? undefined : options.baseline ?? policy.baseline,
    generate: options.generateBaseline === true,
    reader: reader,
    rootPath: parsed.path,
    run,
    ran: (id) => runs(id, SEMANTIC_RULES.find((r) => r.id === id)?.strictOnly),
    confine: options.confine,
  });

  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const maps = new Map<string, SourceMap>();
  for (const r of matched.kept) {
    const configured = level(r.rule, r.severity) as Finding["severity"];
    const severity = strict && configured === "warning" ? "error" : configured;
    if (severity !== "error" && noWarnings) continue;
    const f = toFinding(r, severity, parsed, run);
    if (options.sourceMap) {
      let map = maps.get(r.file);
      if (map === undefined) {
        map = r.file === run.rootFile ? parsed.sourceMap() : run.resolver.document(r.file)?.sourceMap();
        if (map !== undefined) maps.set(r.file, map);
      }
      const at = map?.positionOf(r.segments.map(String));
      if (at !== undefined) {
        // Referenced files are named as the other findings name them (relative to the working directory).
        f.location = r.file === run.rootFile
          ? at
          : { ...at, file: run.resolver.document(r.file)?.source ?? at.file };
      }
    }
    (severity === "error" ? errors : warnings).push(f);
  }
  return {
    valid: errors.length === 0,
    version: parsed.version,
    oasVersion: parsed.oasVersion,
    source: parsed.source,
    errors,
    warnings,
    errorCount: errors.length,
    warningCount: warnings.length,
    stats: await documentSetStats(set),
    sizeBytes: parsed.sizeBytes,
    loadTimeMs: parsed.loadTimeMs,
    validateTimeMs: performance.now() - started,
    ignoredCount: matched.ignoredCount,
    staleBaseline: matched.stale,
    ...(matched.baselineFile === undefined ? {} : { baselineFile: matched.baselineFile }),
    ...(matched.entries === undefined ? {} : { baselineEntries: matched.entries }),
  };
}

function typedPath(doc: unknown, pointer: string): (string | number)[] {
  const segs = parsePointer(pointer) ?? [];
  const out: (string | number)[] = [];
  let cur: unknown = doc;
  for (const s of segs) {
    const index = Array.isArray(cur) && /^\d+$/.test(s) ? Number(s) : undefined;
    out.push(index ?? s);
    cur = cur !== null && typeof cur === "object" ? (cur as Record<string, unknown>)[s] : undefined;
  }
  return out;
}

function structuralRaw(
  issue: StructuralIssue,
  file: string,
  prefix: readonly (string | number)[],
  order: number,
): Raw {
  return {
    severity: "error",
    file,
    segments: [...prefix, ...issue.segments],
    message: issue.message,
    rule: SCHEMA_RULE,
    anchor: issue.anchor,
    fieldPointer: prefix.length === 0 ? formatPointer(issue.fieldSegments) : undefined,
    order,
  };
}

function toFinding(r: Raw, severity: Finding["severity"], parsed: ParseResult, run: RuleRun): Finding {
  const { path, pointer } = placeTexts(r.segments);
  const f: Finding = {
    severity,
    path,
    pointer,
    message: shorten(r.message, MAX_MESSAGE_CHARS),
    rule: r.rule,
  };
  if (r.file !== run.rootFile) {
    const shown = run.resolver.document(r.file)?.source ?? r.file;
    f.path = `${shown}#${path}`;
    f.pointer = `${shown}#${pointer}`;
  }
  if (r.anchor !== "") f.specLink = specLink(knownVersion(parsed.version), r.anchor);
  return f;
}

/** Sorts findings by file (root first, then files as they were loaded) and position in the file's data. */
function sortInDocumentOrder(raws: Raw[], run: RuleRun): void {
  if (raws.length < 2) return;
  const fileRank = new Map<string, number>([[run.rootFile, 0]]);
  for (const r of raws) if (!fileRank.has(r.file)) fileRank.set(r.file, fileRank.size);
  const keyIndex = new Map<object, Map<string, number>>();
  const orderKey = (r: Raw): number[] => {
    const out: number[] = [];
    let cur: unknown = run.data(r.file);
    for (const s of r.segments) {
      if (cur === null || typeof cur !== "object") {
        out.push(-1);
        continue;
      }
      if (Array.isArray(cur)) {
        out.push(typeof s === "number" ? s : Number(s));
        cur = cur[Number(s)];
        continue;
      }
      let index = keyIndex.get(cur);
      if (index === undefined) {
        index = new Map(Object.keys(cur).map((k, i) => [k, i]));
        keyIndex.set(cur, index);
      }
      out.push(index.get(String(s)) ?? index.size);
      cur = (cur as Record<string, unknown>)[String(s)];
    }
    return out;
  };
  const keys = new Map<Raw, number[]>();
  for (const r of raws) keys.set(r, orderKey(r));
  raws.sort((a, b) => {
    const fa = fileRank.get(a.file)!;
    const fb = fileRank.get(b.file)!;
    if (fa !== fb) return fa - fb;
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    const n = Math.min(ka.length, kb.length);
    for (let i = 0; i < n; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    if (ka.length !== kb.length) return ka.length - kb.length;
    return a.order - b.order;
  });
}

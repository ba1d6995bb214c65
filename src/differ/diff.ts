/**
 * `diff()`: the changes between two OpenAPI documents of the same version, each a named check with a severity
 * judged by where it happens (narrowing a request or widening a response breaks clients).
 *
 * @module
 */
import {
  type DocumentReader,
  getAt,
  type InputSource,
  LoadError,
  type ParseResult,
  type Severity,
  type SourcePosition,
  UsageError,
} from "../core/mod.ts";
import { type DocumentSet, loadDocumentSet } from "../io/document_set.ts";
import { bundledDocumentSet } from "../bundler/mod.ts";
import { compileGlob, type GlobMatcher } from "../queries/mod.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import { Collector, placeOf, Side } from "./_context.ts";
import { stableReferences } from "./_same.ts";
import { compareEndpoints } from "./_endpoints.ts";
import { compareComponents, compareInfo, compareServers } from "./_document.ts";
import { compareSecuritySchemes } from "./_security.ts";
import { normalise } from "./_format_change.ts";
import { under } from "./_context.ts";
import { judgeRemoval } from "./_lifecycle.ts";
import { compareDocumentVersion } from "./_version.ts";
import { CHECKS } from "./checks.ts";
import { DIFF_PRESETS, type DiffPreset, presetSeverity } from "./presets.ts";
import { parseIgnoreList, parseSeverities } from "./rules_file.ts";
import {
  type Change,
  type DiffSeverity,
  type DiffStats,
  fromDiffSeverity,
  type IgnoreRule,
  isBreaking,
  SEVERITIES,
  severityRank,
} from "./types.ts";

/**
 * A document to compare: a path, a URL, `-` (standard input), `{ file }`, `{ url }`, `{ content }`, a document
 * already loaded (`loadDocument`'s result; it is not changed), or its document set (`loadDocumentSet`'s).
 */
export type DiffInput = InputSource | ParseResult | DocumentSet;

/** Options of {@link diff}. */
export interface DiffOptions {
  /**
   * Breaking mode: the result `failed` when a breaking change (`critical` or `error`) is found, instead of on any
   * change. @default false
   */
  breaking?: boolean;
  /** Leave `info` changes out. @default false */
  noInfo?: boolean;
  /**
   * Keep only breaking changes (`critical` and `error`): `warning` changes are left out, and `info` ones as with
   * `noInfo`. @default false
   */
  breakingOnly?: boolean;
  /**
   * The result `failed` when a change is at or above this severity (overrides the mode's rule): `critical`,
   * `error`, `warning` or `info`. The upper-case spelling (`"ERROR"`) is deprecated: it is still accepted, as the
   * same severity, until the next minor version.
   */
  failOn?: Severity | DiffSeverity;
  /** Changes to silence: check ids, paths or globs (see {@link IgnoreRule}). */
  ignore?: readonly (IgnoreRule | string)[];
  /**
   * Severity overrides by check id (applied after the preset): `critical`, `error`, `warning` or `info`. The
   * upper-case spelling (`"ERROR"`) is deprecated: it is still accepted, as the same severity, until the next
   * minor version.
   */
  severities?: Readonly<Record<string, Severity | DiffSeverity>>;
  /**
   * Rule preset (see {@link DIFF_PRESETS} and docs/diff-severity.md): `strict` raises the WARNINGs that break
   * strict clients to ERROR, `lenient` lowers response widenings to WARNING and deprecated removals to INFO.
   * @default "default"
   */
  preset?: DiffPreset;
  /**
   * Days required between the deprecation of an endpoint, operation, parameter or property (its
   * `x-deprecated-at` date) and its removal; a removal sooner, or without a readable date, is breaking.
   * Unset or 0: only the sunset date (`x-sunset`) is checked.
   */
  deprecationDays?: number;
  /** Today, for sunset dates and `deprecationDays` (tests set it). @default new Date() */
  now?: Date;
  /**
   * Add `location` (file:line:column): the target for additions, the source for removals and modifications;
   * with `"target"`, every change in the target (a removal at the nearest place that still exists there), as
   * annotations on the target file need. @default false
   */
  sourceMap?: boolean | "target";
  /** Where documents and the files they reference are read from. @default defaultReader */
  reader?: DocumentReader;
  /** Largest document read, in bytes. @default 256 MiB */
  maxInputSize?: number;
}

/** The outcome of {@link diff}. */
export interface DiffResult {
  /** Every change: additions and modifications in the target's document order, then removals in the source's. */
  changes: Change[];
  /** `critical` and `error` changes. */
  breakingCount: number;
  /** `warning` changes (0 with `breakingOnly`). */
  warningCount: number;
  /** `info` changes (0 with `noInfo` or `breakingOnly`). */
  infoCount: number;
  /**
   * Whether a breaking change (`critical` or `error`) was found. The structured (json/yaml) report writes it under the
   * specification's name `HasBreakingChanges`.
   */
  hasBreakingChanges: boolean;
  /**
   * The old library name of {@link DiffResult.hasBreakingChanges} (a non-enumerable getter).
   *
   * @deprecated Use `hasBreakingChanges`; this name goes in the next minor version.
   */
  readonly HasBreakingChanges: boolean;
  /** Whether the comparison fails the build: see {@link DiffOptions.breaking} and {@link DiffOptions.failOn}. */
  failed: boolean;
  /** Name of the source document. */
  source: string;
  /** Name of the target document. */
  target: string;
  /** OpenAPI version the source declares. */
  sourceVersion: string;
  /** OpenAPI version the target declares. */
  targetVersion: string;
  /** Document statistics, ignored and dropped counts, time. */
  stats: DiffStats;
}

/**
 * The document set of one side. A set of several files is compared as its bundle (each file's components become
 * components, Path Item files are inlined), so two multi-file versions differ as their bundles do, and every
 * reference is followed from the file that holds it.
 */
async function load(input: DiffInput, what: string, options: DiffOptions): Promise<DocumentSet> {
  const loadOptions = { reader: options.reader, maxInputSize: options.maxInputSize };
  const set = await loadDocumentSet(input, loadOptions);
  const first = set.root.errors[0];
  if (first !== undefined) {
    throw new LoadError(
      `${what} ${set.root.source} is not a valid OpenAPI document: ${
        first.path || "(root)"
      }: ${first.message}`,
    );
  }
  return await bundledDocumentSet(set, loadOptions);
}

function ignoreMatcher(rules: readonly IgnoreRule[]): (c: Change) => boolean {
  // A path also matches everything under it: `paths./a` covers `paths./a.get…` and `/paths/~1a` `/paths/~1a/get`.
  // The walk queries' globs: `*` any run of characters, `?` one, matched without regular expressions.
  const compiled = rules.map((r) => ({
    id: r.id,
    path: r.path === undefined
      ? undefined
      : [r.path, `${r.path}.*`, `${r.path}[*`, `${r.path}/*`].map((g) => compileGlob(g)),
  }));
  const matchesPath = (m: GlobMatcher[], c: Change) =>
    m[0](c.path) || m[1](c.path) || m[2](c.path) || m[0](c.pointer) || m[3](c.pointer) ||
    (c.endpoint !== undefined && m[0](c.endpoint));
  return (c) =>
    compiled.some((r) =>
      (r.id === undefined || r.id === c.id) && (r.path === undefined || matchesPath(r.path, c))
    );
}

/**
 * The position of a change: additions in the target, removals and modifications in the source (a modification
 * at the place it had there, or at the same path when it has one there, else in the target); with
 * `targetOnly`, everything in the target (a removal at the nearest place that still exists).
 */
function locate(
  change: Change,
  sides: { s: Side; t: Side; synthetic?: "source" | "target" },
  targetOnly: boolean,
): SourcePosition | undefined {
  const { synthetic } = sides;
  const [si, ti] = [sides.s.index, sides.t.index];
  const where = placeOf.get(change)!;
  let side = where.side;
  let at = where.at;
  if (targetOnly) {
    if (where.side === "source") at = { file: ti.rootKey, segments: at.segments };
    side = "target";
  } else if (change.type === "modified" && synthetic !== "source") {
    // The same path of two bundles is the same place when both sides copied it from the same file.
    const from = where.from ??
      (getAt(si.document(si.rootKey)?.data, at.segments) !== undefined && at.file === ti.rootKey &&
          sides.s.origins?.(at.segments)?.file === sides.t.origins?.(at.segments)?.file
        ? { file: si.rootKey, segments: at.segments }
        : undefined);
    if (from !== undefined) {
      side = "source";
      at = from;
    }
  }
  // A document converted from another version has no text of its own to point into.
  if (side === synthetic) return undefined;
  const { index, origins } = side === "source" ? sides.s : sides.t;
  // A place of a bundle copied from another file: in that file's text.
  const origin = at.file === index.rootKey ? origins?.(at.segments) : undefined;
  if (origin !== undefined) return origin.position();
  return index.document(at.file)?.sourceMap().positionOf(at.segments);
}

/**
 * Compares two OpenAPI documents (2.0, 3.0, 3.1 or 3.2; of different versions, the older is converted to the
 * newer one's version first, and the format change reported as breaking, category `document`): endpoints matched by template
 * shape, operations, parameters, request bodies, responses, schemas through their `$ref`s, security, servers,
 * info and extensions. Each change is a named check (see `listChecks()`) with a severity.
 *
 * @example
 * ```ts
 * import { diff } from "@oatool/cli/differ";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const v1 = `{"openapi":"3.1.0","info":{"title":"A","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"OK"}}}}}}`;
 * const v2 = `{"openapi":"3.1.0","info":{"title":"A","version":"1"},"paths":{}}`;
 * const result = await diff({ content: v1 }, { content: v2 }, { breaking: true });
 * assertEquals(result.changes.map((c) => c.id), ["endpoint-removed"]);
 * assertEquals(result.hasBreakingChanges, true);
 * ```
 * @throws {LoadError} {@link ParseError} for unreadable or invalid input. @throws {UsageError} for unknown
 * check ids or severities in the options. @throws {RefResolutionError} for a `$ref` that
 * cannot be resolved.
 */
export async function diff(
  source: DiffInput,
  target: DiffInput,
  options: DiffOptions = {},
): Promise<DiffResult> {
  const severities = options.severities === undefined
    ? {}
    : parseSeverities(options.severities, "severities");
  const ignore = parseIgnoreList(options.ignore ?? [], "ignore");
  const preset = options.preset ?? "default";
  if (!DIFF_PRESETS.includes(preset)) {
    throw new UsageError(`preset is ${JSON.stringify(preset)}; use ${DIFF_PRESETS.join(", ")}.`);
  }
  const days = options.deprecationDays;
  if (days !== undefined && !(Number.isInteger(days) && days >= 0)) {
    throw new UsageError(`deprecationDays is ${days}; use a whole number of days, 0 or more.`);
  }
  const policy = { now: options.now ?? new Date(), deprecationDays: days };
  const sSet = await load(source, "the source", options);
  const tSet = await load(target, "the target", options);
  const s = sSet.root;
  const t = tSet.root;
  // Different versions: the older is converted to the newer one's version; the format change is reported.
  const normalised = s.oasVersion === t.oasVersion ? undefined : normalise(s, t);
  const sp = normalised?.sourceIsOlder ? normalised.converted : s;
  const tp = normalised !== undefined && !normalised.sourceIsOlder ? normalised.converted : t;
  const started = performance.now();
  // Each side's index is its set's; a side converted to the other's version is a new document (one file).
  const loadOptions = { reader: options.reader, maxInputSize: options.maxInputSize };
  const indexOf = async (parsed: ParseResult, set: DocumentSet): Promise<RefIndex> =>
    parsed === set.root ? set.index : (await loadDocumentSet(parsed, loadOptions)).index;
  const [si, ti] = await Promise.all([indexOf(sp, sSet), indexOf(tp, tSet)]);
  const sSide = new Side(sp.document as Record<string, unknown>, sp.oasVersion, si, sp.source);
  const tSide = new Side(tp.document as Record<string, unknown>, tp.oasVersion, ti, tp.source);
  // A bundle's places name the files they were copied from (not a side converted to the other's version).
  if (sp === s) sSide.origins = sSet.origins;
  if (tp === t) tSide.origins = tSet.origins;
  sSide.stableRefs = tSide.stableRefs = stableReferences(sSide, tSide);
  const c = new Collector(sSide, tSide);
  for (const f of normalised?.changes ?? []) {
    // Placed at the older document's part that moved (a removal there), or its root (the newer document's).
    const side = normalised!.sourceIsOlder ? "source" : "target";
    const root = (side === "source" ? sSide : tSide).root;
    c.emit(f.id, "modified", { file: root.file, segments: f.segments }, side, f.message);
  }
  compareDocumentVersion(c, s, t, normalised);
  compareInfo(c);
  compareSecuritySchemes(c);
  compareServers(c, {
    s: sp.document.servers,
    sAt: under(sSide.root, "servers"),
    t: tp.document.servers,
    tAt: under(tSide.root, "servers"),
  });
  compareEndpoints(c);
  compareComponents(c);
  const ignored = ignoreMatcher(ignore);
  let ignoredCount = 0;
  let droppedInfoCount = 0;
  const changes: Change[] = [];
  for (const change of c.changes()) {
    judgeRemoval(change, sSide, policy);
    if (preset !== "default") change.severity = presetSeverity(CHECKS.get(change.id)!, preset);
    const override = severities[change.id];
    if (override !== undefined) change.severity = override;
    if (ignored(change)) {
      ignoredCount++;
      continue;
    }
    if ((options.noInfo || options.breakingOnly) && change.severity === "info") {
      droppedInfoCount++;
      continue;
    }
    if (options.breakingOnly && change.severity === "warning") continue;
    if (options.sourceMap) {
      const synthetic = normalised === undefined ? undefined : normalised.sourceIsOlder ? "source" : "target";
      const position = locate(change, { s: sSide, t: tSide, synthetic }, options.sourceMap === "target");
      if (position !== undefined) change.location = position;
    }
    changes.push(change);
  }
  const count = (wanted: (s: Severity) => boolean) => changes.filter((x) => wanted(x.severity)).length;
  const breakingCount = count(isBreaking);
  const failOn = options.failOn === undefined ? undefined : fromDiffSeverity(options.failOn);
  if (failOn !== undefined && !SEVERITIES.includes(failOn)) {
    throw new UsageError(`failOn is "${options.failOn}"; use critical, error, warning or info.`);
  }
  const failed = failOn !== undefined
    ? changes.some((x) => severityRank(x.severity) <= severityRank(failOn))
    : options.breaking
    ? breakingCount > 0
    : changes.length > 0;
  const result = {
    changes,
    breakingCount,
    warningCount: count((x) => x === "warning"),
    infoCount: count((x) => x === "info"),
    hasBreakingChanges: breakingCount > 0,
    failed,
    source: s.source,
    target: t.source,
    sourceVersion: s.version,
    targetVersion: t.version,
    stats: {
      source: s.stats,
      target: t.stats,
      ignoredCount,
      droppedInfoCount,
      diffTimeMs: performance.now() - started,
    },
  };
  // The deprecated old name, non-enumerable so that spreading or serialising the result does not repeat it.
  return Object.defineProperty(result, "HasBreakingChanges", {
    get: () => result.hasBreakingChanges,
    enumerable: false,
  }) as DiffResult;
}

/**
 * The engine of the semantic rules: one typed walk of the document with every rule's visitors, references
 * looked up once (cached) and followed into other files and into places the layout does not describe, each
 * place walked once; findings kept raw (file and segments) for validate() to place and order.
 *
 * @module
 */
import { createRefIndex, refRootOf } from "../core/refs.ts";
import { RefIndex } from "../core/ref_index.ts";
import {
  type DocumentReader,
  formatPointer,
  getAt,
  laterPatch,
  parsePointer,
  type ParseResult,
  redactUrl,
} from "../core/mod.ts";
import { classify, type OasKind, type Visitors, Walker } from "../walker/mod.ts";
import type { RefLookup, ReportOptions, Resolved, Rule, RuleContext } from "./rule.ts";

/** A finding before it is placed: which file, which path. */
export interface Raw {
  severity: "error" | "warning";
  file: string;
  segments: (string | number)[];
  message: string;
  rule: string;
  anchor: string;
  /** Structural findings: the field concerned, for de-duplication against semantic findings. */
  fieldPointer?: string;
  order: number;
}

/** The version whose text the rules and links follow: the document's, or for a later patch the latest known. */
export function knownVersion(version: string): string {
  return laterPatch(version)?.knownVersion ?? version;
}

/** What one run of the semantic rules produced. */
export interface RuleRun {
  findings: Raw[];
  rootFile: string;
  resolver?: RefIndex;
  /** A reference to another file was met while files were not loaded: run again with them. */
  needsFiles: boolean;
  /** Objects walked because a reference led to them (other files, places the layout does not describe). */
  followed: { file: string; segments: readonly (string | number)[]; kind: OasKind }[];
  data(file: string): unknown;
}

/** Runs the semantic rules over the document (and the parts of other files it references). */
export async function runRules(
  parsed: ParseResult,
  rules: readonly Rule[],
  options: { reader: DocumentReader | undefined; localOnly: boolean; strict: boolean },
): Promise<RuleRun> {
  const { reader, localOnly } = options;
  const root = parsed.document as Record<string, unknown>;
  const refRoot = refRootOf(parsed);
  // Without references to files, the index of the document alone (nothing is read).
  const index = localOnly
    ? new RefIndex(root, parsed.oasVersion, {
      source: parsed.source,
      key: parsed.path ?? parsed.source,
      baseDir: parsed.baseDir,
      sourceMap: parsed.sourceMap,
    })
    : await createRefIndex(refRoot, { reader });
  const resolver = localOnly ? undefined : index;
  const rootFile = index.rootKey;
  const loopLabels = new WeakMap<object, string>();
  const version = parsed.oasVersion;
  const findings: Raw[] = [];
  let needsFiles = false;
  const dataOf = (file: string): unknown => file === rootFile ? root : resolver?.document(file)?.data;

  const lookups = new Map<string, RefLookup>();
  const lookup = (ref: string, file: string): RefLookup => {
    const cacheKey = file === rootFile ? ref : `${file}\0${ref}`;
    let r = lookups.get(cacheKey);
    if (r !== undefined) return r;
    r = lookupUncached(ref, file);
    lookups.set(cacheKey, r);
    return r;
  };
  const lookupUncached = (ref: string, file: string): RefLookup => {
    if (ref.startsWith("#") && (file === rootFile || !localOnly)) {
      const r = index.resolve(ref, file);
      if (r.ok) {
        // A plain-name anchor is known to be declared; its target is not walked as a place.
        return r.value !== undefined && ref !== "#" && !ref.startsWith("#/") &&
            parsePointer(ref) === undefined
          ? { ok: true, value: undefined, file, segments: [] }
          : { ok: true, value: r.value, file, segments: r.segments };
      }
      if (r.reason === "missing-anchor") return { ok: false, reason: "missing-target", message: r.message };
      if (r.reason === "bad-pointer") {
        return {
          ok: false,
          reason: "bad-pointer",
          message: `reference ${
            JSON.stringify(ref)
          } has a fragment that is not a JSON pointer; write it as "#/path/to/target".`,
        };
      }
      return {
        ok: false,
        reason: "missing-target",
        message: `reference ${
          JSON.stringify(ref)
        } points at nothing; define the target or fix the reference.`,
      };
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref) && !/^file:/i.test(ref)) {
      return {
        ok: false,
        reason: "remote",
        message: `remote reference ${JSON.stringify(redactUrl(ref))} is not followed.`,
      };
    }
    if (localOnly) {
      needsFiles = true;
      return { ok: false, reason: "pending", message: "" };
    }
    const r = index.resolve(ref, file);
    if (!r.ok) return { ok: false, reason: r.reason, message: r.message };
    return { ok: true, value: r.value, file: index.document(r.file)?.key ?? r.file, segments: r.segments };
  };

  // Keyed by the segments list itself: lookups are cached, so each target has one list.
  const kinds = new WeakMap<readonly (string | number)[], OasKind | "none">();
  const kindAt = (file: string, segments: readonly (string | number)[]): OasKind | undefined => {
    if (file !== rootFile) return undefined;
    let k = kinds.get(segments);
    if (k === undefined) {
      k = (segments.length === 0 ? "root" : classify(segments, version)) ?? "none";
      kinds.set(segments, k);
    }
    return k === "none" ? undefined : k;
  };

  const queue: { file: string; segments: readonly (string | number)[]; kind: OasKind }[] = [];
  const followed: typeof queue = [];
  const queued = new Set<string>();
  const follow = (file: string, segments: readonly (string | number)[], kind: OasKind) => {
    const key = `${file}\0${formatPointer(segments)}`;
    if (queued.has(key)) return;
    queued.add(key);
    queue.push({ file, segments, kind });
    followed.push({ file, segments, kind });
  };

  const current: { walker?: Walker } = {};
  const ctxFor = (rule: Rule): RuleContext => ({
    document: root,
    // A later patch (3.0.5) is validated by the rules of the latest known one (3.0.4).
    version: knownVersion(parsed.version),
    oasVersion: version,
    rootFile,
    strict: options.strict,
    report(path: readonly (string | number)[], message: string, o: ReportOptions = {}) {
      findings.push({
        severity: o.severity ?? rule.severity,
        file: o.file ?? current.walker?.file ?? rootFile,
        segments: [...path],
        message,
        rule: rule.id,
        anchor: o.anchor ?? rule.anchor,
        order: 0,
      });
    },
    resolve(value: unknown, file: string, segments: readonly (string | number)[]): Resolved | undefined {
      if (
        value === null || typeof value !== "object" ||
        typeof (value as Record<string, unknown>).$ref !== "string"
      ) {
        return { value, file, segments };
      }
      // The first step through the cached lookup; the rest of a chain (rare) through the index, which
      // remembers chains and stops at loops.
      const first = lookup((value as Record<string, unknown>).$ref as string, file);
      if (!first.ok || first.value === undefined) return undefined;
      const v = first.value;
      if (v === null || typeof v !== "object" || typeof (v as Record<string, unknown>).$ref !== "string") {
        return first;
      }
      const next = (v as Record<string, unknown>).$ref as string;
      if (localOnly && !next.startsWith("#")) return undefined;
      const r = index.follow(next, first.file);
      if (!r.ok || r.value === undefined) return undefined;
      return { value: r.value, file: index.document(r.file)?.key ?? r.file, segments: r.segments };
    },
    refLoop(file: string, segments: readonly (string | number)[]): readonly string[] | undefined {
      const loop = index.loopAt(file, segments);
      // Each member's label is made once: every member of a loop of 3,000 asks for the whole loop.
      return loop?.map((p) => {
        let label = loopLabels.get(p);
        if (label === undefined) {
          label = (p.file === rootFile ? "" : index.document(p.file)?.source ?? p.file) + "#" +
            formatPointer(p.segments);
          loopLabels.set(p, label);
        }
        return label;
      });
    },
    lookup,
    kindAt,
    follow,
  });
  const visitors: Visitors[] = rules.map((r) => r.create(ctxFor(r)));
  // The engine follows references into other files and into places the layout does not describe.
  visitors.push({
    $ref(_holder, ref, expected, at) {
      const r = lookup(ref, at.file);
      if (
        r.ok && r.value !== undefined && (r.file !== rootFile || kindAt(r.file, r.segments) === undefined)
      ) {
        follow(r.file, r.segments, expected);
      }
    },
  });
  const walker = new Walker(version, visitors);
  current.walker = walker;
  walker.walk(root, rootFile, "root");
  while (queue.length > 0) {
    const next = queue.shift()!;
    walker.walk(getAt(dataOf(next.file), next.segments), next.file, next.kind, next.segments);
  }
  for (const v of visitors) v.done?.();
  return { findings, rootFile, resolver, needsFiles, followed, data: dataOf };
}

/**
 * The engine of the semantic rules: one typed walk of the document set with every rule's visitors, over the
 * set's one reference index; references looked up once (cached) and followed by the walker into other files and
 * into places the layout does not describe, each place walked once; findings kept raw (file and segments) for
 * validate() to place and order.
 *
 * @module
 */
import type { RefIndex } from "../refs/ref_index.ts";
import type { DocumentSet } from "../io/document_set.ts";
import { formatPointer, laterPatch, parsePointer, redactUrl } from "../core/mod.ts";
import { classify, type OasKind, type Visitors, Walker, type WalkTarget } from "../walker/mod.ts";
import type { RefLookup, ReportOptions, Resolved, Rule, RuleContext } from "./rule.ts";
import { CUSTOM_RULE_ERROR, customOrigin, type Fault, guardedVisitors } from "./custom/guard.ts";

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
  /** The reference index of the document set (names and source maps of the referenced files). */
  resolver: RefIndex;
  /** Objects walked because a reference led to them (other files, places the layout does not describe). */
  followed: { file: string; segments: readonly (string | number)[]; kind: OasKind }[];
  data(file: string): unknown;
}

/**
 * Runs the semantic rules over the document set: the root document, then each place its references lead to in
 * other files (or to places the layout does not describe), walked once through the walker's `follow`.
 */
export function runRules(
  set: DocumentSet,
  rules: readonly Rule[],
  options: { strict: boolean },
): RuleRun {
  const parsed = set.root;
  const root = parsed.document as Record<string, unknown>;
  // The set's one index: of the document alone when its text names no other file (nothing was read).
  const index = set.index;
  const rootFile = index.rootKey;
  const loopLabels = new WeakMap<object, string>();
  const version = parsed.oasVersion;
  const findings: Raw[] = [];
  const dataOf = (file: string): unknown => file === rootFile ? root : index.document(file)?.data;

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
    if (ref.startsWith("#")) {
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

  // The places references lead to that the walk of the root does not reach (other files, places the layout
  // does not describe), in the order the walker follows them, each once, with the kind first expected there.
  const followed: RuleRun["followed"] = [];
  const seen = new Set<string>();
  const follow = (ref: string, file: string, expected: OasKind): WalkTarget | undefined => {
    const r = lookup(ref, file);
    if (!r.ok || r.value === undefined) return undefined;
    if (r.file === rootFile && kindAt(r.file, r.segments) !== undefined) return undefined;
    const key = `${r.file}\0${formatPointer(r.segments)}`;
    if (!seen.has(key)) {
      seen.add(key);
      followed.push({ file: r.file, segments: r.segments, kind: expected });
    }
    return { file: r.file, segments: r.segments, value: r.value };
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
      const r = index.follow((v as Record<string, unknown>).$ref as string, first.file);
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
  });
  // A custom rule (a plugin's, a declarative one) runs guarded: its failure is one finding, not a crash.
  const fault: Fault = (message, file = rootFile, segments = []) => {
    findings.push({
      severity: "error",
      file,
      segments: [...segments],
      message,
      rule: CUSTOM_RULE_ERROR,
      anchor: "",
      order: 0,
    });
  };
  const visitors: Visitors[] = rules.map((r) =>
    customOrigin(r) === undefined ? r.create(ctxFor(r)) : guardedVisitors(r, ctxFor(r), fault)
  );
  // References into other files and into places the layout does not describe are followed by the walker.
  const walker = new Walker(version, visitors, { follow });
  current.walker = walker;
  walker.walkDocument(root, rootFile);
  return { findings, rootFile, resolver: index, followed, data: dataOf };
}

/**
 * `bundle()`: one document from a multi-file specification, whose only references are local (`#/...`).
 *
 * @module
 */
import type { InputSource, ParseResult } from "../io/load.ts";
import type { DocumentReader } from "../io/reader.ts";
import type { ReadSet } from "../core/confine.ts";
import type { DocumentFormat } from "../core/parse_text.ts";
import type { Finding } from "../core/finding.ts";
import type { OpenAPIDocument } from "../core/types.ts";
import { type DocumentSet, isDocumentSet, loadDocumentSet } from "../io/document_set.ts";
import { resolveRefs } from "../io/load_refs.ts";
import { withDocument } from "../io/rebase_refs.ts";
import { componentSections } from "../walker/mod.ts";
import { formatPointer, getAt } from "../core/pointer.ts";
import { isObject } from "../core/json.ts";
import { bundleIndex } from "./_engine.ts";
import { originLookup } from "./_origins.ts";
import { computeStats, type DocumentStats } from "../refs/stats.ts";

/** Options of {@link bundle}. */
export interface BundleOptions extends BundleSetOptions {
  /** Where the document and the files it references are read from. @default defaultReader */
  reader?: DocumentReader;
  /** Largest document read (the root and each referenced file), in bytes. @default 256 MiB */
  maxInputSize?: number;
}

/** Options of {@link bundleSet}: how a loaded set is bundled. */
export interface BundleSetOptions {
  /**
   * Inline everything, local references included; circular references stay `$ref` (to a component) and are
   * reported as warnings. @default false
   */
  dereference?: boolean;
  /**
   * Keep the Path Item references under `paths` as references (to `components.pathItems`, 3.1 and later)
   * instead of inlining the Path Items in place. @default false
   */
  keepPathRefs?: boolean;
  /** Give findings the `file:line:column` of the reference they are about. @default false */
  sourceMap?: boolean;
}

/** Result of {@link bundle}. */
export interface BundleResult {
  /** One document whose only structural `$ref`s are local (`#/...`). */
  document: OpenAPIDocument;
  /** The exact version of the root document. */
  version: string;
  /** The root document's format (the format the bundle is written in by default). */
  format: DocumentFormat;
  /**
   * Findings: references that cannot be resolved (errors, kept as written), components renamed on a clash,
   * circular references kept as `$ref` (info and warnings).
   */
  warnings: Finding[];
  /** Every file read (the root and every referenced file): an output must not replace one of them. */
  readSet?: ReadSet;
  /** Files in the set, the root included. */
  fileCount: number;
  /** Components of the bundled document (every section). */
  componentCount: number;
  /** Components the bundle added (targets in other files). */
  addedComponents: number;
  /** Counts of the bundled document (paths, operations, schemas, webhooks): what the whole set defines. */
  stats: DocumentStats;
  /** Size of the root file in bytes. */
  sizeBytes: number;
  /** Milliseconds spent reading and parsing the root. */
  loadTimeMs: number;
  /** Name of the root for messages. */
  source: string;
  /** Absolute real path of the root, when it is a file. */
  path?: string;
  /**
   * Where a place of the bundled document was copied from: the file (relative to the root's folder), the place
   * in it and its position there; undefined for the root's own places. With `dereference`, a place inside a
   * part inlined from a component is mapped as if it were at the place the part was used.
   */
  origins: NonNullable<DocumentSet["origins"]>;
}

/**
 * Bundles a multi-file document into one. A referenced file, or a node inside one, of a component kind becomes a
 * component (named as the component it already is, else after its file and pointer: `schemas/pet.yaml` →
 * `Pet`, `Pet_2` on a clash; one component per target however it is spelled); a Path Item file referenced
 * from `paths` is inlined in place; anything else is inlined at its use. Key order and format follow the root.
 * The input may be a set already loaded (`loadDocumentSet`): it is bundled as it is ({@link bundleSet}).
 *
 * @example
 * ```ts
 * import { bundle } from "@oatool/cli/bundler";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await bundle({ content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}' });
 * assertEquals(result.fileCount, 1);
 * ```
 * @throws {LoadError} {@link ParseError} when the root cannot be read. @throws {RefResolutionError} when the
 * bundle would exceed the expansion budget.
 */
export async function bundle(
  input: ParseResult | InputSource | DocumentSet,
  options: BundleOptions = {},
): Promise<BundleResult> {
  const set = isDocumentSet(input) ? input : await loadDocumentSet(input, {
    reader: options.reader,
    maxInputSize: options.maxInputSize,
    lenient: true,
  });
  return await bundleSet(set, options);
}

/**
 * Bundles a document set already loaded (`loadDocumentSet`): nothing is read, the set is not changed (its parts
 * are copied). What {@link bundle} does once it has loaded its input, so a command that loaded the set for
 * another purpose (validate's statistics) gets the same document as `bundle()` without reading the files again.
 *
 * @example
 * ```ts
 * import { loadDocumentSet } from "@oatool/cli/core";
 * import { bundleSet } from "./bundle.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const set = await loadDocumentSet({ content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}' });
 * assertEquals((await bundleSet(set)).fileCount, 1);
 * ```
 * @throws {RefResolutionError} when the bundle would exceed the expansion budget.
 */
export async function bundleSet(set: DocumentSet, options: BundleSetOptions = {}): Promise<BundleResult> {
  const root = set.root;
  const engine = bundleIndex(set.index, {
    keepPathRefs: options.keepPathRefs === true,
    sourceMap: options.sourceMap === true,
  });
  let document: unknown = engine.document;
  const warnings = engine.warnings;
  if (options.dereference === true) {
    const resolved = await resolveRefs({
      document,
      oasVersion: root.oasVersion,
      source: root.source,
      baseDir: root.baseDir,
      sourceMap: root.sourceMap,
    });
    document = resolved.document;
    warnings.push(...resolved.warnings);
    dropUnreferenced(document, engine.added);
  }
  return {
    document: document as OpenAPIDocument,
    version: root.version,
    format: root.format,
    warnings,
    readSet: set.readSet,
    fileCount: set.files.length,
    componentCount: countComponents(document, root),
    addedComponents: engine.added.length,
    stats: computeStats(document, root.oasVersion),
    sizeBytes: root.sizeBytes,
    loadTimeMs: root.loadTimeMs,
    source: root.source,
    path: root.path,
    origins: originLookup(set, document, engine.origins),
  };
}

/**
 * Removes the components the bundle added that nothing refers to any more (all their uses were inlined), so a
 * dereferenced document holds each part once; the root's own components stay. The document shares the
 * objects inlined at several places: each object is visited once.
 */
function dropUnreferenced(document: unknown, added: readonly (string | number)[][]): void {
  const addedAt = new Map<string, { parent: Record<string, unknown>; name: string; value: unknown }>();
  // The edges from a section to the components added: not followed (the same objects may be inlined elsewhere).
  const skip = new Map<unknown, Set<string>>();
  for (const segments of added) {
    const parent = getAt(document, segments.slice(0, -1));
    const name = String(segments[segments.length - 1]);
    if (!isObject(parent) || !Object.hasOwn(parent, name)) continue;
    addedAt.set(`#${formatPointer(segments)}`, { parent, name, value: parent[name] });
    const names = skip.get(parent) ?? new Set<string>();
    names.add(name);
    skip.set(parent, names);
  }
  if (addedAt.size === 0) return;
  const seen = new Set<unknown>();
  const kept = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === "string" && !kept.has(ref)) {
      const target = addedAt.get(ref);
      if (target !== undefined) {
        kept.add(ref);
        stack.push(target.value);
      }
    }
    const skipped = skip.get(node);
    for (const key of Object.keys(node)) {
      if (skipped === undefined || !skipped.has(key)) stack.push((node as Record<string, unknown>)[key]);
    }
  }
  for (const [ref, target] of addedAt) if (!kept.has(ref)) delete target.parent[target.name];
  // A section left empty by the removal goes too.
  for (const target of new Set([...addedAt.values()].map((t) => t.parent))) {
    if (Object.keys(target).length > 0) continue;
    for (const [container, key] of sectionHolders(document, target)) delete container[key];
  }
}

function sectionHolders(document: unknown, section: object): [Record<string, unknown>, string][] {
  const out: [Record<string, unknown>, string][] = [];
  const root = document as Record<string, unknown>;
  for (const key of Object.keys(root)) {
    const v = root[key];
    if (v === section) out.push([root, key]);
    else if (isObject(v)) { for (const k of Object.keys(v)) if (v[k] === section) out.push([v, k]); }
  }
  return out;
}

function countComponents(document: unknown, root: ParseResult): number {
  let n = 0;
  for (const s of componentSections(root.oasVersion)) {
    const map = getAt(document, s.segments);
    if (isObject(map)) n += Object.keys(map).length;
  }
  return n;
}

/**
 * The document set of a set's bundle: a set of one file stays as it is; a set of several files becomes the set
 * of its bundled document ({@link bundleSet}), one file with only local references, so that a verb that works
 * on one document (generate, diff) sees every component of every file, named as the bundle names them. Its
 * `origins` map a place of the bundle back to the file and place it was copied from, so that such a verb can
 * name the files users edit and point into their text.
 *
 * @example
 * ```ts
 * import { loadDocumentSet } from "@oatool/cli/core";
 * import { bundledDocumentSet } from "@oatool/cli/bundler";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const set = await loadDocumentSet({ content: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}' });
 * assertEquals((await bundledDocumentSet(set)) === set, true); // one file
 * ```
 * @throws {RefResolutionError} when the bundle would exceed the expansion budget.
 */
export async function bundledDocumentSet(
  set: DocumentSet,
  options: { reader?: DocumentReader; maxInputSize?: number } = {},
): Promise<DocumentSet> {
  if (set.files.length <= 1) return set;
  const bundled = await bundleSet(set);
  const one = await loadDocumentSet(withDocument(set.root, bundled.document), options);
  return { ...one, origins: bundled.origins };
}

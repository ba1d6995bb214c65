/**
 * `$ref` resolution over files: builds the {@link RefIndex} of a root document with every file it references
 * (confined to the root document's directory tree; remote references refused in local documents; a document
 * loaded from a URL resolves its relative references against that URL, same origin only, and never reads local
 * files: where a reference may lead is decided by confine.ts), and
 * {@link resolveRefs}, which inlines references in linear time under an expansion budget.
 *
 * @module
 */
import { isAbsolute, relative, sep } from "node:path";
import { describeError, LoadError, ParseError, RefResolutionError } from "../core/errors.ts";
import { loadStructured, type ParseResult } from "./load.ts";
import { defaultReader, type DocumentReader } from "./reader.ts";
import { getAt } from "../core/pointer.ts";
import { createSourceMap, type SourceMap } from "../core/source_map.ts";
import { deepCopy, MAX_DEPTH } from "../core/data_tree.ts";
import { type Finding, finding } from "../core/finding.ts";
import { isUrlKey, type RefDocument, RefIndex, type RefRoot, type UnresolvedRef } from "../refs/ref_index.ts";
import {
  isInside,
  mayReferToFiles,
  outsideBase,
  type ReadSet,
  redactUrl,
  redactUrlsIn,
} from "../core/confine.ts";
export { mayReferToFiles } from "../core/confine.ts";
import { classify, type OasKind, Walker } from "../walker/mod.ts";
import { formatPath, formatPointer } from "../core/pointer.ts";
import { formatCount, quote, shorten } from "../core/bounded_text.ts";

export type { RefDocument, RefRoot, ResolvedRef, UnresolvedRef } from "../refs/ref_index.ts";

/** The reference root of a loaded document (what {@link createRefIndex} starts from). */
export function refRootOf(parsed: ParseResult): RefRoot {
  return {
    document: parsed.document,
    oasVersion: parsed.oasVersion,
    source: parsed.source,
    path: parsed.path,
    baseDir: parsed.baseDir,
    url: parsed.url,
    readSet: parsed.readSet,
    sourceMap: parsed.sourceMap,
  };
}

/**
 * The reference index of a loaded document: of the document alone when its text names no other file (nothing is
 * walked or read), else with every file it references loaded ({@link createRefIndex}).
 */
export async function refIndexOf(parsed: ParseResult, options: RefResolverOptions = {}): Promise<RefIndex> {
  if (parsed.text !== "" && !mayReferToFiles(parsed.text)) {
    return new RefIndex(parsed.document, parsed.oasVersion, {
      source: parsed.source,
      key: parsed.path ?? parsed.source,
      baseDir: parsed.baseDir,
      url: parsed.url,
      sourceMap: parsed.sourceMap,
    });
  }
  return await createRefIndex(refRootOf(parsed), options);
}

/** Options of {@link createRefIndex}. */
export interface RefResolverOptions {
  /** Where referenced files are read from. @default defaultReader */
  reader?: DocumentReader;
  /**
   * Also find references in places the OpenAPI layout does not describe (every object that is not data), as
   * {@link resolveRefs} does. @default false
   */
  lenient?: boolean;
  /** Where the files read are recorded. @default the root's set, else the reader's */
  readSet?: ReadSet;
  /** Largest referenced file accepted, in bytes. @default the reader's (256 MiB) */
  maxInputSize?: number;
  /** {@link resolveRefs}: the index of the root's document set already loaded (nothing is read again). */
  index?: RefIndex;
  /**
   * Other read sets of the run (besides `readSet`, whose files always are): a referenced file one of them holds
   * is taken from there, its place still confined, instead of being read again.
   */
  known?: readonly (ReadSet | undefined)[];
}

/**
 * The name of a referenced file in messages: its path from the working directory when it lies below it, else
 * its path from the base document's directory (never a chain of `../../..` up to a common ancestor).
 */
function fileLabel(realPath: string, realBase: string, reader: DocumentReader): string {
  const fromCwd = relative(reader.cwd(), realPath);
  if (fromCwd !== "" && !isAbsolute(fromCwd) && fromCwd !== ".." && !fromCwd.startsWith(".." + sep)) {
    return fromCwd;
  }
  return relative(realBase, realPath) || realPath;
}

/** How referenced files are read: the reader, where reads are recorded, and the size cap. */
interface LoadContext {
  reader: DocumentReader;
  readSet: ReadSet | undefined;
  known: readonly (ReadSet | undefined)[];
  maxInputSize: number | undefined;
  realBase: string;
}

/**
 * A file the run already loaded as a `$ref` target (in the read set of this load or another of the run), as a
 * document of this index: the same data and text, named from this index's base. Recorded in this load's read
 * set as if read. Files are never changed under a run (no output replaces a file it read), so what was read
 * once is what a second read would give.
 */
function alreadyRead(real: string, context: LoadContext): RefDocument | undefined {
  for (const set of [context.readSet, ...context.known]) {
    const hit = set?.referencedFile(real);
    if (hit === undefined) continue;
    const { root, identity } = hit;
    if (set !== context.readSet) {
      context.readSet?.add(identity);
      context.readSet?.addRoot(root);
    }
    const text = root.text ?? "";
    const format = root.format ?? "yaml";
    let map: SourceMap | undefined;
    return {
      key: real,
      source: fileLabel(real, context.realBase, context.reader),
      data: root.data,
      text,
      format,
      sourceMap: () => (map ??= createSourceMap(text, format, real)),
    };
  }
  return undefined;
}

/**
 * Reads the file (or same-origin URL) a reference names: the one place referenced files are read. The path was
 * already confined by `locateRef` (confine.ts) without a file-system call; here its real path is checked too, so
 * a symbolic link cannot lead outside, and only regular files are read (role `referenced`). A URL is fetched
 * with the reader's caps and timeout. Returns the loaded document, or why it cannot be used.
 */
async function loadReferencedFile(
  file: string,
  ref: string,
  context: LoadContext,
): Promise<RefDocument | UnresolvedRef> {
  const { reader, realBase } = context;
  const options = {
    reader,
    readSet: context.readSet,
    maxInputSize: context.maxInputSize,
    role: "referenced" as const,
  };
  const shownRef = redactUrlsIn(ref);
  try {
    if (isUrlKey(file)) {
      const loaded = await loadStructured({ url: file }, options);
      return {
        key: file,
        source: redactUrl(file),
        data: loaded.data,
        text: loaded.text,
        format: loaded.format,
        sourceMap: loaded.sourceMap,
      };
    }
    const real = await reader.realPath(file);
    if (!isInside(realBase, real)) {
      context.readSet?.addRefused(real); // refused, but still not a file to write over
      return { ok: false, reason: "outside", message: outsideBase(ref, realBase).message };
    }
    const known = alreadyRead(real, context);
    if (known !== undefined) return known;
    const loaded = await loadStructured({ file: real }, options);
    return {
      key: real,
      source: fileLabel(real, realBase, reader),
      data: loaded.data,
      text: loaded.text,
      format: loaded.format,
      sourceMap: loaded.sourceMap,
    };
  } catch (error) {
    if (error instanceof LoadError) {
      return {
        ok: false,
        reason: "missing-file",
        message: `reference "${shownRef}": ${describeError(error)}`,
      };
    }
    if (error instanceof ParseError) {
      return { ok: false, reason: "bad-file", message: `reference "${shownRef}": ${describeError(error)}` };
    }
    throw error;
  }
}

/**
 * Builds the reference index of a root document and loads every local file it references (transitively), so
 * lookups are synchronous. Referenced files are walked as the kind their references expect.
 */
export async function createRefIndex(root: RefRoot, options: RefResolverOptions = {}): Promise<RefIndex> {
  const reader = options.reader ?? defaultReader;
  let realBase = root.baseDir;
  if (root.path !== undefined || root.url === undefined) {
    try {
      realBase = await reader.realPath(root.baseDir);
    } catch { /* an in-memory base */ }
  }
  const index = new RefIndex(root.document, root.oasVersion, {
    source: root.source,
    key: root.path ?? root.source,
    baseDir: root.baseDir,
    realBase,
    url: root.path === undefined ? root.url : undefined,
    sourceMap: root.sourceMap,
    lenient: options.lenient,
  });
  const context: LoadContext = {
    reader,
    readSet: options.readSet ?? root.readSet ?? reader.readSet,
    known: options.known ?? [],
    maxInputSize: options.maxInputSize,
    realBase,
  };
  // Walk the root, then each place a reference leads to in another file (or to a place the layout does not
  // describe) once, as the kind the reference expects; files named but not loaded yet are loaded between
  // rounds, and the places in them walked then. Every place is walked once, so this is linear in the input.
  type Place = { file: string; segments: readonly (string | number)[]; value: unknown; kind: OasKind };
  const queue: Place[] = [];
  const queued = new Set<string>();
  let pending: { ref: string; from: string; kind: OasKind; file: string }[] = [];
  const enqueue = (ref: string, from: string, kind: OasKind): void => {
    const r = index.resolve(ref, from);
    if (!r.ok || r.value === null || typeof r.value !== "object" || Array.isArray(r.value)) return;
    if (r.file === index.rootKey && (r.segments.length === 0 || classify(r.segments, root.oasVersion))) {
      return;
    }
    const key = `${r.file}\0${formatPointer(r.segments)}`;
    if (queued.has(key)) return;
    queued.add(key);
    queue.push({ file: r.file, segments: r.segments, value: r.value, kind });
  };
  const walker = new Walker(root.oasVersion, [{
    $ref(_holder, ref, expected, at) {
      const t = index.target(ref, at.file);
      if ("ok" in t) {
        if (t.path !== undefined) context.readSet?.addRefused(t.path); // refused, but not a file to write over
        return;
      }
      if (index.document(t.file) === undefined && index.failure(t.file) === undefined) {
        pending.push({ ref, from: at.file, kind: expected, file: t.file });
      } else enqueue(ref, at.file, expected);
    },
  }], { lenient: true });
  walker.walk(root.document, index.rootKey, "root");
  for (;;) {
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i];
      walker.walk(p.value, p.file, p.kind, p.segments);
    }
    queue.length = 0;
    if (pending.length === 0) return index;
    const round = pending;
    pending = [];
    for (const p of round) {
      if (index.document(p.file) !== undefined || index.failure(p.file) !== undefined) continue;
      const loaded = await loadReferencedFile(p.file, p.ref, context);
      if ("ok" in loaded) index.addFailure(p.file, loaded);
      else index.addDocument(index.document(loaded.key) ?? loaded, p.file);
    }
    for (const p of round) enqueue(p.ref, p.from, p.kind);
  }
}

/** Result of {@link resolveRefs}. */
export interface ResolveRefsResult {
  /** A new document with every resolvable reference replaced by its target. The input is not changed. */
  document: unknown;
  /** Circular references (kept as `$ref`) and unresolvable ones (kept as written). */
  warnings: Finding[];
  /** The index used, with every referenced document. */
  resolver: RefIndex;
}

/** How many values the resolved document may hold per value of its inputs, before it counts as a bomb. */
export const RESOLVE_EXPANSION_FACTOR = 100;
/** Values the resolved document may always hold, however small its inputs. */
export const RESOLVE_EXPANSION_FLOOR = 100_000;

/** Characters the resolved document may always take once written, however small its inputs. */
export const RESOLVE_OUTPUT_FLOOR = 10 * 1024 * 1024;

/** Characters a scalar takes in a written document, about. */
function scalarChars(v: unknown): number {
  return typeof v === "string" ? v.length + 2 : 6;
}

/** Characters an object's own keys take in a written document, about (quotes, colon, space). */
function keyChars(node: object): number {
  if (Array.isArray(node)) return 0;
  let n = 0;
  for (const k of Object.keys(node)) n += k.length + 4;
  return n;
}

/**
 * Number of values (objects, arrays and scalars) in a tree, and about how many characters it takes written
 * with two spaces of indentation per level; iteratively.
 */
function measureTree(root: unknown): { values: number; chars: number } {
  let values = 0;
  let chars = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: root, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    values++;
    chars += 2 * depth + 4;
    if (v !== null && typeof v === "object") {
      chars += keyChars(v);
      for (const child of Object.values(v)) stack.push({ v: child, depth: depth + 1 });
    } else chars += scalarChars(v);
  }
  return { values, chars };
}

/**
 * Replaces every resolvable `$ref` (local pointers and local files) by its target. References that would make
 * the document contain itself stay as `$ref` and are reported as warnings; so are unresolvable ones. A Reference
 * Object's sibling fields (3.1 `summary`/`description`) override the target's. Targets reached from several
 * places are shared, not copied.
 *
 * Time is linear in the size of the inputs: chains of references are followed once per place. A reference to
 * an ancestor (`#`, `#/components`, a chain that leads there) or to a part that holds the place being resolved
 * stays as `$ref` with a warning, so the result is a tree that shares targets, never a cycle. The result, as a
 * tree, may hold at most {@link RESOLVE_EXPANSION_FACTOR} times the values of the inputs (at least
 * {@link RESOLVE_EXPANSION_FLOOR}), take as many times their characters once written (at least
 * {@link RESOLVE_OUTPUT_FLOOR}), and nest at most 1,000 levels deep.
 *
 * @throws {RefResolutionError} when the resolved document would exceed the expansion budget or the depth limit.
 */
export async function resolveRefs(
  root: RefRoot,
  options: RefResolverOptions = {},
): Promise<ResolveRefsResult> {
  const index = options.index?.withLenient(true) ?? await createRefIndex(root, { ...options, lenient: true });
  const warnings: Finding[] = [];
  // Work on copies of every document so the input stays untouched.
  const copies = new Map<string, unknown>();
  const input = { values: 0, chars: 0 };
  for (const doc of index.documents) {
    if (!copies.has(doc.key)) {
      copies.set(doc.key, deepCopy(doc.data));
      const m = measureTree(doc.data);
      input.values += m.values;
      input.chars += m.chars;
    }
  }
  const docOf = (key: string): unknown => copies.get(index.document(key)!.key);

  // Every structural $ref holder (in the copies), with the file it is written in.
  const holderFile = new Map<object, string>();
  for (const edge of index.edges()) {
    const holder = getAt(docOf(edge.from.file), edge.from.segments);
    if (holder !== null && typeof holder === "object") holderFile.set(holder, edge.from.file);
  }
  /** What a holder is replaced by: its target (`base`), or a copy of it with the holder's siblings. */
  interface Substitution {
    value: object;
    base: object;
    /** The objects from the target's document root down to the target (where it lies in its document). */
    chain: object[];
  }
  const targetOf = (holder: Record<string, unknown>): Substitution | { unresolved: string } | undefined => {
    const r = index.follow(holder.$ref as string, holderFile.get(holder)!);
    if (!r.ok) return { unresolved: r.message };
    const chain: object[] = [];
    let value: unknown = docOf(r.file);
    for (const segment of r.segments) {
      if (value === null || typeof value !== "object") break;
      chain.push(value);
      value = (value as Record<string, unknown>)[segment];
    }
    if (value === null || typeof value !== "object") return undefined; // a reference to a scalar: keep the ref
    chain.push(value);
    const v = value as Record<string, unknown>;
    const siblings = Object.keys(holder).filter((k) => k !== "$ref");
    if (siblings.length === 0 || Array.isArray(v)) return { value: v, base: v, chain };
    const merged: Record<string, unknown> = { ...v };
    for (const k of siblings) merged[k] = holder[k];
    return { value: merged, base: v, chain };
  };
  const substitute = new Map<object, Substitution | null>();
  const rootCopy = copies.get(index.rootKey)!;
  // Iterative depth-first walk over the documents as they will be once substituted (the copies are changed
  // only at the end, so a target is found where its document has it). The result must be a tree that shares
  // targets, never a graph with a cycle: a substitution is kept as $ref when its target is in progress, or
  // holds an object in progress (a reference to an ancestor: `#`, `#/components`, `#/paths`). What a target
  // holds in progress is counted on the objects above each target entered (its chain), so the test is one
  // lookup.
  const GRAY = 1;
  const BLACK = 2;
  const state = new Map<object, number>();
  const inProgressBelow = new Map<object, number>();
  interface Frame {
    node: object;
    keys: string[];
    i: number;
    chain?: object[];
  }
  const enter = (node: object, chain?: object[]): Frame => {
    state.set(node, GRAY);
    if (chain !== undefined) {
      for (const o of chain) inProgressBelow.set(o, (inProgressBelow.get(o) ?? 0) + 1);
    }
    return { node, keys: Object.keys(node), i: 0, chain };
  };
  const holdsInProgress = (s: Substitution): boolean =>
    state.get(s.value) === GRAY || state.get(s.base) === GRAY || (inProgressBelow.get(s.base) ?? 0) > 0;
  const changes: { node: Record<string, unknown>; key: string; value: object }[] = [];
  const stack: Frame[] = [enter(rootCopy as object, [rootCopy as object])];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.i >= frame.keys.length) {
      state.set(frame.node, BLACK);
      if (frame.chain !== undefined) {
        for (const o of frame.chain) inProgressBelow.set(o, inProgressBelow.get(o)! - 1);
      }
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.i++];
    const child = (frame.node as Record<string, unknown>)[key];
    if (child === null || typeof child !== "object") continue;
    if (!holderFile.has(child)) {
      const st = state.get(child);
      if (st === undefined) stack.push(enter(child));
      else if (st === GRAY) {
        throw new RefResolutionError(
          `${root.source}: resolving its references made a cycle at ${
            shorten(formatPath(pathTo(stack, key)))
          }; leave the references as $ref (run without --resolve-refs, or resolve_refs: false).`,
        );
      }
      continue;
    }
    let sub = substitute.get(child);
    if (sub === undefined) {
      const t = targetOf(child as Record<string, unknown>);
      if (t !== undefined && "unresolved" in t) {
        warnings.push(finding("warning", pathTo(stack, key), t.unresolved, { rule: "ref-unresolved" }));
      }
      sub = t === undefined || "unresolved" in t ? null : t;
      substitute.set(child, sub);
    }
    if (sub === null) {
      if (state.get(child) === undefined) stack.push(enter(child));
      continue;
    }
    if (holdsInProgress(sub)) {
      warnings.push(
        finding(
          "warning",
          pathTo(stack, key),
          `circular reference ${quote((child as Record<string, unknown>).$ref)} kept as $ref.`,
          { rule: "ref-circular" },
        ),
      );
      if (state.get(child) === undefined) stack.push(enter(child));
      continue;
    }
    changes.push({ node: frame.node as Record<string, unknown>, key, value: sub.value });
    if (state.get(sub.value) === undefined) stack.push(enter(sub.value, sub.chain));
  }
  for (const c of changes) c.node[c.key] = c.value;
  checkExpansion(rootCopy, input, root.source);
  return { document: rootCopy, warnings, resolver: index };
}

/**
 * Checks the resolved document (a graph that shares its targets) against the expansion budgets (values, and
 * characters once written: a long string or a deep place multiplied counts for what it writes) and the depth
 * limit, in time linear in the graph: the measures of each shared object are computed once.
 */
function checkExpansion(root: unknown, input: { values: number; chars: number }, source: string): void {
  if (root === null || typeof root !== "object") return;
  const inputValues = input.values;
  const budget = Math.max(RESOLVE_EXPANSION_FLOOR, RESOLVE_EXPANSION_FACTOR * inputValues);
  const charBudget = Math.max(RESOLVE_OUTPUT_FLOOR, RESOLVE_EXPANSION_FACTOR * input.chars);
  // Per object: characters of its keys and scalars, and the sum of its values' depths below it (indentation).
  const text = new Map<object, number>();
  const below = new Map<object, number>();
  const size = new Map<object, number>();
  const depth = new Map<object, number>();
  const inProgress = new Set<object>();
  const stack: { node: object; expanded: boolean }[] = [{ node: root, expanded: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (size.has(top.node)) {
      stack.pop();
      continue;
    }
    const values = Object.values(top.node);
    if (!top.expanded) {
      top.expanded = true;
      inProgress.add(top.node);
      for (const v of values) {
        if (v === null || typeof v !== "object" || size.has(v)) continue;
        if (inProgress.has(v)) {
          throw new RefResolutionError(
            `${source}: resolving its references would make the document contain itself; leave the references ` +
              `as $ref (run without --resolve-refs, or resolve_refs: false).`,
          );
        }
        stack.push({ node: v, expanded: false });
      }
      continue;
    }
    stack.pop();
    inProgress.delete(top.node);
    let n = 1;
    let d = 1;
    let t = keyChars(top.node);
    let w = 0;
    for (const v of values) {
      if (v !== null && typeof v === "object") {
        const vn = size.get(v) ?? 1;
        n += vn;
        d = Math.max(d, (depth.get(v) ?? 0) + 1);
        t += text.get(v) ?? 0;
        w += (below.get(v) ?? 0) + vn;
      } else {
        n++;
        t += scalarChars(v);
        w++;
      }
    }
    if (n > budget) {
      throw new RefResolutionError(
        `${source}: resolving its references would make the document hold more than ${
          formatCount(budget)
        } values (the expansion budget: ${RESOLVE_EXPANSION_FACTOR} times the ${
          formatCount(inputValues)
        } values of the input, at least ${
          formatCount(RESOLVE_EXPANSION_FLOOR)
        }); references that multiply like this (several references to one large part, or to an ancestor) are ` +
          `an expansion bomb, so leave them as $ref (run without --resolve-refs, or resolve_refs: false).`,
      );
    }
    if (d > MAX_DEPTH) {
      throw new RefResolutionError(
        `${source}: resolving its references would nest the document deeper than ${MAX_DEPTH} levels, ` +
          `which oatool refuses; leave the references as $ref (run without --resolve-refs, or resolve_refs: false).`,
      );
    }
    const chars = t + 2 * w + 4 * n;
    if (chars > charBudget) {
      throw new RefResolutionError(
        `${source}: resolving its references would make the document about ${
          formatCount(chars)
        } characters long once written (the expansion budget: ${RESOLVE_EXPANSION_FACTOR} times the ${
          formatCount(input.chars)
        } characters of the input, at least ${
          formatCount(RESOLVE_OUTPUT_FLOOR)
        }); references that multiply a long text or a deep part like this are an expansion bomb, so leave ` +
          `them as $ref (run without --resolve-refs, or resolve_refs: false).`,
      );
    }
    size.set(top.node, n);
    depth.set(top.node, d);
    text.set(top.node, t);
    below.set(top.node, w);
  }
}

function pathTo(stack: { node: object; keys: string[]; i: number }[], last: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (let i = 1; i < stack.length; i++) {
    const parent = stack[i - 1];
    const k = parent.keys[parent.i - 1];
    out.push(Array.isArray(parent.node) ? Number(k) : k);
  }
  const top = stack[stack.length - 1];
  out.push(Array.isArray(top.node) ? Number(last) : last);
  return out;
}

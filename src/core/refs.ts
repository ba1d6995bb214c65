/**
 * `$ref` resolution: local JSON pointers and relative files confined to the root document's directory tree.
 * Remote (`http(s)`) references are refused in local documents; a document loaded from a URL resolves its relative
 * references against that URL (same origin only) and never reads local files. Where a reference may lead is
 * decided by `confine.ts`. Circular references are detected, never followed forever.
 *
 * @module
 */
import { dirname, isAbsolute, relative, sep } from "node:path";
import { describeError, LoadError, ParseError } from "./errors.ts";
import { loadStructured, type StructuredDocument } from "./load.ts";
import { defaultReader, type DocumentReader } from "./reader.ts";
import {
  isInside,
  locateRef,
  outsideBase,
  type ReadSet,
  redactUrl,
  redactUrlsIn,
  type RefOrigin,
} from "./confine.ts";
import { getAt, parsePointer } from "./pointer.ts";
import { deepCopy } from "./parse_text.ts";
import { forEachRef } from "./traverse.ts";
import type { OASVersion } from "./version.ts";
import { type Finding, finding } from "./finding.ts";
import type { SourceMap } from "./source_map.ts";

/** The root of a reference tree: a loaded document. */
export interface RefRoot {
  /** The root document. */
  document: unknown;
  /** Version family (decides where `$ref` is structure and where it is data). */
  oasVersion: OASVersion;
  /** Name for messages. */
  source: string;
  /** Absolute real path of the root file, when it is a file. */
  path?: string;
  /** Directory relative references resolve against and may not leave. */
  baseDir: string;
  /** The URL of a root loaded from one: its references resolve against it and never name local files. */
  url?: string;
  /** Where the files read are recorded. */
  readSet?: ReadSet;
  /** Source positions of the root text. */
  sourceMap(): SourceMap;
}

/** A document taking part in resolution (the root, or a referenced file). */
export interface RefDocument {
  /** Key: the absolute path, or the root's source name when it is not a file. */
  key: string;
  /** Name for messages: path relative to the current directory, or the root's source name. */
  source: string;
  /** The parsed data. */
  data: unknown;
  /** Source positions of its text. */
  sourceMap(): SourceMap;
}

/** A successfully resolved reference. */
export interface ResolvedRef {
  ok: true;
  /** The target value. */
  value: unknown;
  /** Key of the document holding the target. */
  file: string;
  /** Pointer segments of the target inside that document. */
  segments: string[];
}

/** A reference that cannot be resolved, with the reason. */
export interface UnresolvedRef {
  ok: false;
  /** One sentence: why. */
  message: string;
  /** `remote`, `outside`, `missing-file`, `bad-file`, `missing-target`, `bad-pointer`. */
  reason: "remote" | "outside" | "missing-file" | "bad-file" | "missing-target" | "bad-pointer";
}

/** Options of {@link createRefResolver}. */
export interface RefResolverOptions {
  /** Where referenced files are read from. @default defaultReader */
  reader?: DocumentReader;
  /** Where the files read are recorded. @default the root's set, else the reader's */
  readSet?: ReadSet;
  /** Largest referenced file accepted, in bytes. @default the reader's (256 MiB) */
  maxInputSize?: number;
}

/**
 * Resolves references of a root document and the local files it references. Create it with
 * {@link createRefResolver}, which loads every referenced file up front, so lookups are synchronous.
 */
export class RefResolver {
  /** The root document's key. */
  readonly rootKey: string;
  readonly #docs = new Map<string, RefDocument>();
  readonly #failed = new Map<string, UnresolvedRef>();
  readonly #baseDir: string;
  readonly #realBase: string;
  readonly #reader: DocumentReader;
  readonly #oasVersion: OASVersion;
  readonly #rootUrl: string | undefined;
  readonly #urlDocs = new Set<string>();
  readonly #readSet: ReadSet | undefined;
  readonly #maxInputSize: number | undefined;

  /** @internal use {@link createRefResolver}. */
  constructor(root: RefRoot, realBase: string, reader: DocumentReader, options: RefResolverOptions = {}) {
    this.rootKey = root.path ?? root.source;
    this.#baseDir = root.baseDir;
    this.#realBase = realBase;
    this.#reader = reader;
    this.#oasVersion = root.oasVersion;
    this.#rootUrl = root.path === undefined ? root.url : undefined;
    if (this.#rootUrl !== undefined) this.#urlDocs.add(this.rootKey);
    this.#readSet = options.readSet ?? root.readSet ?? reader.readSet;
    this.#maxInputSize = options.maxInputSize;
    this.#docs.set(this.rootKey, {
      key: this.rootKey,
      source: root.source,
      data: root.document,
      sourceMap: root.sourceMap,
    });
  }

  /** Every document taking part, the root first. */
  get documents(): RefDocument[] {
    return [...this.#docs.values()];
  }

  /** A document by key. */
  document(key: string): RefDocument | undefined {
    return this.#docs.get(key);
  }

  /** Where references in the document `fromKey` resolve (a directory confined to the base, or a URL). */
  #originOf(fromKey: string): RefOrigin {
    if (this.#urlDocs.has(fromKey)) {
      return { kind: "url", url: fromKey === this.rootKey ? this.#rootUrl! : fromKey };
    }
    return fromKey === this.rootKey
      ? { kind: "file", dir: this.#baseDir, base: this.#baseDir }
      : { kind: "file", dir: dirname(fromKey), base: this.#realBase };
  }

  /** Splits a reference into the file key it names (or undefined for the same file) and its fragment. */
  #target(ref: string, fromKey: string): { file: string; fragment: string; url: boolean } | UnresolvedRef {
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash);
    if (filePart === "") return { file: fromKey, fragment, url: this.#urlDocs.has(fromKey) };
    const where = locateRef(filePart, ref, this.#originOf(fromKey));
    if (where.kind === "refused") return { ok: false, reason: where.reason, message: where.message };
    return where.kind === "url"
      ? { file: where.url, fragment, url: true }
      : { file: where.path, fragment, url: false };
  }

  /**
   * The name of a referenced file in messages: its path from the working directory when it lies below it,
   * else its path from the base document's directory (never a chain of `../../..` up to a common ancestor).
   */
  #label(realPath: string): string {
    const fromCwd = relative(this.#reader.cwd(), realPath);
    if (fromCwd !== "" && !isAbsolute(fromCwd) && fromCwd !== ".." && !fromCwd.startsWith(".." + sep)) {
      return fromCwd;
    }
    return relative(this.#realBase, realPath) || realPath;
  }

  /**
   * Loads the file a reference names (once). The path was already confined by {@link locateRef} without a file
   * system call; here its real path is checked too, so a symbolic link cannot lead outside, and only regular
   * files are read. A URL is fetched with the reader's caps and timeout.
   */
  async #loadFile(file: string, ref: string, isUrl: boolean): Promise<string | UnresolvedRef> {
    if (this.#docs.has(file)) return file;
    const failed = this.#failed.get(file);
    if (failed) return failed;
    let result: string | UnresolvedRef;
    const shownRef = redactUrlsIn(ref);
    const options = {
      reader: this.#reader,
      readSet: this.#readSet,
      maxInputSize: this.#maxInputSize,
      role: "referenced" as const,
    };
    try {
      if (isUrl) {
        const loaded: StructuredDocument = await loadStructured({ url: file }, options);
        this.#urlDocs.add(file);
        this.#docs.set(file, {
          key: file,
          source: redactUrl(file),
          data: loaded.data,
          sourceMap: loaded.sourceMap,
        });
        result = file;
      } else {
        const real = await this.#reader.realPath(file);
        if (!isInside(this.#realBase, real)) {
          result = { ok: false, reason: "outside", message: outsideBase(ref, this.#realBase).message };
        } else if (this.#docs.has(real)) {
          result = real;
        } else {
          const loaded: StructuredDocument = await loadStructured({ file: real }, options);
          const shown = this.#label(real);
          this.#docs.set(real, { key: real, source: shown, data: loaded.data, sourceMap: loaded.sourceMap });
          result = real;
        }
      }
    } catch (error) {
      if (error instanceof LoadError) {
        result = {
          ok: false,
          reason: "missing-file",
          message: `reference "${shownRef}": ${describeError(error)}`,
        };
      } else if (error instanceof ParseError) {
        result = {
          ok: false,
          reason: "bad-file",
          message: `reference "${shownRef}": ${describeError(error)}`,
        };
      } else throw error;
    }
    if (typeof result === "string") {
      if (result !== file) this.#docs.set(file, this.#docs.get(result)!);
    } else this.#failed.set(file, result);
    return result;
  }

  /** Loads every file reachable through references from the root. */
  async loadAll(): Promise<void> {
    const queue = [this.rootKey];
    const done = new Set<string>();
    while (queue.length > 0) {
      const key = queue.shift()!;
      if (done.has(key)) continue;
      done.add(key);
      const doc = this.#docs.get(key);
      if (!doc) continue;
      const refs = new Set<string>();
      forEachRef(doc.data, this.#oasVersion, (ref) => refs.add(ref));
      for (const ref of refs) {
        const t = this.#target(ref, key);
        if ("ok" in t || t.file === key) continue;
        const loaded = await this.#loadFile(t.file, ref, t.url);
        if (typeof loaded === "string") queue.push(this.#docs.get(loaded)!.key);
      }
    }
  }

  /**
   * Resolves a reference written in the document `fromKey` (default: the root). Files must have been loaded
   * with {@link loadAll} (which {@link createRefResolver} does).
   */
  resolve(ref: string, fromKey: string = this.rootKey): ResolvedRef | UnresolvedRef {
    const t = this.#target(ref, fromKey);
    if ("ok" in t) return t;
    let doc = this.#docs.get(t.file);
    if (doc === undefined) {
      const failed = this.#failed.get(t.file);
      if (failed) return failed;
      return {
        ok: false,
        reason: "missing-file",
        message: `reference "${redactUrlsIn(ref)}": file "${redactUrl(t.file)}" was not loaded.`,
      };
    }
    doc = this.#docs.get(doc.key)!;
    const segments = parsePointer(t.fragment === "" ? "" : t.fragment);
    if (segments === undefined) {
      return {
        ok: false,
        reason: "bad-pointer",
        message: `reference "${
          redactUrlsIn(ref)
        }" has a fragment that is not a JSON pointer; write it as "#/path/to/target".`,
      };
    }
    const value = getAt(doc.data, segments);
    if (value === undefined) {
      return {
        ok: false,
        reason: "missing-target",
        message: `reference "${redactUrlsIn(ref)}" points at nothing; no value at "${
          t.fragment || "#"
        }" in ${doc.source}.`,
      };
    }
    return { ok: true, value, file: doc.key, segments };
  }
}

/** Creates a resolver for a root document and loads every local file it references (transitively). */
export async function createRefResolver(
  root: RefRoot,
  options: RefResolverOptions = {},
): Promise<RefResolver> {
  const reader = options.reader ?? defaultReader;
  let realBase = root.baseDir;
  if (root.path !== undefined || root.url === undefined) {
    try {
      realBase = await reader.realPath(root.baseDir);
    } catch { /* an in-memory base */ }
  }
  const resolver = new RefResolver(root, realBase, reader, options);
  await resolver.loadAll();
  return resolver;
}

/** Result of {@link resolveRefs}. */
export interface ResolveRefsResult {
  /** A new document with every resolvable reference replaced by its target. The input is not changed. */
  document: unknown;
  /** Circular references (kept as `$ref`) and unresolvable ones (kept as written). */
  warnings: Finding[];
  /** The resolver used, with every referenced document. */
  resolver: RefResolver;
}

/**
 * Replaces every resolvable `$ref` (local pointers and local files) by its target. References that would make
 * the document contain itself stay as `$ref` and are reported as warnings; so are unresolvable ones. A Reference
 * Object's sibling fields (3.1 `summary`/`description`) override the target's. Targets reached from several
 * places are shared, not copied.
 */
export async function resolveRefs(
  root: RefRoot,
  options: RefResolverOptions = {},
): Promise<ResolveRefsResult> {
  const resolver = await createRefResolver(root, options);
  const warnings: Finding[] = [];
  // Work on copies of every document so the input stays untouched.
  const copies = new Map<string, unknown>();
  for (const doc of resolver.documents) if (!copies.has(doc.key)) copies.set(doc.key, deepCopy(doc.data));
  const docOf = (key: string): unknown => copies.get(resolver.document(key)!.key);

  // Every structural $ref holder of every document, with the target it stands for.
  const substitute = new Map<object, object | { circular: string }>();
  const holderFile = new Map<object, string>();
  for (const [key, data] of copies) {
    if (resolver.document(key)!.key !== key) continue;
    forEachRef(data, root.oasVersion, (_ref, holder) => {
      holderFile.set(holder, key);
    });
  }
  const targetOf = (holder: Record<string, unknown>): object | { unresolved: string } | undefined => {
    // Follow chains of references (a $ref whose target is itself a $ref), detecting loops.
    let current = holder;
    let file = holderFile.get(holder)!;
    const seen = new Set<object>();
    for (;;) {
      if (seen.has(current)) {
        return {
          unresolved: `reference "${
            redactUrlsIn(String(holder.$ref))
          }" is part of a loop of references that never reaches a value.`,
        };
      }
      seen.add(current);
      const r = resolver.resolve(current.$ref as string, file);
      if (!r.ok) return { unresolved: r.message };
      const value = getAt(docOf(r.file), r.segments);
      if (value === null || typeof value !== "object") return undefined; // a reference to a scalar: keep the ref
      const v = value as Record<string, unknown>;
      if (typeof v.$ref === "string" && holderFile.has(v)) {
        current = v;
        file = holderFile.get(v)!;
        continue;
      }
      const siblings = Object.keys(holder).filter((k) => k !== "$ref");
      if (siblings.length === 0 || Array.isArray(v)) return v;
      const merged: Record<string, unknown> = { ...v };
      for (const k of siblings) merged[k] = holder[k];
      return merged;
    }
  };
  const rootCopy = copies.get(resolver.rootKey)!;
  // Iterative depth-first walk over the substituted graph; a substitution that closes a cycle is kept as $ref.
  const GRAY = 1;
  const BLACK = 2;
  const state = new Map<object, number>();
  interface Frame {
    node: object;
    keys: string[];
    i: number;
  }
  const enter = (node: object): Frame => {
    state.set(node, GRAY);
    return { node, keys: Object.keys(node), i: 0 };
  };
  const stack: Frame[] = [enter(rootCopy as object)];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.i >= frame.keys.length) {
      state.set(frame.node, BLACK);
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.i++];
    const child = (frame.node as Record<string, unknown>)[key];
    if (child === null || typeof child !== "object") continue;
    let next = child as object;
    if (holderFile.has(child)) {
      let sub = substitute.get(child);
      if (sub === undefined) {
        const t = targetOf(child as Record<string, unknown>);
        if (t === undefined) sub = child;
        else if ("unresolved" in t) {
          warnings.push(
            finding("warning", pathTo(stack, key), (t as { unresolved: string }).unresolved, {
              rule: "ref-unresolved",
            }),
          );
          sub = child;
        } else sub = t;
        substitute.set(child, sub);
      }
      next = sub as object;
      if (next !== child && state.get(next) === GRAY) {
        warnings.push(
          finding(
            "warning",
            pathTo(stack, key),
            `circular reference "${
              redactUrlsIn(String((child as Record<string, unknown>).$ref))
            }" kept as $ref.`,
            { rule: "ref-circular" },
          ),
        );
        continue;
      }
      if (next !== child) (frame.node as Record<string, unknown>)[key] = next;
    }
    const st = state.get(next);
    if (st === undefined) stack.push(enter(next));
  }
  return { document: rootCopy, warnings, resolver };
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

/**
 * The {@link Joiner}: a configured joiner that can join several sets of documents.
 *
 * @module
 */
import { pushAll } from "../core/bounded_text.ts";
import type { Obj } from "../core/json.ts";
import { basename, resolve } from "node:path";
import {
  computeStats,
  deepCopy,
  defaultReader,
  detectVersion,
  documentFromObject,
  type DocumentReader,
  type Finding,
  type InputSource,
  isParseResult,
  loadDocument,
  type OASVersion,
  type OpenAPIDocument,
  type ParseResult,
  ReadSet,
  type SourceMap,
  UsageError,
  VersionMismatchError,
} from "../core/mod.ts";
import type { applyOverlay, LoadedOverlay } from "../overlay/mod.ts";
import { bundle } from "../bundler/mod.ts";
import { isMultiFile } from "../bundler/mod.ts";
import {
  EQUIVALENCE_MODES,
  isCollisionStrategy,
  parseCollisionStrategy,
  parseEquivalenceMode,
} from "./collision_strategy.ts";
import { defaultConfig, type JoinerConfig, type SourceMaps } from "./joiner_config.ts";
import { type CollisionReport, type InputCheck, JoinResult, type StructuredWarning } from "./join_result.ts";
import { joinWarning } from "./_join_warning.ts";
import { InvalidInputError } from "./errors.ts";
import { type MergeInput, Merger } from "./_merger.ts";
import { compileJoinOperationIdTemplate } from "./_operation_ids.ts";
import { checkOutput, inputErrors, outputBaseline } from "./_output_check.ts";
import { applySemanticDedup, SchemaNamer } from "./naming.ts";
import { writeResult } from "./write_result.ts";

const VALID_PREFIX = /^[a-zA-Z0-9._-]+$/;

/** A document to join that is already parsed: a parse result, or a plain OpenAPI object. */
export type ParsedInput = ParseResult | Readonly<Record<string, unknown>>;

interface Prepared {
  result: ParseResult;
  doc: Obj;
  version: string;
  oasVersion: OASVersion;
}

/**
 * Checks and completes a configuration (strategies, equivalence mode, prefixes).
 *
 * @throws {UsageError} for unknown strategies or modes, a rename strategy for paths, or an invalid prefix.
 */
function checkConfig(config: Partial<JoinerConfig>): JoinerConfig {
  const c: JoinerConfig = { ...defaultConfig() };
  for (const [k, v] of Object.entries(config)) {
    if (v !== undefined) (c as unknown as Record<string, unknown>)[k] = v;
  }
  c.defaultStrategy = parseCollisionStrategy(String(c.defaultStrategy), "default strategy");
  for (const key of ["pathStrategy", "schemaStrategy", "componentStrategy"] as const) {
    const v = c[key];
    if (v !== undefined && !isCollisionStrategy(v)) parseCollisionStrategy(String(v), key);
  }
  if (c.pathStrategy === "rename-left" || c.pathStrategy === "rename-right") {
    throw new UsageError(
      `path strategy "${c.pathStrategy}" is not possible: paths cannot be renamed; use accept-left, ` +
        `accept-right, fail, fail-on-paths or dedup-equivalent.`,
    );
  }
  if (!(EQUIVALENCE_MODES as readonly string[]).includes(c.equivalenceMode)) {
    parseEquivalenceMode(String(c.equivalenceMode));
  }
  for (const [source, prefix] of Object.entries(c.namespacePrefix ?? {})) {
    if (typeof prefix !== "string" || !VALID_PREFIX.test(prefix)) {
      throw new UsageError(
        `namespace prefix ${
          JSON.stringify(prefix)
        } for "${source}" is not a valid component name part; use ` +
          `letters, digits, ".", "-" and "_" only.`,
      );
    }
  }
  compileJoinOperationIdTemplate(String(c.operationIdTemplate));
  if (c.collisionHandler !== undefined && typeof c.collisionHandler !== "function") {
    throw new UsageError("collisionHandler must be a function returning a collision resolution.");
  }
  return c;
}

/**
 * Joins OpenAPI documents with one configuration; {@link Joiner.join} may be called any number of times.
 *
 * @example
 * ```ts
 * import { Joiner, defaultConfig } from "@oatool/cli/joiner";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const joiner = new Joiner({ ...defaultConfig(), schemaStrategy: "rename-right" });
 * const result = await joiner.joinParsed([
 *   { openapi: "3.1.0", info: { title: "A", version: "1" }, paths: { "/a": {} } },
 *   { openapi: "3.1.0", info: { title: "B", version: "1" }, paths: { "/b": {} } },
 * ]);
 * assertEquals(Object.keys(result.document.paths!), ["/a", "/b"]);
 * ```
 */
export class Joiner {
  /** The configuration in use (defaults filled in). */
  readonly config: Readonly<JoinerConfig>;
  readonly #schemaNamer: SchemaNamer;
  readonly #componentNamer: SchemaNamer;

  /**
   * Creates it.
   *
   * @throws {UsageError} for an invalid configuration. @throws {TemplateError} for an invalid rename template.
   */
  constructor(config: Partial<JoinerConfig> = defaultConfig()) {
    this.config = checkConfig(config);
    this.#schemaNamer = new SchemaNamer({
      renameTemplate: this.config.renameTemplate,
      operationContext: this.config.operationContext,
      primaryOperationPolicy: this.config.primaryOperationPolicy,
    });
    this.#componentNamer = new SchemaNamer({ renameTemplate: this.config.renameTemplate });
  }

  /**
   * Loads and joins documents given as file paths, URLs or other input sources, in order.
   *
   * @throws {UsageError} for fewer than two inputs. @throws {LoadError} {@link ParseError} when an input cannot be
   *   read. @throws {InvalidInputError} for an input that cannot be joined. @throws {VersionMismatchError} for
   *   2.0 mixed with 3.x. @throws {JoinCollisionError} for the collisions the configuration does not allow
   *   (every one, in `collisions`). @throws {JoinOutputError} for errors of the joined document no input had.
   */
  async join(inputs: readonly InputSource[]): Promise<JoinResult> {
    countCheck(inputs.length);
    const reader = this.config.reader ?? defaultReader;
    // One read set for the whole join: inputs, the files they reference, overlays.
    const readSet = reader.readSet ?? new ReadSet();
    const loaded: ParseResult[] = [];
    for (const input of inputs) loaded.push(await loadDocument(input, { reader, readSet }));
    return this.#run(loaded.map((result) => ({ result, doc: result.document as Obj })), readSet);
  }

  /**
   * Joins documents that are already parsed (parse results or plain objects); they are not parsed again, and
   * not changed: the joiner works on copies.
   */
  async joinParsed(documents: readonly ParsedInput[]): Promise<JoinResult> {
    countCheck(documents.length);
    return await this.#run(documents.map((d, i) => {
      const result = isParseResult(d) ? d : documentFromObject(d as object, { source: `parsed[${i}]` });
      return { result, doc: deepCopy(result.document) as Obj };
    }));
  }

  /** Writes a result (see {@link writeResult}). */
  writeResult(result: JoinResult, path: string): Promise<void> {
    return writeResult(result, path);
  }

  async #run(items: { result: ParseResult; doc: Obj }[], given?: ReadSet): Promise<JoinResult> {
    const config = this.config;
    const reader = config.reader ?? defaultReader;
    const readSet = given ?? new ReadSet();
    for (const { result } of items) if (result.readSet) readSet.addAll(result.readSet);
    const warnings: StructuredWarning[] = [];
    const inputPaths: string[] = [];
    for (const { result } of items) {
      if (result.path) inputPaths.push(result.path);
      if (result.errors.length > 0) {
        throw invalidInput(
          result,
          result.errors,
          "a join needs inputs with the basic structure of their version",
        );
      }
    }
    const multiFile = await bundleInputs(items, reader, readSet, warnings);
    const pre = await loadOverlays(config.preJoinOverlayFiles, reader, inputPaths, readSet);
    const post = await loadOverlays(config.postJoinOverlayFiles, reader, inputPaths, readSet);

    const prepared: Prepared[] = [];
    for (const item of items) {
      let doc = item.doc;
      for (const overlay of pre) {
        doc = applyOverlays(doc, overlay, item.result.source, warnings) as Obj;
      }
      const { version, oasVersion } = pre.length > 0
        ? detectVersion(doc, item.result.source)
        : { version: item.result.version, oasVersion: item.result.oasVersion };
      prepared.push({ result: item.result, doc, version, oasVersion });
    }
    checkVersions(prepared);
    const inputChecks = config.validateInputs
      ? await validateInputs(prepared, reader, Boolean(config.sourceMaps))
      : [];
    // What the output check compares with: the inputs' own errors, before the merge changes the documents.
    const baseline = config.checkOutput
      ? await outputBaseline(prepared, inputChecks, reader, {
        validateInputs: config.validateInputs,
        asLoaded: pre.length === 0,
      })
      : undefined;

    const maps = config.sourceMaps;
    const inputs: MergeInput[] = prepared.map((p, index) => {
      const input: MergeInput = {
        index,
        source: p.result.source,
        doc: p.doc,
        version: p.version,
        oasVersion: p.oasVersion,
      };
      const map = sourceMapOf(maps, p.result, reader);
      if (map) input.sourceMap = map;
      // Positions for the report of a failed join, from the input's text (files only; not bundled ones).
      else if (p.result.path !== undefined && p.doc === items[index].doc && !multiFile.has(p.result)) {
        input.textSourceMap = () => p.result.sourceMap();
      }
      const prefix = prefixOf(config.namespacePrefix, p.result, reader);
      if (prefix !== undefined) input.prefix = prefix;
      return input;
    });
    const first = prepared[0];
    const merger = new Merger({
      config,
      schemaNamer: this.#schemaNamer,
      componentNamer: this.#componentNamer,
      oasVersion: first.oasVersion,
    });
    const out = await merger.merge(inputs);
    pushAll(warnings, out.warnings);
    let document: Obj = out.document;

    if (config.semanticDeduplication) {
      const dedup = applySemanticDedup(document, first.oasVersion);
      const total = dedup.count + out.semanticConsolidated;
      if (total > 0) {
        const section = first.oasVersion === "2.0" ? ["definitions"] : ["components", "schemas"];
        warnings.push(
          joinWarning(
            "semantic-dedup",
            section,
            `semantic deduplication: consolidated ${total} duplicate definition(s)`,
          ),
        );
      }
    }
    // The join's own doing is checked before the post-join overlays change the result as the caller asked.
    if (baseline !== undefined) await checkOutput(document, first.result, baseline, reader);
    for (const overlay of post) {
      document = applyOverlays(document, overlay, "the joined document", warnings) as Obj;
    }
    const { version, oasVersion } = post.length > 0
      ? detectVersion(document, "the joined document")
      : { version: first.version, oasVersion: first.oasVersion };

    let collisionDetails: CollisionReport | undefined;
    if (config.collisionReport) {
      const list = out.collisions;
      collisionDetails = {
        totalCount: list.length,
        schemaCount: list.filter((c) => c.type === "schema").length,
        pathCount: list.filter((c) => c.type === "path" || c.type === "webhook").length,
        componentCount: list.filter((c) => c.type !== "schema" && c.type !== "path" && c.type !== "webhook")
          .length,
        collisions: list,
        identicalCount: out.identicalMerged,
      };
    }
    return new JoinResult({
      document: document as OpenAPIDocument,
      version,
      oasVersion,
      sourceFormat: first.result.format,
      warnings,
      collisionCount: out.collisionCount,
      identicalCount: out.identicalMerged,
      stats: computeStats(document, oasVersion),
      collisionDetails,
      sources: prepared.map((p) => p.result.source),
      inputPaths,
      baseDir: first.result.baseDir,
      inputChecks,
      readSet,
    });
  }
}

/**
 * Bundles each input that references other files (`bundle()`), so the components of its files are local and
 * take part in collision handling, renaming and reference rewriting like the root's, and the joined document
 * holds only local references. A reference that resolves nowhere cannot be joined: it is refused. The files
 * read join the run's read set (no output may replace one of them).
 *
 * Returns the inputs that name other files (each looked at once: the check scans the text).
 *
 * @throws {InvalidInputError} for an input with references that resolve nowhere.
 */
async function bundleInputs(
  items: { result: ParseResult; doc: Obj }[],
  reader: DocumentReader,
  readSet: ReadSet,
  warnings: StructuredWarning[],
): Promise<Set<ParseResult>> {
  const multiFile = new Set<ParseResult>();
  for (const item of items) {
    if (!isMultiFile(item.result)) continue;
    multiFile.add(item.result);
    const input: ParseResult = item.doc === item.result.document
      ? item.result
      : { ...item.result, document: item.doc as OpenAPIDocument };
    const bundled = await bundle(input, { reader });
    if (bundled.readSet) readSet.addAll(bundled.readSet);
    const errors = bundled.warnings.filter((f) => f.severity === "error");
    if (errors.length > 0) {
      throw invalidInput(item.result, errors, "references that resolve nowhere cannot be joined");
    }
    for (const f of bundled.warnings) {
      if (f.severity !== "warning") continue;
      warnings.push(
        joinWarning("bundle", [], `${item.result.source}: ${f.path ? `${f.path}: ` : ""}${f.message}`),
      );
    }
    // A copy: the bundle may share objects with the input, which a join never changes.
    item.doc = deepCopy(bundled.document) as Obj;
  }
  return multiFile;
}

function countCheck(n: number): void {
  if (n < 2) {
    throw new UsageError(
      `joining needs at least two documents; ${n === 0 ? "none was" : "only one was"} given.`,
    );
  }
}

function invalidInput(result: ParseResult, findings: Finding[], why: string): InvalidInputError {
  const errors = findings.filter((f) => f.severity === "error");
  const firstError = errors[0] ?? findings[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return new InvalidInputError(
    `${result.source} has ${errors.length} validation error(s), the first at ${
      firstError.path || "(root)"
    }: ${
      firstError.message.replace(/\.$/, "")
    }${more}; ${why}, so fix them first (oatool validate shows all).`,
    result.source,
    errors,
  );
}

/** 2.0 joins only 2.0; 3.0, 3.1 and 3.2 join each other. */
function checkVersions(prepared: readonly Prepared[]): void {
  const first = prepared[0];
  const is2 = first.oasVersion === "2.0";
  for (const p of prepared.slice(1)) {
    if ((p.oasVersion === "2.0") === is2) continue;
    const name = (x: Prepared) => `${x.oasVersion === "2.0" ? "Swagger" : "OpenAPI"} ${x.version}`;
    throw new VersionMismatchError(
      `cannot join ${p.result.source} (${name(p)}) with ${first.result.source} (${
        name(first)
      }): OpenAPI 2.0 ` +
        `documents join only with 2.0 and 3.x only with 3.x; convert one of them first (oatool convert).`,
    );
  }
}

/** Rules whose errors make an input impossible to join: the merged document would be broken by them. */
const UNJOINABLE_RULES: ReadonlySet<string> = new Set(["ref-resolves"]);

/**
 * Validates every input. Errors are reported, not refused (validity is the caller's business, as the
 * specification says), except those that make a join impossible: references that resolve nowhere.
 *
 * @throws {InvalidInputError} for an input with unresolvable references.
 */
async function validateInputs(
  prepared: readonly Prepared[],
  reader: DocumentReader,
  positions: boolean,
): Promise<InputCheck[]> {
  const checks: InputCheck[] = [];
  for (const p of prepared) {
    const errors = await inputErrors(p, reader, positions);
    const blocking = errors.filter((f) => UNJOINABLE_RULES.has(f.rule ?? ""));
    if (blocking.length > 0) {
      throw invalidInput(p.result, blocking, "references that resolve nowhere cannot be joined");
    }
    if (errors.length > 0) checks.push({ source: p.result.source, errors });
  }
  return checks;
}

/** A loaded overlay and the function applying it (the overlay module is loaded only when a join has overlays). */
interface JoinOverlay {
  loaded: LoadedOverlay;
  apply: typeof applyOverlay;
}

async function loadOverlays(
  inputs: readonly InputSource[],
  reader: DocumentReader,
  inputPaths: string[],
  readSet: ReadSet,
): Promise<JoinOverlay[]> {
  const out: JoinOverlay[] = [];
  if (inputs.length === 0) return out;
  const { applyOverlay: apply, loadOverlay } = await import("../overlay/mod.ts");
  for (const input of inputs) {
    const overlay = await loadOverlay(input, { reader, readSet, role: "referenced" });
    if (overlay.path) inputPaths.push(overlay.path);
    out.push({ loaded: overlay, apply });
  }
  return out;
}

function applyOverlays(
  doc: unknown,
  { loaded: overlay, apply }: JoinOverlay,
  target: string,
  warnings: StructuredWarning[],
): unknown {
  const r = apply(doc, overlay.data, { inPlace: true, source: overlay.source });
  for (const a of r.actions) {
    if (a.applied) continue;
    warnings.push(
      joinWarning(
        "overlay",
        [],
        `overlay ${overlay.source}: action [${a.index}] target ${
          JSON.stringify(a.target)
        } selected nothing in ${target}`,
      ),
    );
  }
  for (const f of r.warnings) {
    warnings.push(
      joinWarning("overlay", [], `overlay ${overlay.source}: ${f.path ? `${f.path}: ` : ""}${f.message}`),
    );
  }
  return r.document;
}

function candidates(result: ParseResult, reader: DocumentReader): string[] {
  const out = [result.source];
  if (result.path) out.push(result.path);
  return out.concat(resolve(reader.cwd(), result.source));
}

function sourceMapOf(
  maps: SourceMaps | boolean | undefined,
  result: ParseResult,
  reader: DocumentReader,
): SourceMap | undefined {
  if (maps === undefined || maps === false) return undefined;
  if (maps === true) return result.sourceMap();
  const keys = candidates(result, reader);
  if (maps instanceof Map) {
    for (const k of keys) if (maps.has(k)) return maps.get(k);
    for (const [k, v] of maps) if (resolve(reader.cwd(), k) === (result.path ?? keys[2])) return v;
    return undefined;
  }
  const record = maps as Readonly<Record<string, SourceMap>>;
  for (const k of keys) if (Object.hasOwn(record, k)) return record[k];
  for (const [k, v] of Object.entries(record)) {
    if (resolve(reader.cwd(), k) === (result.path ?? keys[2])) return v;
  }
  return undefined;
}

function prefixOf(
  prefixes: Readonly<Record<string, string>>,
  result: ParseResult,
  reader: DocumentReader,
): string | undefined {
  const keys = candidates(result, reader);
  for (const [k, prefix] of Object.entries(prefixes)) {
    if (keys.includes(k) || resolve(reader.cwd(), k) === (result.path ?? keys[2])) return prefix;
  }
  for (const [k, prefix] of Object.entries(prefixes)) {
    if (basename(result.source) === k) return prefix;
  }
  return undefined;
}

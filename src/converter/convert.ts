/**
 * The `convert` verb: OpenAPI 2.0 ↔ 3.x and 3.x ↔ 3.y, as a chain of one-step conversions (2.0 ↔ 3.0,
 * 3.0 ↔ 3.1, 3.1 ↔ 3.2), each in its own file. Everything a conversion cannot carry over is an issue (a
 * {@link Finding} with severity `info`, `warning` or `critical`, a path and a stable rule id).
 *
 * @module
 */
import {
  deepCopy,
  detectVersion,
  type DocumentFormat,
  type DocumentReader,
  type DocumentStats,
  type Finding,
  type InputSource,
  isParseResult,
  type OASVersion,
  type ParseResult,
  type ReadSet,
  SUPPORTED_VERSIONS,
  UsageError,
} from "../core/mod.ts";
import {
  documentChanged,
  documentChanging,
  type DocumentSet,
  isDocumentSet,
  loadDocumentSet,
} from "../io/document_set.ts";
import { Step } from "./_context.ts";
import { checkSections } from "./_sections.ts";
import { down31to30 } from "./_down.ts";
import { up30to31 } from "./_up.ts";
import { v2to3 } from "./_v2_to_v3.ts";
import { v3to2 } from "./_v3_to_v2.ts";
import { down32to31 } from "./_v32_to_v31.ts";

/** Options of {@link convert} and {@link convertDocument}. */
export interface ConvertOptions {
  /** Target version: `2.0`, `3.0.0`–`3.0.4`, `3.1.0`–`3.1.2`, `3.2.0`, or `3.0`, `3.1`, `3.2` (latest patch). */
  target: string;
  /** Any warning or critical issue makes the conversion unsuccessful. @default false */
  strict?: boolean;
  /** Leave warning and info issues out of the result. @default false */
  noWarnings?: boolean;
  /** Give each issue the `file:line:column` of its source node (when the input has a source). @default false */
  sourceMap?: boolean;
  /** Where to read documents from (for {@link convert} with an input source). */
  reader?: DocumentReader;
  /**
   * Convert the given document object itself instead of a copy (faster; the object is changed and must not be
   * used afterwards). {@link convert} does so with the documents it loads. @default false
   */
  inPlace?: boolean;
}

/** What a conversion gives. */
export interface ConvertResult {
  /** The converted document (a new object; the input is never changed). */
  document: Record<string, unknown>;
  /** Version of the input (`2.0`, `3.0.3`, …). */
  sourceVersion: string;
  /** Version of the output. */
  targetVersion: string;
  /** False when there is a critical issue (or, with `strict`, any warning). */
  success: boolean;
  /**
   * Issues in the order found: severity `info`, `warning` or `critical`; `path`/`pointer` name the place in the
   * input (for chained conversions, in the document of the step that found it, which keeps the input's paths
   * except where 2.0 and 3.x lay out the same thing differently); `rule` is a stable id such as
   * `convert-definitions-moved`.
   */
  issues: Finding[];
}

/** Everything {@link convert} gives, with what the input was. */
export interface ConvertFileResult extends ConvertResult {
  /** The input's name for messages. */
  source: string;
  /** The input's format (the output is written in it). */
  format: DocumentFormat;
  /** The input's size in bytes. */
  sizeBytes: number;
  /** Counts of the input. */
  stats: DocumentStats;
  /** Milliseconds spent loading. */
  loadTimeMs: number;
  /** Milliseconds spent converting. */
  convertTimeMs: number;
  /** The input's absolute path, when it is a file. */
  path?: string;
  /** Every file read to load the input (writers must not write over one of them). */
  readSet?: ReadSet;
}

/** Every accepted `target` value, in order. */
export const CONVERT_TARGETS: readonly string[] = [
  ...Object.values(SUPPORTED_VERSIONS).flat(),
  "3.0",
  "3.1",
  "3.2",
];

/**
 * The exact version and family of a target value (`3.1` → `3.1.2`).
 *
 * @throws {UsageError} for anything that is not an accepted target, listing them.
 */
export function parseTarget(target: string): { version: string; family: OASVersion } {
  const short: Record<string, OASVersion> = { "3.0": "3.0", "3.1": "3.1", "3.2": "3.2" };
  if (Object.hasOwn(short, target)) {
    const family = short[target];
    const list = SUPPORTED_VERSIONS[family];
    return { version: list[list.length - 1], family };
  }
  for (const [family, list] of Object.entries(SUPPORTED_VERSIONS)) {
    if (list.includes(target)) return { version: target, family: family as OASVersion };
  }
  throw new UsageError(
    `the target version "${target}" is not supported; use one of ${CONVERT_TARGETS.join(", ")}.`,
  );
}

const ORDER: readonly OASVersion[] = ["2.0", "3.0", "3.1", "3.2"];

/**
 * Converts a parsed document (a plain object; it is copied, never changed) to another OpenAPI version.
 * Synchronous, pure and deterministic: the same input gives the same output and issues.
 *
 * @example
 * ```ts
 * import { convertDocument } from "@oatool/cli/converter";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = convertDocument({ swagger: "2.0", info: { title: "t", version: "1" }, paths: {} }, { target: "3.1" });
 * assertEquals(r.targetVersion, "3.1.2");
 * ```
 * @throws {UsageError} for an unsupported target.
 * @throws {UnsupportedVersionError} when the document declares no supported version.
 * @throws {ConverterInternalError} when the output would still refer to a section the target version does not
 *   have (a mistake of the converter, never of the input).
 */
export function convertDocument(
  input: Record<string, unknown>,
  options: ConvertOptions,
): ConvertResult {
  const target = parseTarget(options.target);
  const source = detectVersion(input);
  const issues: Finding[] = [];
  let doc = options.inPlace ? input : deepCopy(input);
  let family = source.oasVersion;
  if (source.version === target.version) {
    issues.push({
      severity: "info",
      path: "",
      pointer: "",
      message: `the document is already OpenAPI ${target.version}; it is unchanged.`,
      rule: "convert-same-version",
    });
  }
  const step = (from: OASVersion, run: (s: Step) => Record<string, unknown> | void) => {
    const s = new Step(doc, from, issues);
    doc = run(s) ?? doc;
  };
  while (family !== target.family) {
    const up = ORDER.indexOf(target.family) > ORDER.indexOf(family);
    if (family === "2.0") step("2.0", (s) => v2to3(s, target.version));
    else if (family === "3.0" && !up) step("3.0", (s) => v3to2(s));
    else if (family === "3.0") step("3.0", up30to31);
    else if (family === "3.1" && up) step("3.1", () => {});
    else if (family === "3.1") step("3.1", down31to30);
    else step("3.2", down32to31);
    family = family === "2.0" ? "3.0" : ORDER[ORDER.indexOf(family) + (up ? 1 : -1)];
  }
  if (target.family !== "2.0") {
    if ("openapi" in doc) doc.openapi = target.version;
    else doc = { openapi: target.version, ...doc };
  }
  if (source.oasVersion !== target.family) {
    checkSections(doc, source.oasVersion, target.family, target.version);
  }
  const failing = issues.some((i) =>
    i.severity === "critical" || (options.strict && i.severity === "warning")
  );
  const kept = options.noWarnings ? issues.filter((i) => i.severity === "critical") : issues;
  return {
    document: doc,
    sourceVersion: source.version,
    targetVersion: target.version,
    success: !failing,
    issues: kept,
  };
}

/**
 * Converts an OpenAPI document (a file, URL, standard input, inline content, or an already loaded
 * {@link ParseResult}) to another OpenAPI version; the result is valid for the target version wherever the
 * input was valid for its own, and names everything it could not carry over.
 *
 * @example
 * ```ts
 * import { convert } from "@oatool/cli/converter";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await convert({ content: "swagger: '2.0'\ninfo: {title: t, version: '1'}\nhost: api.example.com\npaths: {}" }, {
 *   target: "3.0",
 * });
 * assertEquals(r.document.servers, [{ url: "https://api.example.com" }]);
 * ```
 * @throws {UsageError} for an unsupported target; {@link LoadError}, {@link ParseError},
 *   {@link UnsupportedVersionError} when the input cannot be read.
 */
export async function convert(
  input: InputSource | ParseResult | DocumentSet,
  options: ConvertOptions,
): Promise<ConvertFileResult> {
  parseTarget(options.target);
  const given = isParseResult(input) || isDocumentSet(input);
  const loaded = isDocumentSet(input)
    ? input.root
    : isParseResult(input)
    ? input
    : (await loadDocumentSet(input, { reader: options.reader, validateStructure: false })).root;
  const started = performance.now();
  // A document loaded here is nobody else's: it is converted in place (its statistics stay those as loaded).
  if (options.inPlace || !given) documentChanging(loaded);
  const result = convertDocument(loaded.document as Record<string, unknown>, {
    ...options,
    inPlace: options.inPlace || !given,
  });
  const convertTimeMs = performance.now() - started;
  if (given && options.inPlace) documentChanged(loaded); // its set's index forgets what it resolved before
  if (options.sourceMap && loaded.text !== "") {
    const map = loaded.sourceMap();
    for (const issue of result.issues) {
      const at = map.positionOf(issue.pointer);
      if (at !== undefined) issue.location = at;
    }
  }
  return {
    ...result,
    source: loaded.source,
    format: loaded.format,
    sizeBytes: loaded.sizeBytes,
    stats: loaded.stats,
    loadTimeMs: loaded.loadTimeMs,
    convertTimeMs,
    path: loaded.path,
    readSet: loaded.readSet,
  };
}

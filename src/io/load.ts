/**
 * Loading documents from files, URLs, standard input and strings.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { dirname, isAbsolute, resolve } from "node:path";
import { LoadError, ParseError } from "../core/errors.ts";
import { type DocumentFormat, formatFromName, parseText } from "../core/parse_text.ts";
import { createSourceMap, type SourceMap } from "../core/source_map.ts";
import { defaultReader, type DocumentReader } from "./reader.ts";
import { ReadSet, redactUrl } from "../core/confine.ts";
import { detectVersion, laterPatch, type OASVersion } from "../core/version.ts";
import { computeStats, type DocumentStats } from "../refs/stats.ts";
import type { Finding } from "../core/finding.ts";
import { checkStructure } from "../core/structure.ts";
import type { OpenAPIDocument } from "../core/types.ts";

/**
 * Where a document comes from: a string is a file path, an `http(s)://` URL, or `-` for standard input; or an
 * object naming exactly one of `file`, `url`, `content`.
 */
export type InputSource =
  | string
  | { file: string }
  | { url: string }
  | { content: string; name?: string; format?: DocumentFormat };

/** Options of {@link loadStructured}. */
export interface LoadOptions {
  /** Where files, URLs and standard input are read from. @default defaultReader */
  reader?: DocumentReader;
  /** Force a format instead of detecting it from the name and content. */
  format?: DocumentFormat;
  /**
   * Where the files read are recorded (so that no output replaces one of them); share one set between the loads
   * of a run. @default the reader's set, else a new one
   */
  readSet?: ReadSet;
  /** Largest input accepted in bytes (file, standard input, URL after decompression). @default 256 MiB */
  maxInputSize?: number;
  /**
   * `input` for documents the user named (pipes allowed), `referenced` for `$ref` targets and overlays (regular
   * files only). @default "input"
   */
  role?: "input" | "referenced";
}

/** A JSON or YAML document as read, with no OpenAPI checks. */
export interface StructuredDocument {
  /** The parsed data. */
  data: unknown;
  /** The original text. */
  text: string;
  /** The format of the text. */
  format: DocumentFormat;
  /** Name for messages: the file path as given, the URL without credentials, `<stdin>` or `<content>`. */
  source: string;
  /** Absolute real path, for files. */
  path?: string;
  /** The URL, for documents loaded from one: its relative `$ref`s resolve against it. Holds credentials: never show it. */
  url?: string;
  /** Directory that relative `$ref`s resolve against and may not leave. */
  baseDir: string;
  /** Every file read to load it (and, once followed, the files it references). */
  readSet?: ReadSet;
  /** Size of the text in bytes (UTF-8). */
  sizeBytes: number;
  /** Milliseconds spent reading and parsing. */
  loadTimeMs: number;
  /** Positions of JSON pointers in the text, computed on first use. */
  sourceMap(): SourceMap;
}

function isUrl(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

/** Normalises an {@link InputSource} into its kind and value. */
export function describeInput(
  input: InputSource,
): { kind: "file" | "url" | "stdin" | "content"; value: string; name?: string; format?: DocumentFormat } {
  if (typeof input === "string") {
    if (input === "-") return { kind: "stdin", value: "-" };
    if (isUrl(input)) return { kind: "url", value: input };
    return { kind: "file", value: input };
  }
  if (input === null || typeof input !== "object") {
    throw new LoadError('an input must be a file path, a URL, "-" or an object with file, url or content.');
  }
  const given = (["file", "url", "content"] as const).filter((k) =>
    k in input && (input as Record<string, unknown>)[k] !== undefined
  );
  if (given.length !== 1) {
    throw new LoadError(
      given.length === 0
        ? "an input needs exactly one of file, url or content; none was given."
        : `an input needs exactly one of file, url or content; ${given.join(" and ")} were given.`,
    );
  }
  const key = given[0];
  const value = (input as Record<string, unknown>)[key];
  if (typeof value !== "string") throw new LoadError(`the input's ${key} must be a string.`);
  if (key === "url" && !isUrl(value)) {
    throw new LoadError(`url "${redactUrl(value)}" must start with http:// or https://.`);
  }
  if (key === "content") {
    const c = input as { name?: string; format?: DocumentFormat };
    return { kind: "content", value, name: c.name, format: c.format };
  }
  return { kind: key, value };
}

/**
 * Reads and parses a JSON or YAML document from a file, URL, standard input or string, without OpenAPI checks.
 *
 * @example
 * ```ts
 * import { loadStructured } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const doc = await loadStructured({ content: "a: 1" });
 * assertEquals(doc.data, { a: 1 });
 * ```
 * @throws {LoadError} when the input cannot be read. @throws {ParseError} when it is not valid JSON or YAML.
 */
export async function loadStructured(
  input: InputSource,
  options: LoadOptions = {},
): Promise<StructuredDocument> {
  const reader = options.reader ?? defaultReader;
  const readSet = options.readSet ?? reader.readSet ?? new ReadSet();
  const read = { readSet, maxBytes: options.maxInputSize, role: options.role };
  const started = performance.now();
  const d = describeInput(input);
  let text: string;
  let source: string;
  let path: string | undefined;
  let url: string | undefined;
  let baseDir = reader.cwd();
  let format = options.format;
  switch (d.kind) {
    case "file": {
      source = d.value;
      path = await reader.realPath(isAbsolute(d.value) ? d.value : resolve(reader.cwd(), d.value));
      text = await reader.readFile(path, read);
      // A pipe named as a file (`/dev/stdin`, `/dev/fd/63` from `<(cat a.yaml)`) has no folder of its own: its
      // references resolve against the current directory, as for standard input.
      if (!/^\/(dev|proc)\//.test(path)) baseDir = dirname(path);
      format ??= formatFromName(d.value);
      break;
    }
    case "url": {
      source = redactUrl(d.value);
      const fetched = await reader.fetchText(d.value, read);
      text = fetched.text;
      url = finalUrl(d.value, fetched.url);
      format ??= formatFromName(new URL(d.value).pathname) ??
        (/json/i.test(fetched.contentType ?? "")
          ? "json"
          : /yaml/i.test(fetched.contentType ?? "")
          ? "yaml"
          : undefined);
      break;
    }
    case "stdin":
      source = "<stdin>";
      text = await reader.readStdin(read);
      break;
    default:
      source = d.name ?? "<content>";
      text = d.value;
      format ??= d.format ?? (d.name ? formatFromName(d.name) : undefined);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed = parseText(text, { format, source });
  const loadTimeMs = performance.now() - started;
  let map: SourceMap | undefined;
  const finalFormat = parsed.format;
  const referenced = options.role === "referenced" ? true : undefined;
  readSet.addRoot({
    data: parsed.data,
    path,
    baseDir,
    source,
    url,
    reader,
    text,
    format: finalFormat,
    referenced,
  });
  return {
    data: parsed.data,
    text,
    format: finalFormat,
    source,
    path,
    url,
    baseDir,
    readSet,
    sizeBytes: byteLength(text),
    loadTimeMs,
    sourceMap: () => (map ??= createSourceMap(text, finalFormat, source)),
  };
}

/**
 * The address relative references of a fetched document resolve against: where a redirect led, when it stayed
 * on the same origin (keeping the credentials given), else the address asked for.
 */
function finalUrl(asked: string, fetched: string | undefined): string {
  if (fetched === undefined) return asked;
  try {
    const a = new URL(asked);
    const f = new URL(fetched);
    if (a.origin !== f.origin) return asked;
    f.username = a.username;
    f.password = a.password;
    return f.href;
  } catch {
    return asked;
  }
}

/**
 * UTF-8 byte length of a string, as `TextEncoder` would encode it (a lone surrogate takes the three bytes of
 * U+FFFD), counted without encoding it (13 MB in about 3 ms).
 */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Options of {@link loadDocument}. */
export interface LoadDocumentOptions extends LoadOptions {
  /** Run the basic structure checks (root, version, info, paths); findings go to `errors`. @default true */
  validateStructure?: boolean;
}

/** A loaded OpenAPI document. */
export interface ParseResult {
  /** The document (plain data). */
  document: OpenAPIDocument;
  /** Exact version string (`2.0`, `3.0.3`, `3.1.0`, …). */
  version: string;
  /** Version family. */
  oasVersion: OASVersion;
  /** Format of the source (and of output by default). */
  format: DocumentFormat;
  /** Name for messages. */
  source: string;
  /** Absolute real path, for files. */
  path?: string;
  /** The URL, for documents loaded from one (holds credentials: never show it). */
  url?: string;
  /** Directory that relative `$ref`s resolve against. */
  baseDir: string;
  /** Every file the run read to load it (see `writeDocument`, which never writes over one of them). */
  readSet?: ReadSet;
  /** The original text ("" for documents built from objects). */
  text: string;
  /** Size of the source in bytes. */
  sizeBytes: number;
  /** Milliseconds spent reading and parsing. */
  loadTimeMs: number;
  /** Counts of paths, operations, schemas, webhooks (of a loaded document: counted on first read). */
  stats: DocumentStats;
  /** Structure errors found while parsing (empty when `validateStructure` is false). */
  errors: Finding[];
  /** Warnings found while parsing. */
  warnings: Finding[];
  /** Positions of JSON pointers in the source text, computed on first use. */
  sourceMap(): SourceMap;
}

/** Whether a value is a {@link ParseResult} (a loaded document) rather than an {@link InputSource}. */
export function isParseResult(input: unknown): input is ParseResult {
  return input !== null && typeof input === "object" && "document" in input && "oasVersion" in input &&
    "sourceMap" in input;
}

function rootMustBeMapping(data: unknown, source: string): asserts data is Record<string, unknown> {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    const kind = Array.isArray(data) ? "a list" : data === null ? "null" : `a ${typeof data}`;
    throw new ParseError(
      `${source}: the document root is ${kind}, not a mapping; an OpenAPI document is a mapping.`,
      {
        file: source,
        line: 1,
        column: 1,
      },
    );
  }
}

/**
 * Loads an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document, detects its version and counts its parts.
 *
 * @example
 * ```ts
 * import { loadDocument } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await loadDocument({
 *   content: 'openapi: 3.1.0\ninfo: {title: Pets, version: "1"}\npaths: {}',
 * });
 * assertEquals(result.oasVersion, "3.1");
 * ```
 * @throws {LoadError} {@link ParseError} {@link UnsupportedVersionError}
 */
export async function loadDocument(
  input: InputSource,
  options: LoadDocumentOptions = {},
): Promise<ParseResult> {
  const loaded = await loadStructured(input, options);
  return toParseResult(loaded, options.validateStructure ?? true);
}

/** Turns a structured document into a parse result (version detection, statistics, structure checks). */
export function toParseResult(loaded: StructuredDocument, validateStructure = true): ParseResult {
  const data = loaded.data;
  rootMustBeMapping(data, loaded.source);
  const { version, oasVersion } = detectVersion(data, loaded.source);
  const warning = laterPatch(version, loaded.source)?.warning;
  // A later patch (3.0.5) is read as the latest known one; say so once, at the version field.
  const versionWarnings: Finding[] = warning === undefined
    ? []
    : [{ severity: "warning", path: "openapi", pointer: "/openapi", message: warning, rule: "oas-version" }];
  let stats: DocumentStats | undefined;
  return {
    document: data as OpenAPIDocument,
    version,
    oasVersion,
    format: loaded.format,
    source: loaded.source,
    path: loaded.path,
    url: loaded.url,
    baseDir: loaded.baseDir,
    readSet: loaded.readSet,
    text: loaded.text,
    sizeBytes: loaded.sizeBytes,
    loadTimeMs: loaded.loadTimeMs,
    // Counted on first read (and remembered), since most verbs never look at them; assigning replaces them.
    get stats(): DocumentStats {
      return stats ??= computeStats(data, oasVersion);
    },
    set stats(value: DocumentStats) {
      stats = value;
    },
    errors: validateStructure ? checkStructure(data, oasVersion) : [],
    warnings: versionWarnings,
    sourceMap: loaded.sourceMap,
  };
}

/** Options of {@link documentFromObject}. */
export interface DocumentFromObjectOptions {
  /** Name for messages. @default "<object>" */
  source?: string;
  /** Format to write the document in. @default "json" */
  format?: DocumentFormat;
  /** Directory that relative `$ref`s resolve against. @default the current directory */
  baseDir?: string;
  /** Run the basic structure checks. @default true */
  validateStructure?: boolean;
}

/**
 * Wraps an already parsed document (a plain object) as a {@link ParseResult}; it is not parsed again.
 * Source positions are found by serialising it as JSON on demand.
 */
export function documentFromObject(doc: object, options: DocumentFromObjectOptions = {}): ParseResult {
  const source = options.source ?? "<object>";
  let text: string | undefined;
  let map: SourceMap | undefined;
  return toParseResult({
    data: doc,
    text: "",
    format: options.format ?? "json",
    source,
    baseDir: options.baseDir ?? Deno.cwd(),
    sizeBytes: 0,
    loadTimeMs: 0,
    sourceMap: () => (map ??= createSourceMap(text ??= JSON.stringify(doc, null, 2), "json", source)),
  }, options.validateStructure ?? true);
}

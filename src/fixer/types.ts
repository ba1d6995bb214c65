/**
 * The types of the fixer: the kinds of fixes, a fix (a {@link Finding} with its kind and the values before and
 * after), the options and the result of `fix()`.
 *
 * @module
 */
import type {
  DocumentFormat,
  DocumentReader,
  DocumentStats,
  Finding,
  OASVersion,
  OpenAPIDocument,
} from "../core/mod.ts";
import type { GenericNamingStrategy } from "../template/mod.ts";

/** The kinds of fixes, in the order of the pipeline. */
export type FixType =
  | "stub-missing-ref"
  | "missing-path-parameter"
  | "path-parameter-required"
  | "duplicate-operation-id"
  | "link-operation-id"
  | "schema-name"
  | "prune-schema"
  | "prune-path";

/** Every kind of fix, in the order of the pipeline. */
export const FIX_TYPES: readonly FixType[] = [
  "stub-missing-ref",
  "missing-path-parameter",
  "path-parameter-required",
  "duplicate-operation-id",
  "link-operation-id",
  "schema-name",
  "prune-schema",
  "prune-path",
];

/**
 * One change the fixer made (or, in a dry run, would make): a {@link Finding} of severity `info` whose `rule`
 * is its {@link FixType}, `path`/`pointer` the place changed in the fixed document, `message` the same text as
 * `description`, and `location` (with `sourceMap`) the place in the input's text it concerns.
 */
export interface Fix extends Finding {
  /** The kind of fix. */
  type: FixType;
  /** One sentence saying what changed. */
  description: string;
  /** The value before (absent for added values). */
  before?: unknown;
  /** The value after (absent for removed values). */
  after?: unknown;
}

/** Options of `fix()`. */
export interface FixOptions {
  /** Where the document and the files it references are read from. @default defaultReader */
  reader?: DocumentReader;
  /** Infer the types of added path parameters from their names (`…id` integer, `…uuid…` string/uuid). @default false */
  infer?: boolean;
  /** Rename schemas whose names are not valid component names. @default false */
  fixSchemaNames?: boolean;
  /** Strategy for generic names such as `Response[User]`. @default "underscore" */
  genericNaming?: GenericNamingStrategy;
  /** Separator of the underscore strategy. @default "_" */
  genericSeparator?: string;
  /** Separator between several type parameters. @default "_" */
  genericParamSeparator?: string;
  /** Keep the casing of type parameters. @default false */
  preserveCasing?: boolean;
  /** Add stubs for unresolved local `$ref` targets. @default false */
  stubMissingRefs?: boolean;
  /** Description of stub responses. @default a generated one naming the response */
  stubResponseDescription?: string;
  /** Remove schemas nothing references (transitively). @default false */
  pruneSchemas?: boolean;
  /** Remove path items with no operations. @default false */
  prunePaths?: boolean;
  /** Rename duplicate operationIds. @default false */
  fixDuplicateOperationIds?: boolean;
  /**
   * Template of renamed operationIds: `{operationId}`, `{method}`, `{path}`, `{tag}`, `{tags}`, `{n}`, each with
   * an optional `:pascal`, `:camel`, `:snake`, `:kebab`, `:upper` or `:lower` modifier.
   * @default "{operationId}{n}"
   */
  operationIdTemplate?: string;
  /**
   * Report what would change without changing anything: the result's `document` is the input's document as it
   * was (the fixes are applied to a copy, so the list is the one a real run gives). @default false
   */
  dryRun?: boolean;
  /** Give every fix the `location` (file:line:column) in the input text of the node it changed. @default false */
  sourceMap?: boolean;
  /**
   * Fix the document of a `ParseResult` given as input in place instead of a copy (ignored with `dryRun`).
   * @default false
   */
  inPlace?: boolean;
  /** Validate the fixed document for `remainingErrors`. @default true */
  validate?: boolean;
}

/** The outcome of `fix()`. */
export interface FixResult {
  /** The fixed document (with `dryRun`, the input document, unchanged). */
  document: OpenAPIDocument;
  /** The fixes, in pipeline order and, within a kind, in document order. */
  fixes: Fix[];
  /** Notes about fixes that needed a fallback (an operationId template giving an empty or taken id). */
  warnings: Finding[];
  /** The errors the fixed document still has (empty when `validate` is false). */
  remainingErrors: Finding[];
  /** Exact version the document declares. */
  version: string;
  /** Version family. */
  oasVersion: OASVersion;
  /** Name of the document for messages. */
  source: string;
  /** Format of the input (the fixed document is written in it). */
  format: DocumentFormat;
  /** Counts of the fixed document's parts. */
  stats: DocumentStats;
  /** Size of the input in bytes. */
  sizeBytes: number;
  /** Milliseconds spent reading and parsing. */
  loadTimeMs: number;
  /** Milliseconds spent fixing. */
  fixTimeMs: number;
  /** Milliseconds spent validating the fixed document. */
  validateTimeMs: number;
}

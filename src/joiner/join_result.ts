/**
 * The result of a join: the merged document, its statistics, warnings and the collision report.
 *
 * @module
 */
import { pushAll } from "../core/bounded_text.ts";
import {
  type DocumentFormat,
  documentFromObject,
  type DocumentStats,
  type Finding,
  formatPath,
  type OASVersion,
  type OpenAPIDocument,
  parsePointer,
  type ParseResult,
  type ReadSet,
} from "../core/mod.ts";
import type { CollisionType } from "./collision_handler.ts";

/** Category of a {@link StructuredWarning}. */
export type WarningCategory =
  | "collision"
  | "rename"
  | "handler-error"
  | "handler-resolution"
  | "semantic-dedup"
  | "naming"
  | "version"
  | "metadata"
  | "security"
  | "overlay"
  | "bundle";

/** A collision was resolved by the strategy (accept, deduplicate, custom value). */
export const WarnCollision: WarningCategory = "collision";
/** A collision was resolved by renaming (template or namespace prefix). */
export const WarnRename: WarningCategory = "rename";
/** A collision handler threw; the configured strategy was used instead. */
export const WarnHandlerError: WarningCategory = "handler-error";
/** A collision handler returned a resolution that carries a message. */
export const WarnHandlerResolution: WarningCategory = "handler-resolution";
/** Semantic deduplication consolidated definitions. */
export const WarnSemanticDedup: WarningCategory = "semantic-dedup";
/** The rename template produced a name that needed adjusting. */
export const WarnNaming: WarningCategory = "naming";
/** Inputs of different OpenAPI 3.x minor versions were joined. */
export const WarnVersion: WarningCategory = "version";
/** A document-level field of a later document (host, basePath, externalDocs, …) was not taken. */
export const WarnMetadata: WarningCategory = "metadata";
/** Top-level security requirements of several documents were merged. */
export const WarnSecurity: WarningCategory = "security";
/** An overlay action found nothing to change (or similar overlay notices). */
export const WarnOverlay: WarningCategory = "overlay";

/**
 * A warning of the joiner: a {@link Finding} (severity `warning`, rule `join-<category>`, the place in the merged
 * document, `location` in the incoming document when source maps were given) that also carries its category.
 * Its `path` is written as a JSONPath (`$.components.schemas.User`, `$` for the root), as the joiner's messages
 * name places; {@link JoinResult.toParseResult} gives the same findings with the validator's readable paths.
 */
export interface StructuredWarning extends Finding {
  /** What kind of warning (the rule is `join-` followed by it). */
  category: WarningCategory;
}

/** The validation errors of one input of a join (checked when `validateInputs` is on). */
export interface InputCheck {
  /** The input, as named in messages. */
  source: string;
  /** Its validation errors (severity `error`), in document order. */
  errors: Finding[];
}

/** How one collision was resolved. */
export type CollisionOutcome =
  | "accept-left"
  | "accept-right"
  | "rename-left"
  | "rename-right"
  | "deduplicate"
  | "custom";

/** One resolved collision. */
export interface CollisionDetail {
  /** What collided. */
  type: CollisionType;
  /** The colliding name. */
  name: string;
  /** JSON path in the merged document. */
  jsonPath: string;
  /** The sources of the left and the right value, in that order. */
  sources: [string, string];
  /** How it was resolved. */
  resolution: CollisionOutcome;
  /** The new name, for renames. */
  newName?: string;
  /** Whether a collision handler decided it (rather than the configured strategy). */
  byHandler: boolean;
}

/** Every collision of a join (present when `collisionReport` is on). */
export interface CollisionReport {
  /** Number of collisions. */
  totalCount: number;
  /** Schema collisions. */
  schemaCount: number;
  /** Path and webhook collisions. */
  pathCount: number;
  /** Collisions of other components (parameters, responses, …). */
  componentCount: number;
  /** Each collision, in the order they were met. */
  collisions: CollisionDetail[];
  /** Same-named identical components merged into one (not collisions, not counted above); set by the joiner. */
  identicalCount?: number;
}

/** Fields of a {@link JoinResult}. */
export interface JoinResultInit {
  /** The joined document. */
  document: OpenAPIDocument;
  /** Its OpenAPI version. */
  version: string;
  /** Its version family. */
  oasVersion: OASVersion;
  /** Format of the first input (the output's format). */
  sourceFormat: DocumentFormat;
  /** Warnings of the join. */
  warnings: StructuredWarning[];
  /** Number of collisions. */
  collisionCount: number;
  /** Same-named identical components merged into one. */
  identicalCount?: number;
  /** Statistics of the joined document. */
  stats: DocumentStats;
  /** The collision report, when asked for. */
  collisionDetails?: CollisionReport;
  /** Names of the inputs. */
  sources: string[];
  /** Absolute paths of the inputs that are files. */
  inputPaths: string[];
  /** Directory of the first input. */
  baseDir: string;
  /** Validation errors of each input, when inputs were checked. */
  inputChecks?: InputCheck[];
  /** Every file the join read. */
  readSet?: ReadSet;
}

/** The merged document and what happened while merging. */
export class JoinResult {
  /** The merged document (plain data). */
  readonly document: OpenAPIDocument;
  /** Exact OpenAPI version string of the result (the first document's). */
  readonly version: string;
  /** Version family of the result. */
  readonly oasVersion: OASVersion;
  /** Format of the first source; the result is written in it. */
  readonly sourceFormat: DocumentFormat;
  /** The messages of {@link JoinResult.structuredWarnings}, in the same order. */
  readonly warnings: string[];
  /** Non-fatal issues of the join, as findings with their category. */
  readonly structuredWarnings: StructuredWarning[];
  /**
   * Inputs that have validation errors, with those errors, when `validateInputs` was on (empty otherwise, and
   * when every input is valid). Errors that do not prevent a join are reported here, not thrown.
   */
  readonly inputChecks: InputCheck[];
  /** Number of resolved collisions. */
  readonly collisionCount: number;
  /**
   * Same-named components that were identical in several inputs and are one in the result: not collisions
   * (not in {@link JoinResult.collisionCount}).
   */
  readonly identicalCount: number;
  /** Counts of the merged document. */
  readonly stats: DocumentStats;
  /** Every collision, when `collisionReport` was on; otherwise undefined. */
  readonly collisionDetails?: CollisionReport;
  /** Sources of the joined documents, in order. */
  readonly sources: string[];
  /** Absolute paths of the inputs that are files (never overwritten by {@link writeResult}). */
  readonly inputPaths: string[];
  /** Directory relative `$ref`s resolve against (the first document's). */
  readonly baseDir: string;
  /** Every file the join read (inputs, referenced files, overlays): {@link writeResult} never replaces one. */
  readonly readSet?: ReadSet;

  /** @internal built by the joiner. */
  constructor(init: JoinResultInit) {
    this.document = init.document;
    this.version = init.version;
    this.oasVersion = init.oasVersion;
    this.sourceFormat = init.sourceFormat;
    this.structuredWarnings = init.warnings;
    this.warnings = init.warnings.map((w) => w.message);
    this.collisionCount = init.collisionCount;
    this.identicalCount = init.identicalCount ?? 0;
    this.stats = init.stats;
    if (init.collisionDetails) this.collisionDetails = init.collisionDetails;
    this.sources = init.sources;
    this.inputPaths = init.inputPaths;
    this.baseDir = init.baseDir;
    this.inputChecks = init.inputChecks ?? [];
    if (init.readSet) this.readSet = init.readSet;
  }

  /**
   * The merged document as a parse result, for the validator, converter and fixer. Join warnings become
   * warning findings.
   */
  toParseResult(): ParseResult {
    const result = documentFromObject(this.document, {
      source: "<joined>",
      format: this.sourceFormat,
      baseDir: this.baseDir,
    });
    pushAll(
      result.warnings,
      this.structuredWarnings.map(({ category: _, ...f }) => ({
        ...f,
        path: formatPath(parsePointer(f.pointer) ?? []),
      })),
    );
    return result;
  }
}

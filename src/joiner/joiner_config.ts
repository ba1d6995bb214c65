/**
 * Configuration of the joiner.
 *
 * @module
 */
import type { DocumentReader, InputSource, SourceMap } from "../core/mod.ts";
import type { CollisionStrategy, EquivalenceMode } from "./collision_strategy.ts";
import type { CollisionHandler, CollisionType } from "./collision_handler.ts";
import { DEFAULT_RENAME_TEMPLATE, type PrimaryOperationPolicy } from "./naming.ts";

/** Source maps by file path (or source name) of the inputs. */
export type SourceMaps = ReadonlyMap<string, SourceMap> | Readonly<Record<string, SourceMap>>;

/** How documents are joined. Build one with {@link defaultConfig} and change what you need. */
export interface JoinerConfig {
  /** Strategy for every collision type without its own strategy. @default "fail" */
  defaultStrategy: CollisionStrategy;
  /** Strategy for `paths` and `webhooks`; overrides `defaultStrategy`. Rename strategies are not allowed. */
  pathStrategy?: CollisionStrategy;
  /** Strategy for schemas (`components.schemas`, 2.0 `definitions`); overrides `defaultStrategy`. */
  schemaStrategy?: CollisionStrategy;
  /** Strategy for the other components (parameters, responses, …); overrides `defaultStrategy`. */
  componentStrategy?: CollisionStrategy;
  /** Remove duplicate tags by name (the first wins). @default true */
  deduplicateTags: boolean;
  /** Merge `servers`, top-level `security` and `tags` (2.0 also `schemes`, `consumes`, `produces`). @default true */
  mergeArrays: boolean;
  /** Go text template giving the new name of a renamed value. @default "{{.Name}}_{{.Source}}" */
  renameTemplate: string;
  /** Prefix by source file (as given, absolute, or its base name): schemas become `<Prefix>_<Name>`. */
  namespacePrefix: Record<string, string>;
  /** Prefix every schema of a source with a namespace prefix, not only colliding ones. @default false */
  alwaysApplyPrefix: boolean;
  /**
   * How `dedup-equivalent` and `dedup-or-rename` compare values. `none` also turns off the merging of identical
   * same-named components (every same name is then a collision). @default "deep"
   */
  equivalenceMode: EquivalenceMode;
  /**
   * Documentation strings (`description`, `summary`) do not count when values are compared: same-named values
   * that differ only in them are identical (merged), and equivalent for the dedup strategies. @default false
   */
  equivalenceIgnoreDocs: boolean;
  /**
   * Template giving the new operationId of an operation whose id an earlier input already uses (under every
   * strategy but `fail`): the placeholders of the fix command's operationId template (`{operationId}`,
   * `{method}`, `{path}`, `{tag}`, `{tags}`, `{n}`) and `{source}` (the input's file name without extension,
   * sanitized), each with an optional case modifier (`:pascal`, `:camel`, …). @default "{operationId}_{source}"
   */
  operationIdTemplate: string;
  /**
   * Check the joined document (before post-join overlays) and fail with a {@link JoinOutputError} on an error
   * that none of the inputs had (the join broke the document: a dangling reference, a duplicate operationId, a
   * discriminator mapping that names no schema). @default true
   */
  checkOutput: boolean;
  /** Produce {@link JoinResult.collisionDetails}. @default false */
  collisionReport: boolean;
  /** Consolidate structurally identical schemas, also under different names. @default false */
  semanticDeduplication: boolean;
  /** Give rename templates the operation context of right-hand schemas. @default false */
  operationContext: boolean;
  /** Which operation is primary when several use a schema. @default "first" */
  primaryOperationPolicy: PrimaryOperationPolicy;
  /** Handler asked about collisions (of `collisionHandlerTypes`, or of every type). */
  collisionHandler?: CollisionHandler;
  /** Types the handler is asked about; undefined: every type. */
  collisionHandlerTypes?: readonly CollisionType[];
  /** Overlays applied to each input before joining, in order. */
  preJoinOverlayFiles: readonly InputSource[];
  /** Overlays applied to the merged document, in order. */
  postJoinOverlayFiles: readonly InputSource[];
  /**
   * Source maps by input path (as given, or absolute): collision and warning messages then carry
   * `file:line:column` of both sides. `true` takes them from the inputs' own texts.
   */
  sourceMaps?: SourceMaps | boolean;
  /**
   * Validate every input with the validator first. Inputs with errors are still joined and their errors
   * returned in {@link JoinResult.inputChecks}; only errors that make a join impossible (references that resolve
   * nowhere) are refused with an {@link InvalidInputError}. @default false
   */
  validateInputs: boolean;
  /** Where inputs and overlays are read from. @default defaultReader */
  reader?: DocumentReader;
}

/** The default operationId template of a join: the id followed by the input's name (`getUser_orders`). */
export const DEFAULT_JOIN_OPERATION_ID_TEMPLATE = "{operationId}_{source}";

/** The default configuration: every collision fails, arrays are merged, tags deduplicated. */
export function defaultConfig(): JoinerConfig {
  return {
    defaultStrategy: "fail",
    deduplicateTags: true,
    mergeArrays: true,
    renameTemplate: DEFAULT_RENAME_TEMPLATE,
    namespacePrefix: {},
    alwaysApplyPrefix: false,
    equivalenceMode: "deep",
    equivalenceIgnoreDocs: false,
    operationIdTemplate: DEFAULT_JOIN_OPERATION_ID_TEMPLATE,
    checkOutput: true,
    collisionReport: false,
    semanticDeduplication: false,
    operationContext: false,
    primaryOperationPolicy: "first",
    preJoinOverlayFiles: [],
    postJoinOverlayFiles: [],
    validateInputs: false,
  };
}

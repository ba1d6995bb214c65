/**
 * oatool: a Deno-native OpenAPI toolkit. Load, validate, join and transform OpenAPI 2.0 / 3.0 / 3.1 / 3.2
 * documents in YAML or JSON.
 *
 * @example Parse a document and count its parts
 * ```ts
 * import { parse } from "@oatool/cli";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 *
 * const result = await parse({
 *   content: `
 * openapi: 3.1.0
 * info: { title: Pets, version: "1.0" }
 * paths:
 *   /pets:
 *     get:
 *       responses:
 *         "200": { description: OK }
 * `,
 * });
 * assertEquals([result.version, result.stats.operationCount], ["3.1.0", 1]);
 * ```
 *
 * This entry holds the verbs (`parse`, `validate`, `join`, `applyOverlay`, …), their options and results, the
 * one `Finding` type and the errors. Specialised pieces have their own entries: `@oatool/cli/core` (document
 * model, loading, `RefIndex`, pointers, source maps, writing), `@oatool/cli/walker` (the typed walker),
 * `@oatool/cli/validator`, `@oatool/cli/joiner` (strategies, collision handlers, naming),
 * `@oatool/cli/overlay`, `@oatool/cli/jsonpath` (RFC 9535), `@oatool/cli/format` (renderers),
 * `@oatool/cli/walk` (the walk queries' globs and extension filter), `@oatool/cli/bundler` (one document
 * from a multi-file specification) and `@oatool/cli/converter` (conversion targets and rule ids).
 *
 * Run as the main module, it is the `oatool` command-line tool:
 *
 * ```sh
 * deno run -R -W -N jsr:@oatool/cli join -o merged.yaml users.yaml orders.yaml
 * ```
 *
 * @module
 */
// Loading, resolving and writing documents.
export { loadDocument } from "./src/io/load.ts";
export { loadDocumentSet } from "./src/io/document_set.ts";
export type { DocumentSet, DocumentSetFile, LoadDocumentSetOptions } from "./src/io/document_set.ts";
export type {
  InputSource,
  LoadDocumentOptions,
  LoadOptions,
  ParseResult,
  StructuredDocument,
} from "./src/io/load.ts";
export type { DocumentReader, ReadOptions } from "./src/io/reader.ts";
export type { ReadFileIdentity, ReadRoot, ReadSet } from "./src/core/confine.ts";
export type { SourceMap } from "./src/core/source_map.ts";
export { resolveRefs } from "./src/io/load_refs.ts";
export type { RefResolverOptions, RefRoot, ResolveRefsResult } from "./src/io/load_refs.ts";
export type {
  ComponentEntry,
  RefDocument,
  RefEdge,
  RefIndex,
  RefIndexOptions,
  RefPlace,
  ResolvedRef,
  UnresolvedReason,
  UnresolvedRef,
} from "./src/refs/ref_index.ts";
export type {
  Ancestor,
  KindVisitor,
  OasKind,
  RefVisitor,
  Visitors,
  Walker,
  WalkVia,
} from "./src/walker/mod.ts";
export { serializeDocument } from "./src/core/serialize.ts";
export type { DocumentFormat } from "./src/core/parse_text.ts";
export { writeDocument } from "./src/io/write.ts";
export type { WriteDocumentOptions, WriteFileOptions } from "./src/io/write.ts";
export type { OASVersion } from "./src/core/version.ts";
export { SUPPORTED_VERSIONS } from "./src/core/version.ts";
export type * from "./src/core/types.ts";

// Findings and errors.
export type { Finding, Severity } from "./src/core/finding.ts";
export type { SourcePosition } from "./src/core/source_map.ts";
export {
  CollisionError,
  LoadError,
  OatoolError,
  ParseError,
  RefResolutionError,
  UnsupportedVersionError,
  UsageError,
  VersionMismatchError,
  WriteError,
} from "./src/core/errors.ts";

// The verbs.
export { parse } from "./src/parser/mod.ts";
export type { DocumentSummary, ParseOptions } from "./src/parser/mod.ts";
export type { DocumentStats } from "./src/refs/stats.ts";
export { validate } from "./src/validator/mod.ts";
export type { ValidateOptions, ValidationResult } from "./src/validator/mod.ts";
export { join, JoinResult } from "./src/joiner/mod.ts";
export type {
  CollisionContext,
  CollisionDetail,
  CollisionHandler,
  CollisionOutcome,
  CollisionReport,
  CollisionResolution,
  CollisionStrategy,
  CollisionType,
  EquivalenceMode,
  InputCheck,
  JoinerConfig,
  JoinInput,
  JoinOptions,
  LegacyJoinOptions,
  ParsedInput,
  PrimaryOperationPolicy,
  RenameContext,
  ResolutionAction,
  SourceMaps,
  StructuredWarning,
  WarningCategory,
} from "./src/joiner/mod.ts";
export { fix } from "./src/fixer/mod.ts";
export type { Fix, FixOptions, FixResult, FixType } from "./src/fixer/mod.ts";
export { convert, convertDocument } from "./src/converter/mod.ts";
export { bundle } from "./src/bundler/mod.ts";
export type { BundleOptions, BundleResult } from "./src/bundler/mod.ts";
export type { ConvertFileResult, ConvertOptions, ConvertResult } from "./src/converter/mod.ts";
export { diff, listChecks } from "./src/differ/mod.ts";
export type {
  Change,
  ChangeType,
  Check,
  CheckCategory,
  DiffInput,
  DiffOptions,
  DiffResult,
  DiffSeverity,
  DiffStats,
  IgnoreRule,
} from "./src/differ/mod.ts";
export { applyOverlay, loadOverlay, validateOverlay } from "./src/overlay/mod.ts";
export type {
  ApplyOverlayOptions,
  ApplyOverlayResult,
  LoadedOverlay,
  OverlayActionKind,
  OverlayActionResult,
  OverlayValidationResult,
} from "./src/overlay/mod.ts";
export {
  walk,
  WalkFilterError,
  walkHeaders,
  walkOperations,
  walkParameters,
  walkPaths,
  walkRefs,
  walkResponses,
  walkSchemas,
  walkSecurity,
} from "./src/walk/mod.ts";
export type {
  HeaderItem,
  LoadedDocument,
  OperationItem,
  ParameterItem,
  PathItem,
  RefItem,
  ResponseItem,
  SchemaItem,
  SecurityItem,
  WalkCommonOptions,
  WalkGroup,
  WalkHeadersOptions,
  WalkInput,
  WalkItems,
  WalkKind,
  WalkLocated,
  WalkOperationsOptions,
  WalkOptions,
  WalkParametersOptions,
  WalkPathsOptions,
  WalkRefsOptions,
  WalkResponsesOptions,
  WalkResult,
  WalkSchemasOptions,
  WalkSecurityOptions,
} from "./src/walk/mod.ts";

// Build information of this release.
export { BUILT, COMMIT, VERSION } from "./src/core/build_info.ts";
export { generate, writeGenerated } from "./src/generator/mod.ts";
export type {
  GeneratedFile,
  GenerateOptions,
  GenerateResult,
  WriteGeneratedOptions,
} from "./src/generator/mod.ts";

// `deno run -R -W -N jsr:@oatool/cli join a.yaml b.yaml` runs the command-line tool. The CLI is imported only
// then, dynamically, so that importing the library never loads it.
if (import.meta.main) {
  const { main } = await import("./src/cli/main.ts");
  Deno.exit(await main(Deno.args));
}

/**
 * `fix()`: repairs the common errors of an OpenAPI document and says exactly what changed.
 *
 * @module
 */
import {
  computeStats,
  deepCopy,
  type InputSource,
  isParseResult,
  type OpenAPIDocument,
  type ParseResult,
  type SourcePosition,
} from "../core/mod.ts";
import {
  documentChanged,
  documentChanging,
  type DocumentSet,
  documentSetDerived,
  isDocumentSet,
  loadDocumentSet,
} from "../io/document_set.ts";
import { walkDocument } from "../walker/mod.ts";
import { FixContext } from "./_context.ts";
import { addMissingPathParams } from "./missing_path_params.ts";
import {
  compileOperationIdTemplate,
  DEFAULT_OPERATION_ID_TEMPLATE,
  fixDuplicateOperationIds,
} from "./operation_ids.ts";
import { requirePathParams } from "./path_param_required.ts";
import { prunePaths } from "./prune_paths.ts";
import { pruneSchemas } from "./prune_schemas.ts";
import { fixSchemaNames } from "./schema_names.ts";
import { stubMissingRefs } from "./stub_missing_refs.ts";
import type { FixOptions, FixResult } from "./types.ts";

/**
 * Fixes a document, in the order of the pipeline: stubs for missing references (`stubMissingRefs`), missing
 * path parameters (always), `required: true` on path parameters (always), duplicate operationIds
 * (`fixDuplicateOperationIds`), schema names (`fixSchemaNames`), unused schemas (`pruneSchemas`), Path Items
 * without operations (`prunePaths`). Each fix is reported (in pipeline order, within a step in document order)
 * and nothing else changes; fixing a fixed document changes nothing. The fixed document is then validated:
 * `remainingErrors` are its errors. A `ParseResult` given is not changed (its document is copied) unless
 * `inPlace` is set.
 *
 * @example
 * ```ts
 * import { fix } from "@oatool/cli/fixer";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await fix({
 *   content: `
 * openapi: 3.1.0
 * info: { title: Pets, version: "1" }
 * paths:
 *   /pets/{id}:
 *     get:
 *       responses: { "200": { description: OK } }
 * `,
 * }, { infer: true });
 * assertEquals(result.fixes[0].type, "missing-path-parameter");
 * assertEquals(result.remainingErrors.length, 0);
 * ```
 * @throws {LoadError} {@link ParseError} {@link UnsupportedVersionError} when the input cannot be read.
 * @throws {UsageError} when the operationId template is invalid.
 */
export async function fix(
  input: InputSource | ParseResult | DocumentSet,
  options: FixOptions = {},
): Promise<FixResult> {
  // An invalid template is refused before anything is read.
  if (options.fixDuplicateOperationIds) {
    compileOperationIdTemplate(options.operationIdTemplate ?? DEFAULT_OPERATION_ID_TEMPLATE);
  }
  const given = isParseResult(input) || isDocumentSet(input);
  const parsed = isDocumentSet(input)
    ? input.root
    : isParseResult(input)
    ? input
    : (await loadDocumentSet(input, { reader: options.reader })).root;
  const started = performance.now();
  const copy = options.dryRun === true || (given && options.inPlace !== true);
  if (!copy) documentChanging(parsed); // its statistics stay those of the document as loaded
  const doc = (copy ? deepCopy(parsed.document) : parsed.document) as Record<string, unknown>;
  let locate: ((segments: readonly (string | number)[]) => SourcePosition | undefined) | undefined;
  if (options.sourceMap) {
    const map = parsed.sourceMap();
    locate = (segments) => map.positionOf(segments.map(String));
  }
  const ctx = new FixContext(doc, parsed.oasVersion, options, locate);
  if (options.stubMissingRefs) stubMissingRefs(ctx);
  // Path parameters, required and operationIds find their places in one shared walk, then change the
  // document in pipeline order (none of them changes what another looks at).
  const steps = [addMissingPathParams(ctx), requirePathParams(ctx)];
  if (options.fixDuplicateOperationIds) steps.push(fixDuplicateOperationIds(ctx));
  walkDocument(doc, parsed.oasVersion, steps.map((s) => s.visitors));
  for (const step of steps) step.apply();
  if (options.fixSchemaNames) fixSchemaNames(ctx);
  if (options.pruneSchemas) pruneSchemas(ctx);
  if (options.prunePaths) prunePaths(ctx);
  const fixTimeMs = performance.now() - started;
  if (doc === parsed.document) documentChanged(parsed); // its set's index forgets what it resolved before

  const stats = computeStats(doc, parsed.oasVersion);
  let remainingErrors: FixResult["remainingErrors"] = [];
  let validateTimeMs = 0;
  if (options.validate !== false) {
    const fixed: ParseResult = { ...parsed, document: doc as OpenAPIDocument, stats, errors: [] };
    documentSetDerived(fixed, parsed); // the files the input's set read are not read again
    // Loaded on demand: fix --no-validate and join (fixing its inputs) never load the validator.
    const { validate } = await import("../validator/mod.ts");
    const v = await validate(fixed, { reader: options.reader });
    remainingErrors = v.errors;
    validateTimeMs = v.validateTimeMs;
  }
  return {
    document: (options.dryRun ? parsed.document : doc) as OpenAPIDocument,
    fixes: ctx.fixes,
    warnings: ctx.warnings,
    remainingErrors,
    version: parsed.version,
    oasVersion: parsed.oasVersion,
    source: parsed.source,
    format: parsed.format,
    stats,
    sizeBytes: parsed.sizeBytes,
    loadTimeMs: parsed.loadTimeMs,
    fixTimeMs,
    validateTimeMs,
  };
}

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
// The verbs, each `(input, options)` (join: `(inputs, options)`), with their options and results.
export { parse } from "./src/bundler/parse.ts";
export type { DocumentSummary, ParseOptions } from "./src/bundler/parse.ts";
export { defineRule, validate } from "./src/validator/mod.ts";
export type {
  Rule,
  RuleContext,
  RuleDefinition,
  ValidateOptions,
  ValidationResult,
} from "./src/validator/mod.ts";
export { join, JoinResult } from "./src/joiner/mod.ts";
export type { JoinInput, JoinOptions, LegacyJoinOptions, ParsedInput } from "./src/joiner/mod.ts";
export { fix } from "./src/fixer/mod.ts";
export type { FixOptions, FixResult } from "./src/fixer/mod.ts";
export { convert } from "./src/converter/mod.ts";
export type { ConvertOptions, ConvertResult } from "./src/converter/mod.ts";
export { bundle } from "./src/bundler/mod.ts";
export type { BundleOptions, BundleResult } from "./src/bundler/mod.ts";
export { diff } from "./src/differ/mod.ts";
export type { DiffInput, DiffOptions, DiffResult } from "./src/differ/mod.ts";
export { applyOverlay } from "./src/overlay/mod.ts";
export type { ApplyOverlayOptions, ApplyOverlayResult } from "./src/overlay/mod.ts";
export { walk } from "./src/queries/mod.ts";
export type { WalkInput, WalkOptions, WalkResult } from "./src/queries/mod.ts";
export { generate } from "./src/generator/mod.ts";
export type { GenerateOptions, GenerateResult } from "./src/generator/mod.ts";
export { graph } from "./src/graph/mod.ts";
export type { GraphInput, GraphOptions, GraphResult } from "./src/graph/mod.ts";

// What the verbs read and write: sources, loaded documents and document sets.
export { loadDocument, loadDocumentSet, writeDocument } from "./src/core/mod.ts";
export type {
  DocumentSet,
  InputSource,
  LoadDocumentOptions,
  LoadDocumentSetOptions,
  OASVersion,
  ParseResult,
  WriteDocumentOptions,
} from "./src/core/mod.ts";

// Findings and errors: every error the verbs throw is an OatoolError with a stable `code`.
export type { Finding, Severity } from "./src/core/finding.ts";
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
} from "./src/core/mod.ts";
export {
  InvalidInputError,
  JoinCollisionError,
  JoinOutputError,
  TemplateError,
  TemplateLimitError,
} from "./src/joiner/mod.ts";
export { InvalidOverlayError, OverlayError } from "./src/overlay/mod.ts";
export { JsonPathLimitError, JsonPathSyntaxError } from "./src/jsonpath/mod.ts";
export { WalkFilterError } from "./src/queries/mod.ts";
export { GraphError } from "./src/graph/mod.ts";

// The version of this release (its commit and build time: `@oatool/cli/core`).
export { VERSION } from "./src/core/build_info.ts";

// `deno run -R -W -N jsr:@oatool/cli join a.yaml b.yaml` runs the command-line tool. The CLI is imported only
// then, dynamically, so that importing the library never loads it.
if (import.meta.main) {
  const { main } = await import("./src/cli/main.ts");
  Deno.exit(await main(Deno.args));
}

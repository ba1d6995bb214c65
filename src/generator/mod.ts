/**
 * Go code generation from OpenAPI 2.0 / 3.0 / 3.1 / 3.2 documents: types, client, server, security helpers
 * and a README, using only the Go standard library, gofmt-formatted as emitted.
 *
 * @example
 * ```ts
 * import { generate } from "@oatool/cli/generator";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await generate({
 *   content: '{"swagger":"2.0","info":{"title":"T","version":"1"},"paths":{},"definitions":{"Id":{"type":"integer","format":"int32"}}}',
 * }, { noReadme: true });
 * assertEquals(result.files[0].content.includes("type ID int32"), true);
 * ```
 *
 * @module
 */
export { generate } from "./generate.ts";
export type { GeneratedFile, GenerateOptions, GenerateResult } from "./generate.ts";
export { writeGenerated, writeGeneratedFiles } from "./write_generated.ts";
export type { WriteGeneratedOptions, WriteGeneratedResult } from "./write_generated.ts";
export { EmptySelectionError } from "./select.ts";
export type { Selection } from "./select.ts";
export { goName, isGoPackageName } from "./naming.ts";
export { GENERATED_HEADER } from "./unit.ts";
export type {
  DocumentFormat,
  DocumentReader,
  DocumentSet,
  DocumentSetFile,
  DocumentStats,
  Finding,
  InputSource,
  ParseResult,
  ReadFileIdentity,
  ReadOptions,
  ReadRoot,
  ReadSet,
  SourceMap,
  SourcePosition,
} from "../core/mod.ts";
export type { Severity } from "../core/finding.ts";
export type { OASVersion } from "../core/version.ts";

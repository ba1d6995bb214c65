/**
 * The one typed, iterative walker over OpenAPI 2.0 and 3.x documents, and the kind tables it reads (OpenAPI's
 * object kinds described as data, one table per version family).
 *
 * @example Count the operations of a document
 * ```ts
 * import { walkDocument } from "@oatool/cli/walker";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * let operations = 0;
 * walkDocument({ openapi: "3.1.0", paths: { "/a": { get: {}, post: {} } } }, "3.1", {
 *   operation: () => operations++,
 * });
 * assertEquals(operations, 2);
 * ```
 *
 * @module
 */
export { walkDocument, Walker } from "./walker.ts";
export type {
  Ancestor,
  KindVisitor,
  RefVisitor,
  Visitors,
  WalkerOptions,
  WalkTarget,
  WalkVia,
} from "./walker.ts";
export {
  anchorOf,
  classify,
  componentSections,
  HTTP_METHODS,
  KIND_NAMES,
  kindTable,
  specLink,
} from "./kinds.ts";
export type { OASVersion } from "../core/version.ts";
export type { ComponentSection, FieldSpec, KindSpec, OasKind, Shape } from "./kinds.ts";

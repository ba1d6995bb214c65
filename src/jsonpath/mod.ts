/**
 * RFC 9535 JSONPath: parse a query into a syntax tree, evaluate it against JSON data, and report the selected
 * nodes with their normalized paths. Used by overlays to find their targets.
 *
 * @example
 * ```ts
 * import { queryJsonPath } from "@oatool/cli/jsonpath";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const doc = { paths: { "/pets": { get: {} }, "/users": { post: {} } } };
 * assertEquals(queryJsonPath(doc, "$.paths[?@.get]").map((node) => node.path), ["$['paths']['/pets']"]);
 * ```
 *
 * @module
 */
export type * from "./ast.ts";
export { JsonPathLimitError } from "./json_path_limit_error.ts";
export { JsonPathSyntaxError } from "./json_path_syntax_error.ts";
export { formatNormalizedPath } from "./normalized_path.ts";
export { parseJsonPath, type ParseJsonPathOptions } from "./parse_json_path.ts";
export { JsonPathNode, queryJsonPath, type QueryJsonPathOptions } from "./query_json_path.ts";

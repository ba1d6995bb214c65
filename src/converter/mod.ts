/**
 * Conversion between OpenAPI versions: 2.0 ↔ 3.0 / 3.1 / 3.2 and 3.x ↔ 3.y, with every issue (what could not be
 * carried over, what moved) reported as a finding with a path and a stable rule id.
 *
 * @example Convert a 2.0 document to 3.1
 * ```ts
 * import { convertDocument } from "@oatool/cli/converter";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = convertDocument({
 *   swagger: "2.0",
 *   info: { title: "Pets", version: "1" },
 *   host: "pets.example.com",
 *   schemes: ["https"],
 *   paths: {},
 * }, { target: "3.1" });
 * assertEquals(r.document.servers, [{ url: "https://pets.example.com" }]);
 * ```
 *
 * @module
 */
export { convert, CONVERT_TARGETS, convertDocument, parseTarget } from "./convert.ts";
export type { ConvertFileResult, ConvertOptions, ConvertResult } from "./convert.ts";
export { CONVERT_RULES } from "./rules.ts";
export { ConverterInternalError } from "./_sections.ts";
export type { ConvertRule } from "./rules.ts";

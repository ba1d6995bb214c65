/**
 * Serialising documents in the input's format: JSON with 2-space indentation, YAML in block style.
 *
 * @module
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import type { DocumentFormat } from "./parse_text.ts";

/**
 * Serialises a document: JSON with 2-space indentation, or YAML in block style; both end with a newline. Key
 * order is kept as it is in the objects.
 *
 * @example
 * ```ts
 * import { serializeDocument } from "./serialize.ts";
 * serializeDocument({ openapi: "3.1.0" }, "yaml"); // "openapi: 3.1.0\n"
 * ```
 */
export function serializeDocument(doc: unknown, format: DocumentFormat): string {
  if (format === "json") return JSON.stringify(doc, null, 2) + "\n";
  return yaml.dump(doc, {
    noRefs: true,
    lineWidth: -1,
    schema: yaml.CORE_SCHEMA,
    sortKeys: false,
    noCompatMode: true,
  });
}

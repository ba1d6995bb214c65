/**
 * The label of an edge: what the path from a node to the `$ref` inside it says about the referred schema.
 * Private to the graph folder.
 *
 * @module
 */
import { LIST_SCHEMA_KEYWORDS, MAP_SCHEMA_KEYWORDS } from "../core/schema_keywords.ts";

/** Keywords whose value maps names to schemas, and those whose value is a list of schemas. */
const NAMED = new Set(MAP_SCHEMA_KEYWORDS);
const LISTS = new Set(LIST_SCHEMA_KEYWORDS);

const isIndex = (s: string | number | undefined) => typeof s === "number" || /^\d+$/.test(s ?? "");

/**
 * The edge kind of a `$ref` written at `rel` below a schema node: the keyword nearest to the `$ref`
 * (`properties` named `property`; `items`, also a 2.0/3.0 tuple; every other keyword by its own name), or `ref`
 * when the node itself is the reference.
 */
export function schemaEdgeKind(rel: readonly (string | number)[]): string {
  let kind = "ref";
  let i = 0;
  while (i < rel.length) {
    const k = String(rel[i]);
    if (NAMED.has(k)) {
      kind = k === "properties" ? "property" : k;
      i += 2;
    } else if (LISTS.has(k)) {
      kind = k;
      i += 2;
    } else if (k === "items") {
      kind = "items";
      i += isIndex(rel[i + 1]) ? 2 : 1;
    } else {
      kind = k;
      i += 1;
    }
  }
  return kind;
}

/**
 * The edge kind of a `$ref` written at `rel` below an operation (or its Path Item's `parameters`):
 * `request`, `response`, `parameter` or `callback`. A 2.0 parameter `in: body` is the request (`bodyParameter`
 * says whether parameter `index` is one).
 */
export function operationEdgeKind(
  rel: readonly (string | number)[],
  bodyParameter: (index: number) => boolean,
): string | undefined {
  switch (rel[0]) {
    case "requestBody":
      return "request";
    case "responses":
      return "response";
    case "callbacks":
      return "callback";
    case "parameters":
      return isIndex(rel[1]) && bodyParameter(Number(rel[1])) ? "request" : "parameter";
  }
  return undefined;
}

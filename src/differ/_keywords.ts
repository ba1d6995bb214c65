/**
 * Every schema keyword no specific check covers (`contains`, `prefixItems`, `patternProperties`, `xml`, …):
 * compared by meaning (references followed on each side), reported as `keyword-changed`.
 *
 * @module
 */
import { type Collector, q } from "./_context.ts";
import type { Obj } from "../core/json.ts";
import { equivalent } from "./_same.ts";
import type { SchemaReporter } from "./_schema_types.ts";

/** Keywords the specific checks compare. */
const HANDLED = new Set([
  "$ref",
  "type",
  "nullable",
  "format",
  "enum",
  "const",
  "maxLength",
  "minLength",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "maxItems",
  "minItems",
  "maxProperties",
  "minProperties",
  "pattern",
  "uniqueItems",
  "multipleOf",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "readOnly",
  "writeOnly",
  "deprecated",
  "default",
  "description",
  "title",
  "$comment",
  "externalDocs",
  "example",
  "examples",
  "discriminator",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
]);

/** Compares the keywords of two schemas that no specific check covers. */
export function compareKeywords(c: Collector, s: Obj, t: Obj, r: SchemaReporter): void {
  const seen = new Set<string>();
  for (const k of [...Object.keys(t), ...Object.keys(s)]) {
    if (seen.has(k) || HANDLED.has(k) || k.startsWith("x-")) continue;
    seen.add(k);
    const inS = Object.hasOwn(s, k);
    const inT = Object.hasOwn(t, k);
    if (inS && inT && equivalent(s[k], t[k], c.source, c.target)) continue;
    const what = !inS ? "was added" : !inT ? "was removed" : "changed";
    r.emit("keyword-changed", "modified", `keyword ${q(k)} ${what}`, s[k], t[k]);
  }
}

/**
 * The JSON Schema 2020-12 keywords of OpenAPI 3.1/3.2 schemas, each judged by what it does to the set of valid
 * values: a keyword added narrows it, removed widens it, and a subschema changed is compared as a schema of its
 * own (queued as a child, in the direction the keyword gives it). The checks' severities follow from the
 * direction (`checks/schema.ts`). Keywords no check covers (`xml`, `$anchor`, …) are still compared by meaning
 * (references followed on each side) and reported as `keyword-changed`.
 *
 * @module
 */
import { type Collector, q } from "./_context.ts";
import type { Obj } from "../core/json.ts";
import { equivalent } from "./_same.ts";
import { ANNOTATIONS, placeOf } from "./_all_of.ts";
import type { SchemaStep } from "./_schema_types.ts";
import { compareArrayKeywords } from "./_keywords_arrays.ts";
import { compareObjectKeywords } from "./_keywords_objects.ts";
import { allowsAll, compareSubschema, keywordChange } from "./_subschema.ts";

/** Keywords the specific checks compare. */
const HANDLED = new Set<string>([
  ...ANNOTATIONS,
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
  "discriminator",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  // 2020-12, compared here and in `_keywords_arrays.ts` / `_keywords_objects.ts`.
  "contains",
  "minContains",
  "maxContains",
  "prefixItems",
  "unevaluatedItems",
  "unevaluatedProperties",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
  "propertyNames",
  "if",
  "then",
  "else",
  "contentSchema",
  "contentMediaType",
  "contentEncoding",
  // Definitions: compared where they are referenced.
  "$defs",
  "definitions",
]);

/** A string annotation compared like `format`: added, removed or changed. */
function compareText(step: SchemaStep, kw: string, id: "content-media-type" | "content-encoding"): void {
  const { s, t, r } = step;
  const a = s[kw];
  const b = t[kw];
  if (a === b || (a === undefined && b === undefined)) return;
  if (a === undefined) r.emit(`${id}-added`, "added", `now has ${kw} ${q(b)}`, undefined, b);
  else if (b === undefined) r.emit(`${id}-removed`, "removed", `no longer has ${kw} ${q(a)}`, a);
  else r.emit(`${id}-changed`, "modified", `${kw} changed from ${q(a)} to ${q(b)}`, a, b);
}

/**
 * `if`/`then`/`else`: a conditional applies when `if` has a `then` or an `else`. Under the same `if`, each
 * branch narrows when it is added or narrowed; a changed `if` moves values between the branches, which no check
 * can judge: a WARNING says so.
 */
function compareConditional(c: Collector, step: SchemaStep): void {
  const { s, t, tAt, r } = step;
  const active = (o: Obj) => o.if !== undefined && (!allowsAll(o.then) || !allowsAll(o.else));
  const as = active(s);
  const at = active(t);
  if (!as && !at) return;
  if (!as) return keywordChange(step, "if-added", "added", "if", "now has a conditional (`if`)");
  if (!at) return keywordChange(step, "if-removed", "removed", "if", "lost its conditional (`if`)");
  if (!equivalent(s.if, t.if, c.source, c.target)) {
    return r.emitAt(
      "if-changed",
      "modified",
      placeOf(t, tAt, "if"),
      "target",
      "has a changed `if` condition: whether it accepts more or fewer values cannot be decided",
      s.if,
      t.if,
    );
  }
  compareSubschema(step, "then", ["then-added", "then-removed"], "a `then` schema");
  compareSubschema(step, "else", ["else-added", "else-removed"], "an `else` schema");
}

/** Compares the keywords of two schemas that the type, bound, property and composition checks leave. */
export function compareKeywords(c: Collector, step: SchemaStep): void {
  const { s, t, r } = step;
  compareArrayKeywords(c, step);
  compareObjectKeywords(c, step);
  compareConditional(c, step);
  compareText(step, "contentMediaType", "content-media-type");
  compareText(step, "contentEncoding", "content-encoding");
  compareSubschema(
    step,
    "contentSchema",
    ["content-schema-added", "content-schema-removed"],
    "a `contentSchema`",
  );
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

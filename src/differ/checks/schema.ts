/**
 * Checks on schemas, each twice: `request-…` where the schema describes what clients send (narrowing breaks
 * them) and `response-…` where it describes what they receive (widening breaks them). A schema used in both
 * places is judged for both.
 *
 * @module
 */
import type { Severity } from "../../core/finding.ts";
import type { Check } from "../types.ts";
import { directional, type DirectionalRow, type IdOf } from "./_define.ts";

const NARROW: readonly [Severity, Severity] = ["error", "info"];
/** A wider bound in a response: values clients store in sized types, buffers or columns may no longer fit. */
const BOUND_WIDEN: readonly [Severity, Severity] = ["info", "error"];

const BOUND_ROWS = [
  ["max-length", "maxLength", true],
  ["min-length", "minLength", false],
  ["maximum", "maximum", true],
  ["minimum", "minimum", false],
  ["max-items", "maxItems", true],
  ["min-items", "minItems", false],
  ["max-properties", "maxProperties", true],
  ["min-properties", "minProperties", false],
] as const satisfies readonly (readonly [name: string, keyword: string, upper: boolean])[];

/** The name of a bound in its checks' ids: `max-length` (`max-length-decreased`). */
export type BoundName = IdOf<typeof BOUND_ROWS>;

/** Bounds, as `[name, keyword, upper]`: an upper bound narrows when it decreases, a lower one when it grows. */
export const BOUNDS: readonly (readonly [name: BoundName, keyword: string, upper: boolean])[] = BOUND_ROWS;

function boundRows(): DirectionalRow[] {
  const rows: DirectionalRow[] = [];
  for (const [name, keyword, upper] of BOUNDS) {
    const exclusive = keyword === "maximum" || keyword === "minimum" ? " (inclusive or exclusive)" : "";
    rows.push([`${name}-added`, ...NARROW, `\`${keyword}\`${exclusive} was added.`]);
    rows.push([`${name}-removed`, ...BOUND_WIDEN, `\`${keyword}\`${exclusive} was removed.`]);
    rows.push([
      `${name}-${upper ? "decreased" : "increased"}`,
      ...NARROW,
      `\`${keyword}\`${exclusive} is stricter.`,
    ]);
    rows.push([
      `${name}-${upper ? "increased" : "decreased"}`,
      ...BOUND_WIDEN,
      `\`${keyword}\`${exclusive} is looser.`,
    ]);
  }
  return rows;
}

const BEFORE_BOUNDS = [
  [
    "type-narrowed",
    "error",
    "info",
    "The schema allows fewer types (or now has a type where any was allowed).",
  ],
  ["type-widened", "info", "error", "The schema allows more types."],
  ["type-changed", "error", "error", "The type changed (types were both added and removed)."],
  ["became-nullable", "info", "error", "The schema now allows null (3.0 `nullable` or a 3.1 `null` type)."],
  ["became-not-nullable", "error", "info", "The schema no longer allows null."],
  ["format-added", "error", "info", "A format was added."],
  ["format-removed", "info", "warning", "The format was removed."],
  ["format-changed", "error", "error", "The format changed."],
  ["enum-value-added", "info", "error", "An enum value was added."],
  ["enum-value-removed", "error", "info", "An enum value was removed."],
  ["enum-added", "error", "info", "An enum now restricts the values."],
  ["enum-removed", "info", "error", "The enum was removed: any value of the type is allowed."],
  ["const-added", "error", "info", "A const now fixes the value."],
  ["const-removed", "info", "error", "The const was removed."],
  ["const-changed", "error", "error", "The const changed."],
] as const satisfies readonly DirectionalRow[];

const AFTER_BOUNDS = [
  ["pattern-added", "error", "info", "A pattern was added."],
  ["pattern-removed", "info", "warning", "The pattern was removed."],
  ["pattern-changed", "warning", "warning", "The pattern changed."],
  ["unique-items-added", "error", "info", "Items must now be unique."],
  ["unique-items-removed", "info", "warning", "Items no longer need to be unique."],
  ["multiple-of-added", "error", "info", "A multipleOf was added."],
  ["multiple-of-removed", "info", "warning", "The multipleOf was removed."],
  [
    "multiple-of-narrowed",
    "error",
    "info",
    "The new multipleOf is a multiple of the old one (fewer values).",
  ],
  [
    "multiple-of-widened",
    "info",
    "warning",
    "The old multipleOf is a multiple of the new one (more values).",
  ],
  ["multiple-of-changed", "error", "warning", "The multipleOf changed to an unrelated value."],
  ["property-became-required", "error", "info", "A property became required."],
  ["property-became-optional", "info", "error", "A property is no longer required."],
  ["required-property-added", "error", "info", "A required property was added."],
  ["optional-property-added", "info", "info", "An optional property was added."],
  ["required-property-removed", "warning", "error", "A required property was removed."],
  ["optional-property-removed", "warning", "warning", "An optional property was removed."],
  ["additional-properties-disallowed", "error", "info", "Properties not listed are no longer allowed."],
  ["additional-properties-allowed", "info", "warning", "Properties not listed are now allowed."],
  [
    "property-became-read-only",
    "error",
    "info",
    "A property became readOnly: clients may no longer send it.",
  ],
  ["property-no-longer-read-only", "info", "info", "A property is no longer readOnly."],
  [
    "property-became-write-only",
    "info",
    "error",
    "A property became writeOnly: responses no longer hold it.",
  ],
  ["property-no-longer-write-only", "info", "info", "A property is no longer writeOnly."],
  ["default-added", "info", "info", "A default value was added."],
  ["default-removed", "warning", "warning", "The default value was removed."],
  [
    "default-changed",
    "warning",
    "warning",
    "The default value changed: omitting the field means something else.",
  ],
  ["schema-deprecated", "warning", "warning", "A schema or property was marked deprecated."],
  ["schema-undeprecated", "info", "info", "A schema or property is no longer deprecated."],
  ["discriminator-added", "warning", "warning", "A discriminator was added."],
  ["discriminator-removed", "warning", "warning", "The discriminator was removed."],
  ["discriminator-property-changed", "error", "error", "The discriminator's property name changed."],
  ["discriminator-mapping-added", "info", "error", "A discriminator mapping entry was added."],
  ["discriminator-mapping-removed", "error", "info", "A discriminator mapping entry was removed."],
  ["discriminator-mapping-changed", "error", "error", "A discriminator mapping entry points elsewhere."],
  ["one-of-alternative-added", "info", "error", "A oneOf alternative was added."],
  ["one-of-alternative-removed", "error", "info", "A oneOf alternative was removed."],
  ["any-of-alternative-added", "info", "error", "An anyOf alternative was added."],
  ["any-of-alternative-removed", "error", "info", "An anyOf alternative was removed."],
  ["not-added", "error", "info", "A `not` schema was added."],
  ["not-removed", "info", "warning", "The `not` schema was removed."],
  [
    "keyword-changed",
    "warning",
    "warning",
    "A schema keyword no other check covers changed (e.g. `xml`, `$anchor`): its effect is not judged.",
  ],
  ["schema-description-changed", "info", "info", "The description or title of a schema changed."],
  ["schema-example-changed", "info", "info", "The example(s) of a schema changed."],
] as const satisfies readonly DirectionalRow[];

/**
 * JSON Schema 2020-12 keywords (OpenAPI 3.1/3.2), boolean schemas and `x-extensible-enum`, by the rule of the rows
 * above: a change that narrows the valid set is an ERROR in a request (clients sent what is now refused) and an
 * INFO in a response; one that widens it is an INFO in a request and, in a response, an ERROR when values of a
 * kind clients never received may arrive (a removed subschema, a looser bound) and a WARNING when only a hint is
 * gone (`contentMediaType`, `contentEncoding`, as for `format`). Where the effect cannot be decided (a changed
 * `if`), a WARNING says so in both directions.
 */
/**
 * A subschema constraint removed from a response (`contains`, a `then`, a dependent schema, …): it may have
 * guaranteed anything (a type, a required property), so values of a kind clients were never told about may now
 * arrive. An ERROR, as oasdiff judges these removals.
 */
const SUBSCHEMA_WIDEN: readonly [Severity, Severity] = ["info", "error"];

const KEYWORD_ROWS = [
  [
    "became-false",
    "error",
    "error",
    "A schema became `false` (for `items`: no items beyond `prefixItems`): nothing is valid there, and clients reading it get nothing.",
  ],
  [
    "became-not-false",
    "info",
    "error",
    "A `false` schema now allows values: values may appear where none could.",
  ],
  ["contains-added", ...NARROW, "`contains` was added: arrays must hold a matching item."],
  ["contains-removed", ...SUBSCHEMA_WIDEN, "`contains` was removed: arrays need no matching item."],
  [
    "contains-changed",
    "warning",
    "warning",
    "The `contains` schema changed while `maxContains` bounds the matches: whether more or fewer arrays are valid cannot be decided.",
  ],
  [
    "min-contains-increased",
    ...NARROW,
    "`minContains` is higher (absent counts as 1): more matching items are needed.",
  ],
  [
    "min-contains-decreased",
    ...BOUND_WIDEN,
    "`minContains` is lower: fewer matching items are needed (a bound, judged as the other bounds).",
  ],
  [
    "max-contains-decreased",
    ...NARROW,
    "`maxContains` is lower (or newly set): fewer matching items are allowed.",
  ],
  [
    "max-contains-increased",
    ...BOUND_WIDEN,
    "`maxContains` is higher (or removed): more matching items are allowed.",
  ],
  [
    "prefix-items-added",
    ...NARROW,
    "`prefixItems` now constrain positions where any item was allowed.",
  ],
  [
    "prefix-items-removed",
    ...SUBSCHEMA_WIDEN,
    "`prefixItems` positions no longer constrain their item.",
  ],
  [
    "unevaluated-items-added",
    ...NARROW,
    "`unevaluatedItems` now constrains items no other keyword evaluated.",
  ],
  [
    "unevaluated-items-removed",
    ...SUBSCHEMA_WIDEN,
    "`unevaluatedItems` was removed: items no other keyword evaluated are free.",
  ],
  [
    "unevaluated-properties-added",
    ...NARROW,
    "`unevaluatedProperties` now constrains properties no other keyword evaluated.",
  ],
  [
    "unevaluated-properties-removed",
    ...SUBSCHEMA_WIDEN,
    "`unevaluatedProperties` was removed: properties no other keyword evaluated are free.",
  ],
  [
    "dependent-required-added",
    ...NARROW,
    "`dependentRequired` requires more properties when a property is present.",
  ],
  [
    "dependent-required-removed",
    "info",
    "error",
    "`dependentRequired` requires fewer properties: a property clients read is no longer guaranteed (as for a property no longer required).",
  ],
  [
    "dependent-schema-added",
    ...NARROW,
    "A `dependentSchemas` entry now constrains objects holding its property.",
  ],
  ["dependent-schema-removed", ...SUBSCHEMA_WIDEN, "A `dependentSchemas` entry was removed."],
  [
    "pattern-property-added",
    ...NARROW,
    "A `patternProperties` entry now constrains properties whose names match it.",
  ],
  [
    "pattern-property-removed",
    ...SUBSCHEMA_WIDEN,
    "A `patternProperties` entry was removed: matching properties are free (or fall to `additionalProperties`).",
  ],
  ["property-names-added", ...NARROW, "`propertyNames` now restricts the names of properties."],
  [
    "property-names-removed",
    ...SUBSCHEMA_WIDEN,
    "`propertyNames` was removed: any property name is allowed.",
  ],
  ["if-added", ...NARROW, "An `if` with `then`/`else` now applies (a conditional constraint was added)."],
  ["if-removed", ...SUBSCHEMA_WIDEN, "The conditional (`if` with `then`/`else`) was removed."],
  [
    "if-changed",
    "warning",
    "warning",
    "The `if` schema changed: whether more or fewer values are valid cannot be decided (review it).",
  ],
  ["then-added", ...NARROW, "A `then` was added under the same `if`."],
  ["then-removed", ...SUBSCHEMA_WIDEN, "The `then` was removed under the same `if`."],
  ["else-added", ...NARROW, "An `else` was added under the same `if`."],
  ["else-removed", ...SUBSCHEMA_WIDEN, "The `else` was removed under the same `if`."],
  [
    "content-media-type-added",
    "error",
    "info",
    "`contentMediaType` was added: the string must hold that media type (as for a format).",
  ],
  ["content-media-type-removed", "info", "warning", "`contentMediaType` was removed."],
  [
    "content-media-type-changed",
    "error",
    "error",
    "`contentMediaType` changed: the string holds another media type.",
  ],
  [
    "content-encoding-added",
    "error",
    "info",
    "`contentEncoding` was added: the string must be encoded (as for a format).",
  ],
  ["content-encoding-removed", "info", "warning", "`contentEncoding` was removed."],
  [
    "content-encoding-changed",
    "error",
    "error",
    "`contentEncoding` changed: the string is decoded differently.",
  ],
  ["content-schema-added", ...NARROW, "`contentSchema` now describes the decoded content."],
  ["content-schema-removed", ...SUBSCHEMA_WIDEN, "`contentSchema` was removed."],
  [
    "x-extensible-enum-value-added",
    "info",
    "info",
    "An `x-extensible-enum` value was added: extensible enums promise clients that new values may come.",
  ],
  [
    "x-extensible-enum-value-removed",
    "error",
    "info",
    "An `x-extensible-enum` value was removed: clients sending it are refused.",
  ],
] as const satisfies readonly DirectionalRow[];

/** A schema check without its direction: `type-narrowed`, `max-length-decreased`. */
export type SchemaCheckSuffix =
  | IdOf<typeof BEFORE_BOUNDS>
  | IdOf<typeof AFTER_BOUNDS>
  | IdOf<typeof KEYWORD_ROWS>
  | `${BoundName}-${"added" | "removed" | "increased" | "decreased"}`;

/** The ids of the `schema` checks: each suffix in a request and in a response. */
export type SchemaCheckId = `${"request" | "response"}-${SchemaCheckSuffix}`;

/** Checks of the `schema` category. */
export const SCHEMA_CHECKS: readonly Check[] = directional("schema", [
  ...BEFORE_BOUNDS,
  ...boundRows(),
  ...AFTER_BOUNDS,
  ...KEYWORD_ROWS,
]);

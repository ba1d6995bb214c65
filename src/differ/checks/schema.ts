/**
 * Checks on schemas, each twice: `request-…` where the schema describes what clients send (narrowing breaks
 * them) and `response-…` where it describes what they receive (widening breaks them). A schema used in both
 * places is judged for both.
 *
 * @module
 */
import type { Check, DiffSeverity } from "../types.ts";
import { directional, type DirectionalRow, type IdOf } from "./_define.ts";

const NARROW: readonly [DiffSeverity, DiffSeverity] = ["ERROR", "INFO"];
const WIDEN: readonly [DiffSeverity, DiffSeverity] = ["INFO", "WARNING"];

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
    rows.push([`${name}-removed`, ...WIDEN, `\`${keyword}\`${exclusive} was removed.`]);
    rows.push([
      `${name}-${upper ? "decreased" : "increased"}`,
      ...NARROW,
      `\`${keyword}\`${exclusive} is stricter.`,
    ]);
    rows.push([
      `${name}-${upper ? "increased" : "decreased"}`,
      ...WIDEN,
      `\`${keyword}\`${exclusive} is looser.`,
    ]);
  }
  return rows;
}

const BEFORE_BOUNDS = [
  [
    "type-narrowed",
    "ERROR",
    "INFO",
    "The schema allows fewer types (or now has a type where any was allowed).",
  ],
  ["type-widened", "INFO", "ERROR", "The schema allows more types."],
  ["type-changed", "ERROR", "ERROR", "The type changed (types were both added and removed)."],
  ["became-nullable", "INFO", "ERROR", "The schema now allows null (3.0 `nullable` or a 3.1 `null` type)."],
  ["became-not-nullable", "ERROR", "INFO", "The schema no longer allows null."],
  ["format-added", "ERROR", "INFO", "A format was added."],
  ["format-removed", "INFO", "WARNING", "The format was removed."],
  ["format-changed", "ERROR", "ERROR", "The format changed."],
  ["enum-value-added", "INFO", "ERROR", "An enum value was added."],
  ["enum-value-removed", "ERROR", "INFO", "An enum value was removed."],
  ["enum-added", "ERROR", "INFO", "An enum now restricts the values."],
  ["enum-removed", "INFO", "ERROR", "The enum was removed: any value of the type is allowed."],
  ["const-added", "ERROR", "INFO", "A const now fixes the value."],
  ["const-removed", "INFO", "ERROR", "The const was removed."],
  ["const-changed", "ERROR", "ERROR", "The const changed."],
] as const satisfies readonly DirectionalRow[];

const AFTER_BOUNDS = [
  ["pattern-added", "ERROR", "INFO", "A pattern was added."],
  ["pattern-removed", "INFO", "WARNING", "The pattern was removed."],
  ["pattern-changed", "WARNING", "WARNING", "The pattern changed."],
  ["unique-items-added", "ERROR", "INFO", "Items must now be unique."],
  ["unique-items-removed", "INFO", "WARNING", "Items no longer need to be unique."],
  ["multiple-of-added", "ERROR", "INFO", "A multipleOf was added."],
  ["multiple-of-removed", "INFO", "WARNING", "The multipleOf was removed."],
  [
    "multiple-of-narrowed",
    "ERROR",
    "INFO",
    "The new multipleOf is a multiple of the old one (fewer values).",
  ],
  [
    "multiple-of-widened",
    "INFO",
    "WARNING",
    "The old multipleOf is a multiple of the new one (more values).",
  ],
  ["multiple-of-changed", "ERROR", "WARNING", "The multipleOf changed to an unrelated value."],
  ["property-became-required", "ERROR", "INFO", "A property became required."],
  ["property-became-optional", "INFO", "ERROR", "A property is no longer required."],
  ["required-property-added", "ERROR", "INFO", "A required property was added."],
  ["optional-property-added", "INFO", "INFO", "An optional property was added."],
  ["required-property-removed", "WARNING", "ERROR", "A required property was removed."],
  ["optional-property-removed", "WARNING", "WARNING", "An optional property was removed."],
  ["additional-properties-disallowed", "ERROR", "INFO", "Properties not listed are no longer allowed."],
  ["additional-properties-allowed", "INFO", "WARNING", "Properties not listed are now allowed."],
  [
    "property-became-read-only",
    "ERROR",
    "INFO",
    "A property became readOnly: clients may no longer send it.",
  ],
  ["property-no-longer-read-only", "INFO", "INFO", "A property is no longer readOnly."],
  [
    "property-became-write-only",
    "INFO",
    "ERROR",
    "A property became writeOnly: responses no longer hold it.",
  ],
  ["property-no-longer-write-only", "INFO", "INFO", "A property is no longer writeOnly."],
  ["default-added", "INFO", "INFO", "A default value was added."],
  ["default-removed", "WARNING", "INFO", "The default value was removed."],
  [
    "default-changed",
    "WARNING",
    "INFO",
    "The default value changed: omitting the field means something else.",
  ],
  ["schema-deprecated", "WARNING", "WARNING", "A schema or property was marked deprecated."],
  ["schema-undeprecated", "INFO", "INFO", "A schema or property is no longer deprecated."],
  ["discriminator-added", "WARNING", "WARNING", "A discriminator was added."],
  ["discriminator-removed", "WARNING", "WARNING", "The discriminator was removed."],
  ["discriminator-property-changed", "ERROR", "ERROR", "The discriminator's property name changed."],
  ["discriminator-mapping-added", "INFO", "WARNING", "A discriminator mapping entry was added."],
  ["discriminator-mapping-removed", "ERROR", "INFO", "A discriminator mapping entry was removed."],
  ["discriminator-mapping-changed", "ERROR", "ERROR", "A discriminator mapping entry points elsewhere."],
  ["one-of-alternative-added", "INFO", "ERROR", "A oneOf alternative was added."],
  ["one-of-alternative-removed", "ERROR", "INFO", "A oneOf alternative was removed."],
  ["any-of-alternative-added", "INFO", "ERROR", "An anyOf alternative was added."],
  ["any-of-alternative-removed", "ERROR", "INFO", "An anyOf alternative was removed."],
  ["not-added", "ERROR", "INFO", "A `not` schema was added."],
  ["not-removed", "INFO", "WARNING", "The `not` schema was removed."],
  [
    "keyword-changed",
    "WARNING",
    "WARNING",
    "A schema keyword no other check covers changed (e.g. `contains`).",
  ],
  ["schema-description-changed", "INFO", "INFO", "The description or title of a schema changed."],
  ["schema-example-changed", "INFO", "INFO", "The example(s) of a schema changed."],
] as const satisfies readonly DirectionalRow[];

/** A schema check without its direction: `type-narrowed`, `max-length-decreased`. */
export type SchemaCheckSuffix =
  | IdOf<typeof BEFORE_BOUNDS>
  | IdOf<typeof AFTER_BOUNDS>
  | `${BoundName}-${"added" | "removed" | "increased" | "decreased"}`;

/** The ids of the `schema` checks: each suffix in a request and in a response. */
export type SchemaCheckId = `${"request" | "response"}-${SchemaCheckSuffix}`;

/** Checks of the `schema` category. */
export const SCHEMA_CHECKS: readonly Check[] = directional("schema", [
  ...BEFORE_BOUNDS,
  ...boundRows(),
  ...AFTER_BOUNDS,
]);

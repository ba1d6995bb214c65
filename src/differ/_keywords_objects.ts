/**
 * Object keywords of JSON Schema 2020-12: `dependentRequired`, `dependentSchemas`, `patternProperties`,
 * `propertyNames` and `unevaluatedProperties`.
 *
 * @module
 */
import { type Collector, q, under } from "./_context.ts";
import { isObject, type Obj } from "../core/json.ts";
import { placeOf } from "./_all_of.ts";
import { sampleList } from "../core/bounded_text.ts";
import type { SchemaStep } from "./_schema_types.ts";
import { allowsAll, compareSlot, compareSubschema, subName } from "./_subschema.ts";

const NONE: Obj = Object.freeze({});

function mapOf(o: Obj, kw: string): Obj {
  const v = o[kw];
  return isObject(v) ? v : NONE;
}

function names(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** `dependentRequired`: a name required along with a property narrows when added, widens when removed. */
function compareDependentRequired(step: SchemaStep): void {
  const { s, sAt, t, tAt, r } = step;
  const a = mapOf(s, "dependentRequired");
  const b = mapOf(t, "dependentRequired");
  if (a === NONE && b === NONE) return;
  const diff = (x: Obj, y: Obj, key: string) => {
    const had = new Set(names(y[key]));
    return names(x[key]).filter((n) => !had.has(n));
  };
  for (const key of Object.keys(b)) {
    const more = diff(b, a, key);
    if (more.length === 0) continue;
    r.emitAt(
      "dependent-required-added",
      "added",
      under(placeOf(t, tAt, "dependentRequired"), key),
      "target",
      `now requires ${sampleList(more.map(q))} when ${q(key)} is present`,
      a[key],
      b[key],
    );
  }
  for (const key of Object.keys(a)) {
    const fewer = diff(a, b, key);
    if (fewer.length === 0) continue;
    r.emitAt(
      "dependent-required-removed",
      "removed",
      under(placeOf(s, sAt, "dependentRequired"), key),
      "source",
      `no longer requires ${sampleList(fewer.map(q))} when ${q(key)} is present`,
      a[key],
      b[key],
    );
  }
}

/** `dependentSchemas`: each property's schema, added, removed or compared. */
function compareDependentSchemas(step: SchemaStep): void {
  const { s, sAt, t, tAt, f } = step;
  const a = mapOf(s, "dependentSchemas");
  const b = mapOf(t, "dependentSchemas");
  if (a === NONE && b === NONE) return;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  for (const key of keys) {
    compareSlot(
      step,
      a[key],
      under(placeOf(s, sAt, "dependentSchemas"), key),
      b[key],
      under(placeOf(t, tAt, "dependentSchemas"), key),
      ["dependent-schema-added", "dependent-schema-removed"],
      `a dependent schema for ${q(key)}`,
      subName(f.name, `dependentSchemas ${key}`),
    );
  }
}

/**
 * `patternProperties`: a pattern on both sides compares its schemas. A pattern on one side only is compared
 * with what the other side applies to the same names, `additionalProperties`: when that allows anything, the
 * pattern is `pattern-property-added`/`-removed`; when it is `false` or a schema, the two are compared (a
 * pattern now allowing names that `additionalProperties: false` refused widens).
 */
function comparePatternProperties(step: SchemaStep): void {
  const { s, sAt, t, tAt, f } = step;
  const a = mapOf(s, "patternProperties");
  const b = mapOf(t, "patternProperties");
  if (a === NONE && b === NONE) return;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const ids = ["pattern-property-added", "pattern-property-removed"] as const;
  for (const key of keys) {
    const inA = Object.hasOwn(a, key);
    const inB = Object.hasOwn(b, key);
    const aAt = inA
      ? under(placeOf(s, sAt, "patternProperties"), key)
      : placeOf(s, sAt, "additionalProperties");
    const bAt = inB
      ? under(placeOf(t, tAt, "patternProperties"), key)
      : placeOf(t, tAt, "additionalProperties");
    const av = inA ? a[key] : s.additionalProperties;
    const bv = inB ? b[key] : t.additionalProperties;
    const name = subName(f.name, `patternProperties ${key}`);
    if (!inA && !allowsAll(av)) step.child(av, aAt, bv, bAt, name);
    else if (!inB && !allowsAll(bv)) step.child(av, aAt, bv, bAt, name);
    else compareSlot(step, av, aAt, bv, bAt, ids, `a pattern property ${q(key)}`, name);
  }
}

/** Compares the object keywords of 2020-12. */
export function compareObjectKeywords(_c: Collector, step: SchemaStep): void {
  compareDependentRequired(step);
  compareDependentSchemas(step);
  comparePatternProperties(step);
  compareSubschema(
    step,
    "propertyNames",
    ["property-names-added", "property-names-removed"],
    "a `propertyNames` constraint",
  );
  compareSubschema(
    step,
    "unevaluatedProperties",
    ["unevaluated-properties-added", "unevaluated-properties-removed"],
    "an `unevaluatedProperties` constraint",
  );
}

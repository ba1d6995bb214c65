/**
 * Helpers of the keyword comparisons (`_keywords*.ts`): a subschema that allows anything, the name of a
 * subschema in messages, and the comparison of a keyword whose value is one schema.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { placeOf } from "./_all_of.ts";
import type { Place } from "./_context.ts";
import type { SchemaCheckSuffix } from "./checks/schema.ts";
import type { SchemaStep } from "./_schema_types.ts";

/** Whether a subschema allows anything: absent, `true` or `{}`. */
export function allowsAll(v: unknown): boolean {
  return v === undefined || v === true || (isObject(v) && Object.keys(v).length === 0);
}

/** The name of a subschema in messages: `tags{contains}`, `{propertyNames}` for the top schema. */
export function subName(name: string, what: string): string {
  return `${name}{${what}}`;
}

/**
 * Two values of one subschema slot (each maybe absent): a schema where anything was allowed narrows (`added`), one
 * that now allows anything widens (`removed`), and two schemas are compared as a child, in the same direction.
 */
export function compareSlot(
  step: SchemaStep,
  a: unknown,
  aAt: Place,
  b: unknown,
  bAt: Place,
  ids: readonly [added: SchemaCheckSuffix, removed: SchemaCheckSuffix],
  what: string,
  name: string,
): void {
  const { r, child } = step;
  if (allowsAll(a) && allowsAll(b)) return;
  if (allowsAll(a)) r.emitAt(ids[0], "added", bAt, "target", `now has ${what}`, undefined, b);
  else if (allowsAll(b)) r.emitAt(ids[1], "removed", aAt, "source", `no longer has ${what}`, a);
  else child(a, aAt, b, bAt, name);
}

/** A keyword whose value is one schema, compared with {@link compareSlot}. */
export function compareSubschema(
  step: SchemaStep,
  kw: string,
  ids: readonly [added: SchemaCheckSuffix, removed: SchemaCheckSuffix],
  what: string,
): void {
  const { s, sAt, t, tAt, f } = step;
  compareSlot(step, s[kw], placeOf(s, sAt, kw), t[kw], placeOf(t, tAt, kw), ids, what, subName(f.name, kw));
}

/** A whole keyword added (reported at its place in the target) or removed (at its place in the source). */
export function keywordChange(
  step: SchemaStep,
  id: SchemaCheckSuffix,
  type: "added" | "removed",
  kw: string,
  what: string,
): void {
  const { s, sAt, t, tAt, r } = step;
  if (type === "added") r.emitAt(id, type, placeOf(t, tAt, kw), "target", what, undefined, t[kw]);
  else r.emitAt(id, type, placeOf(s, sAt, kw), "source", what, s[kw]);
}

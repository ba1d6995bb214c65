/**
 * Enums of two schemas: `enum` (closed: a value added widens, removed narrows) and `x-extensible-enum` (open:
 * clients are promised that new values may come, so an added value is no break anywhere; a removed one still
 * refuses what clients sent).
 *
 * @module
 */
import type { Obj } from "../core/json.ts";
import { ValueSet } from "../core/canonical_key.ts";
import { formatCount, MAX_LISTED } from "../core/bounded_text.ts";
import { q } from "./_context.ts";
import type { SchemaReporter } from "./_schema_types.ts";
import type { SchemaCheckSuffix } from "./checks/schema.ts";

/** The extension naming the known values of an open enum. */
const EXTENSIBLE = "x-extensible-enum";

/**
 * Whether one side fixes the value with `const` where the other lists an `enum`: `const: x` is then compared as
 * `enum: [x]` (so `enum: [x]` rewritten as `const: x` is no change).
 */
export function constAsEnum(s: Obj, t: Obj): boolean {
  const fixed = (o: Obj) => Object.hasOwn(o, "const") && !Array.isArray(o.enum);
  const listed = (o: Obj) => Array.isArray(o.enum) && !Object.hasOwn(o, "const");
  return (fixed(s) && listed(t)) || (listed(s) && fixed(t));
}

/** The values an enum or a const allows, when {@link constAsEnum}; the `enum` otherwise. */
function valuesOf(o: Obj, mixed: boolean): unknown[] | undefined {
  if (Array.isArray(o.enum)) return o.enum;
  return mixed && Object.hasOwn(o, "const") ? [o.const] : undefined;
}

/** Compares `enum` (and a `const` facing one) and `x-extensible-enum`. */
export function compareEnum(s: Obj, t: Obj, r: SchemaReporter): void {
  const mixed = constAsEnum(s, t);
  const a = valuesOf(s, mixed);
  const b = valuesOf(t, mixed);
  if (a === undefined && b !== undefined) {
    r.emit("enum-added", "added", `now only allows ${q(b)}`, undefined, b);
  } else if (a !== undefined && b === undefined) {
    r.emit("enum-removed", "removed", `no longer restricts its values to an enum`, a);
  } else if (a !== undefined && b !== undefined) {
    compareValues(a, b, r, ["enum-value-added", "enum-value-removed"], "");
  }
  const xa = s[EXTENSIBLE];
  const xb = t[EXTENSIBLE];
  if (Array.isArray(xa) && Array.isArray(xb)) {
    compareValues(xa, xb, r, ["x-extensible-enum-value-added", "x-extensible-enum-value-removed"], "known ");
  }
}

/** The values of two enums: each added and each removed one (past a bound, one change with a sample). */
function compareValues(
  a: readonly unknown[],
  b: readonly unknown[],
  r: SchemaReporter,
  ids: readonly [added: SchemaCheckSuffix, removed: SchemaCheckSuffix],
  kind: string,
): void {
  const ka = new ValueSet(a);
  const kb = new ValueSet(b);
  const added = b.filter((v) => !ka.has(v));
  const removed = a.filter((v) => !kb.has(v));
  if (added.length > MAX_ENUM_CHANGES) {
    r.emit(ids[0], "added", `allows ${formatCount(added.length)} new ${kind}values: ${sampleOf(added)}`);
  } else {
    for (const v of added) r.emit(ids[0], "added", `allows the new ${kind}value ${q(v)}`, undefined, v);
  }
  if (removed.length > MAX_ENUM_CHANGES) {
    r.emit(
      ids[1],
      "removed",
      `no longer allows ${formatCount(removed.length)} ${kind}values: ${sampleOf(removed)}`,
    );
  } else {
    const one = kind === "" ? "" : `the ${kind}value `;
    for (const v of removed) r.emit(ids[1], "removed", `no longer allows ${one}${q(v)}`, v);
  }
}

/**
 * Enum values added (or removed) reported one by one (each a change, counted in the result); past this, one
 * change gives their count and a sample, so a million values make one change, not a million.
 */
const MAX_ENUM_CHANGES = 50_000;

/** The first values of a long list, quoted: `"a", "b", "c", "d", "e", …`. */
function sampleOf(values: readonly unknown[]): string {
  const shown: string[] = [];
  for (let i = 0; i < values.length && i < MAX_LISTED; i++) shown.push(q(values[i]));
  return `${shown.join(", ")}, …`;
}

/**
 * The two schemas for the comparison of extensions: without `x-extensible-enum` when both sides list values
 * (compared as an enum by {@link compareEnum}); as they are otherwise (an extensible enum added or removed is an
 * extension added or removed).
 */
export function withoutExtensibleEnum(s: Obj, t: Obj): { s: Obj; t: Obj } {
  if (!Array.isArray(s[EXTENSIBLE]) || !Array.isArray(t[EXTENSIBLE])) return { s, t };
  const drop = (o: Obj) => {
    const out: Obj = {};
    for (const k of Object.keys(o)) if (k !== EXTENSIBLE) out[k] = o[k];
    return out;
  };
  return { s: drop(s), t: drop(t) };
}

/**
 * Array keywords of JSON Schema 2020-12: `contains` with `minContains`/`maxContains`, `prefixItems` (compared
 * position by position, each position's schema being its `prefixItems` entry or else `items`) and
 * `unevaluatedItems`.
 *
 * @module
 */
import { type Collector, under } from "./_context.ts";
import { equivalent } from "./_same.ts";
import { placeOf } from "./_all_of.ts";
import { sampleList } from "../core/bounded_text.ts";
import type { SchemaStep } from "./_schema_types.ts";
import { allowsAll, compareSubschema, keywordChange, subName } from "./_subschema.ts";

function count(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/**
 * `contains` added narrows (an array must hold a match), removed widens. With both, `minContains` (absent: 1)
 * and `maxContains` (absent: no limit) are compared as bounds, and the `contains` schemas as a child: a narrower
 * `contains` matches fewer items, which narrows under `minContains` but widens under `maxContains`, so with a
 * `maxContains` on either side a changed `contains` is undecidable (a WARNING).
 */
function compareContains(c: Collector, step: SchemaStep): void {
  const { s, sAt, t, tAt, f, r, child } = step;
  const a = s.contains;
  const b = t.contains;
  if (a === undefined && b === undefined) return;
  if (a === undefined) {
    return keywordChange(step, "contains-added", "added", "contains", "now must contain a matching item");
  }
  if (b === undefined) {
    return keywordChange(
      step,
      "contains-removed",
      "removed",
      "contains",
      "no longer must contain a matching item",
    );
  }
  const minA = count(s.minContains) ?? 1;
  const minB = count(t.minContains) ?? 1;
  if (minA !== minB) {
    const what = `minContains changed from ${minA} to ${minB}`;
    r.emit(minB > minA ? "min-contains-increased" : "min-contains-decreased", "modified", what, minA, minB);
  }
  const maxA = count(s.maxContains);
  const maxB = count(t.maxContains);
  if (maxA !== maxB) {
    const show = (x: number | undefined) => x === undefined ? "no limit" : String(x);
    const stricter = maxB !== undefined && (maxA === undefined || maxB < maxA);
    r.emit(
      stricter ? "max-contains-decreased" : "max-contains-increased",
      "modified",
      `maxContains changed from ${show(maxA)} to ${show(maxB)}`,
      maxA,
      maxB,
    );
  }
  const aAt = placeOf(s, sAt, "contains");
  const bAt = placeOf(t, tAt, "contains");
  if (maxA === undefined && maxB === undefined) {
    // With `minContains: 0` on both sides and no maximum, `contains` constrains nothing.
    if (minA !== 0 || minB !== 0) child(a, aAt, b, bAt, subName(f.name, "contains"));
    return;
  }
  if (!equivalent(a, b, c.source, c.target)) {
    r.emitAt(
      "contains-changed",
      "modified",
      bAt,
      "target",
      "has a changed `contains` schema under `maxContains`: whether more or fewer arrays are valid cannot be decided",
      a,
      b,
    );
  }
}

/** Positions for a message: `position 2`, `positions 0, 1, 2, 3, 4, … (12 in all)`. */
function positions(list: readonly number[]): string {
  return `${list.length === 1 ? "position" : "positions"} ${sampleList(list.map(String))}`;
}

/**
 * `prefixItems`: position i is validated by the i-th entry, positions past the list by `items` (absent: any).
 * Each position present on either side compares its two schemas; a position gaining a schema where any item
 * was allowed is `prefix-items-added`, the reverse `prefix-items-removed` (positions listed in one change).
 */
function comparePrefixItems(step: SchemaStep): void {
  const { s, sAt, t, tAt, f, r, child } = step;
  const S = Array.isArray(s.prefixItems) ? s.prefixItems as unknown[] : [];
  const T = Array.isArray(t.prefixItems) ? t.prefixItems as unknown[] : [];
  if (S.length === 0 && T.length === 0) return;
  const sList = placeOf(s, sAt, "prefixItems");
  const tList = placeOf(t, tAt, "prefixItems");
  const added: number[] = [];
  const removed: number[] = [];
  for (let i = 0; i < Math.max(S.length, T.length); i++) {
    const name = `${f.name}[${i}]`;
    if (i < S.length && i < T.length) child(S[i], under(sList, i), T[i], under(tList, i), name);
    else if (i < T.length) {
      if (!allowsAll(s.items)) child(s.items, placeOf(s, sAt, "items"), T[i], under(tList, i), name);
      else if (!allowsAll(T[i])) added.push(i);
    } else {
      if (!allowsAll(t.items)) child(S[i], under(sList, i), t.items, placeOf(t, tAt, "items"), name);
      else if (!allowsAll(S[i])) removed.push(i);
    }
  }
  if (added.length > 0) {
    r.emitAt(
      "prefix-items-added",
      "added",
      under(tList, added[0]),
      "target",
      `now constrains the item at ${positions(added)}`,
    );
  }
  if (removed.length > 0) {
    r.emitAt(
      "prefix-items-removed",
      "removed",
      under(sList, removed[0]),
      "source",
      `no longer constrains the item at ${positions(removed)}`,
    );
  }
}

/** Compares the array keywords of 2020-12. */
export function compareArrayKeywords(c: Collector, step: SchemaStep): void {
  compareContains(c, step);
  comparePrefixItems(step);
  compareSubschema(
    step,
    "unevaluatedItems",
    ["unevaluated-items-added", "unevaluated-items-removed"],
    "an `unevaluatedItems` constraint",
  );
}

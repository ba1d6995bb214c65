/**
 * `oneOf`, `anyOf` and `not`, matched by content and not by position: reordering the alternatives, or adding
 * a `$ref` alternative, changes nothing else (`allOf` is merged into its schema first: see `_all_of.ts`).
 * Members are paired in passes: the same subtree, the same
 * reference, the same meaning once references are followed (a renamed component), the same title or component
 * name, and finally the one member left on each side; what stays unpaired was added or removed.
 *
 * @module
 */
import { isObject, type Obj } from "../core/json.ts";
import { type Collector, flip, type Place, under } from "./_context.ts";
import { canonical, equivalent, PAIRWISE_BUDGET } from "./_same.ts";
import { placeOf } from "./_all_of.ts";
import type { SchemaStep } from "./_schema_types.ts";

/**
 * The lists compared member by member. `allOf` here holds only the leftovers of a merge (constraints two members
 * state in different forms, see `_all_of.ts`): a member added or removed is judged by its constraints, as if they
 * were on the schema (compared against an empty schema), and has no check of its own.
 */
const LISTS = [
  ["oneOf", "one-of-alternative"],
  ["anyOf", "any-of-alternative"],
  ["allOf", undefined],
] as const;

function identity(c: Collector, side: "source" | "target", v: unknown, at: Place): string | undefined {
  if (isObject(v) && typeof v.$ref === "string") return "ref:" + v.$ref.split("/").pop();
  const resolved = (side === "source" ? c.source : c.target).resolve(v, at).value;
  if (isObject(resolved) && typeof resolved.title === "string") return "title:" + resolved.title;
  return undefined;
}

/** Compares the composition keywords of two schemas; pairs of members to compare go to `child`. */
export function compareComposition(c: Collector, step: SchemaStep): void {
  const { s, sAt, t, tAt, f, r, child } = step;
  for (const [kw, check] of LISTS) {
    const S = Array.isArray(s[kw]) ? s[kw] as unknown[] : [];
    const T = Array.isArray(t[kw]) ? t[kw] as unknown[] : [];
    if (S.length === 0 && T.length === 0) continue;
    const sMatch: (number | undefined)[] = new Array(S.length).fill(undefined);
    const tMatch: (number | undefined)[] = new Array(T.length).fill(undefined);
    const compare: [number, number][] = [];
    // Keyed passes pair members with equal keys through a map (linear); the pairwise pass of equivalence (which
    // follows references) runs only while few members are left, so no list can make the pairing quadratic.
    const keyed = (
      key: (side: "source" | "target", v: unknown, i: number) => string | undefined,
      compared: boolean,
    ) => {
      const waiting = new Map<string, number[]>();
      for (let i = S.length - 1; i >= 0; i--) {
        const k = sMatch[i] === undefined ? key("source", S[i], i) : undefined;
        if (k === undefined) continue;
        const list = waiting.get(k);
        if (list === undefined) waiting.set(k, [i]);
        else list.push(i);
      }
      for (let j = 0; j < T.length; j++) {
        const k = tMatch[j] === undefined ? key("target", T[j], j) : undefined;
        const i = k === undefined ? undefined : waiting.get(k)?.pop();
        if (i === undefined) continue;
        sMatch[i] = j;
        tMatch[j] = i;
        if (compared) compare.push([i, j]);
      }
    };
    const pairwise = (test: (i: number, j: number) => boolean, compared: boolean) => {
      const left = sMatch.filter((x) => x === undefined).length *
        tMatch.filter((x) => x === undefined).length;
      if (left > PAIRWISE_BUDGET) return;
      for (let j = 0; j < T.length; j++) {
        if (tMatch[j] !== undefined) continue;
        for (let i = 0; i < S.length; i++) {
          if (sMatch[i] !== undefined || !test(i, j)) continue;
          sMatch[i] = j;
          tMatch[j] = i;
          if (compared) compare.push([i, j]);
          break;
        }
      }
    };
    const sPlace = (i: number) => kw === "allOf" ? placeOf(s, sAt, kw, String(i)) : under(sAt, kw, i);
    const tPlace = (j: number) => kw === "allOf" ? placeOf(t, tAt, kw, String(j)) : under(tAt, kw, j);
    // The same JSON: paired, and compared (which stops at once unless a reference inside leads to a change).
    keyed((_side, v) => canonical(v), true);
    const refOf = (v: unknown) => (isObject(v) && typeof v.$ref === "string" ? v.$ref : undefined);
    keyed((_side, v) => refOf(v), true);
    pairwise((i, j) => equivalent(S[i], T[j], c.source, c.target), false);
    keyed((side, v, i) => identity(c, side, v, side === "source" ? sPlace(i) : tPlace(i)), true);
    const leftS = sMatch.filter((x) => x === undefined).length;
    const leftT = tMatch.filter((x) => x === undefined).length;
    if (leftS === 1 && leftT === 1) pairwise(() => true, true);
    compare.sort((a, b) => a[1] - b[1]);
    for (const [i, j] of compare) child(S[i], sPlace(i), T[j], tPlace(j), f.name);
    const word = "alternative";
    if (check === undefined) {
      for (let j = 0; j < T.length; j++) if (tMatch[j] === undefined) child({}, sAt, T[j], tPlace(j), f.name);
      for (let i = 0; i < S.length; i++) if (sMatch[i] === undefined) child(S[i], sPlace(i), {}, tAt, f.name);
      continue;
    }
    for (let j = 0; j < T.length; j++) {
      if (tMatch[j] === undefined) {
        r.emitAt(`${check}-added`, "added", tPlace(j), "target", `has a new ${kw} ${word}`);
      }
    }
    for (let i = 0; i < S.length; i++) {
      if (sMatch[i] === undefined) {
        r.emitAt(`${check}-removed`, "removed", sPlace(i), "source", `lost a ${kw} ${word}`);
      }
    }
  }
  // `not: false` excludes nothing: the same as no `not`.
  const hasNot = (o: Obj) => o.not !== undefined && o.not !== false;
  if (!hasNot(s) && hasNot(t)) r.emit("not-added", "added", "has a new `not` schema");
  else if (hasNot(s) && !hasNot(t)) r.emit("not-removed", "removed", "lost its `not` schema");
  else if (hasNot(s) && hasNot(t)) {
    // Inside `not`, narrowing widens: compare in the opposite direction.
    child(s.not, placeOf(s, sAt, "not"), t.not, placeOf(t, tAt, "not"), f.name, flip(f.dir));
  }
}

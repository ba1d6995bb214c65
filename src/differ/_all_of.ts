/**
 * `allOf` compared by meaning: a schema's `allOf` members (references followed, nested `allOf`s expanded,
 * iteratively and each member once) are merged into one view, so moving properties into or out of an `allOf`,
 * reordering its members or wrapping a schema as `allOf: [Base, Extra]` is judged by what it allows, not by its
 * shape. Each merged property, `items` and `additionalProperties` keeps the place it came from. Two `$ref`s
 * given to one field stay a pair of references, compared reference by reference and not merged (merging would
 * follow the references and pair their fields in turn, down whole chains of components), except against a single
 * schema, within a budget per side. Merged views are kept per side, so each schema is merged once.
 *
 * @module
 */
import { deepEqual, isObject, type Obj } from "../core/json.ts";
import { type Place, type Side, under } from "./_context.ts";

/** Deepest `allOf` nesting expanded (members beyond it are merged as written). */
const MAX_MEMBERS = 1000;

const places = new WeakMap<Obj, Map<string, Place>>();

/** The place of a merged schema's field (`properties/<name>`, `items`, …), or its place under `at`. */
export function placeOf(merged: Obj, at: Place, ...segments: string[]): Place {
  return places.get(merged)?.get(segments.join("/")) ?? under(at, ...segments);
}

function typeList(o: Obj): string[] | undefined {
  if (typeof o.type === "string") return [o.type];
  if (Array.isArray(o.type)) return o.type.filter((x): x is string => typeof x === "string");
  return undefined;
}

function allowsNull(o: Obj): boolean {
  const types = typeList(o);
  return types === undefined || types.includes("null") || o.nullable === true;
}

const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];

/** Keywords whose value is one schema: two members' values apply together, as `allOf: [a, b]`. */
const SCHEMA_VALUED = new Set([
  "items",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);

/** Keywords whose value maps names to schemas: per name, two members' schemas apply together. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas"]);

/** Annotations: what a schema says of its values without constraining them. */
export const ANNOTATIONS = [
  "description",
  "title",
  "$comment",
  "externalDocs",
  "example",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
] as const;

/**
 * Annotations and keywords that only make sense with their schema: when two members disagree, the first stays
 * (they constrain nothing that the merged view must keep).
 */
const FIRST_WINS = new Set<string>([
  ...ANNOTATIONS,
  "xml",
  "discriminator",
  "nullable",
  "x-nullable",
  "$id",
  "$schema",
  "$anchor",
  "$dynamicAnchor",
  "$defs",
  "definitions",
]);

/** A conditional's keywords: they mean nothing apart. */
const CONDITIONAL = ["if", "then", "else"];

/** The `allOf` pairs made so far: the same two schemas give the same object, so recursive schemas end. */
const pairs = new WeakMap<object, Map<unknown, Obj>>();

/**
 * Pairs whose members are all references: compared member by member as references (see `_compose.ts`), never
 * merged. Merging them would follow the references and pair their properties again, down whole chains of
 * components (`parent` of `parent` of …): quadratic in the document's size. Each referenced component is compared
 * once anyway, by its own pair of components.
 */
const refPairs = new WeakSet<Obj>();

/** Whether a schema is a pair of references (kept as `allOf: [$ref, $ref, …]` and compared member by member). */
export function isRefPair(v: unknown): v is Obj {
  return isObject(v) && refPairs.has(v);
}

function isRefLike(v: unknown): v is Obj {
  return isObject(v) && (typeof v.$ref === "string" || refPairs.has(v));
}

/** Counts of the merge work, for tests that bound it (members merged into a view, pairs made). */
export const mergeCounts = { members: 0, pairs: 0 };

/** The members of a pair of references with their places (a pair's own, or the reference itself). */
function refMembers(v: Obj, at: Place): [unknown, Place][] {
  if (!refPairs.has(v)) return [[v, at]];
  return (v.allOf as unknown[]).map((x, i) => [x, placeOf(v, at, "allOf", String(i))]);
}

/** A pair of references: the members of both, each once, with their places. */
function refPair(a: Obj, aAt: Place, b: Obj, bAt: Place): Obj {
  const list: unknown[] = [];
  const where = new Map<string, Place>();
  const seen = new Set<string>();
  for (const [x, xAt] of [...refMembers(a, aAt), ...refMembers(b, bAt)]) {
    const key = `${xAt.file}\u0000${(x as Obj).$ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    where.set(`allOf/${list.length}`, xAt);
    list.push(x);
  }
  const out: Obj = { allOf: list };
  refPairs.add(out);
  places.set(out, where);
  return out;
}

/**
 * A schema as a one-member pair of references, to compare it with a pair of references member by member (its
 * place is that of the value as written, so that a reference in it resolves where it was written).
 */
export function asRefPair(raw: unknown, at: Place): Obj {
  const out: Obj = { allOf: [raw] };
  refPairs.add(out);
  places.set(out, new Map([["allOf/0", at]]));
  return out;
}

/**
 * Both schemas at once: the one that allows more drops out when the other is `false` or it allows anything, else
 * `allOf: [a, b]` (the same object for the same two schemas). Two references (or pairs of them) give a pair of
 * references, which is not merged.
 */
function both(a: unknown, aAt: Place, b: unknown, bAt: Place): unknown {
  if (a === b || b === true || a === false || deepEqual(a, b)) return a;
  if (a === true || b === false) return b;
  if (a === null || typeof a !== "object") return { allOf: [a, b] };
  let m = pairs.get(a);
  if (m === undefined) pairs.set(a, m = new Map());
  let out = m.get(b);
  if (out === undefined) {
    mergeCounts.pairs++;
    if (isRefLike(a) && isRefLike(b)) out = refPair(a, aAt, b, bAt);
    else {
      out = { allOf: [a, b] };
      places.set(out, new Map([["allOf/0", aAt], ["allOf/1", bAt]]));
    }
    m.set(b, out);
  }
  return out;
}

/**
 * Merges one member into the merged view. A constraint the view already has in another form is kept as a
 * leftover (`rest`): compared as an `allOf` member of the view (see `_compose.ts`), so no member's constraint is
 * lost.
 */
function mergeInto(view: View, x: Obj, xAt: Place): void {
  const { merged: m, where, rest } = view;
  mergeCounts.members++;
  /** A value of the view and one of the member at once; `key` is the value's place in the view. */
  const pair = (key: string, a: unknown, b: unknown, bAt: Place) =>
    both(a, where.get(key) ?? under(view.at, ...key.split("/")), b, bAt);
  let left: Obj | undefined;
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (k === "allOf" || k === "$ref" || k === "then" || k === "else") continue;
    if (k === "if") {
      if (!Object.hasOwn(m, "if")) {
        for (const c of CONDITIONAL) {
          if (!Object.hasOwn(x, c)) continue;
          m[c] = x[c];
          where.set(c, under(xAt, c));
        }
      } else if (deepEqual(m.if, v)) {
        // The same condition twice: each branch holds both members' branches.
        for (const c of ["then", "else"]) {
          if (!Object.hasOwn(x, c)) continue;
          if (Object.hasOwn(m, c)) m[c] = pair(c, m[c], x[c], under(xAt, c));
          else {
            m[c] = x[c];
            where.set(c, under(xAt, c));
          }
        }
      } else {
        left ??= {};
        for (const c of CONDITIONAL) if (Object.hasOwn(x, c)) left[c] = x[c];
      }
    } else if (SCHEMA_MAPS.has(k) && isObject(v)) {
      const map: Obj = isObject(m[k]) ? { ...m[k] } : {};
      for (const name of Object.keys(v)) {
        if (Object.hasOwn(map, name)) {
          map[name] = pair(`${k}/${name}`, map[name], v[name], under(xAt, k, name));
        } else {
          map[name] = v[name];
          where.set(`${k}/${name}`, under(xAt, k, name));
        }
      }
      m[k] = map;
    } else if (k === "required" && Array.isArray(v)) {
      const req = new Set(Array.isArray(m.required) ? m.required : []);
      for (const r of v) req.add(r);
      m.required = [...req];
    } else if (k === "dependentRequired" && isObject(v)) {
      const map: Obj = isObject(m[k]) ? { ...m[k] } : {};
      for (const name of Object.keys(v)) {
        const had = Array.isArray(map[name]) ? map[name] as unknown[] : [];
        map[name] = [...new Set([...had, ...(Array.isArray(v[name]) ? v[name] : [])])];
      }
      m[k] = map;
    } else if (k === "type") {
      const a = typeList(m);
      const b = typeList(x) ?? [];
      if (a === undefined) m.type = v;
      else {
        const both = a.filter((t) => b.includes(t) || (t === "integer" && b.includes("number")));
        m.type = both.length === 1 ? both[0] : both;
      }
    } else if (k === "enum" && Array.isArray(v) && Array.isArray(m.enum)) {
      const keys = new Set(v.map((e) => JSON.stringify(e)));
      m.enum = m.enum.filter((e) => keys.has(JSON.stringify(e)));
    } else if (
      (UPPER.includes(k) || LOWER.includes(k)) && typeof v === "number" && typeof m[k] === "number"
    ) {
      m[k] = UPPER.includes(k) ? Math.min(m[k] as number, v) : Math.max(m[k] as number, v);
    } else if (k === "additionalProperties" && (v === false || m[k] === false)) {
      m.additionalProperties = false;
    } else if (!Object.hasOwn(m, k)) {
      m[k] = v;
      if (SCHEMA_VALUED.has(k) || k === "additionalProperties" || k === "not") where.set(k, under(xAt, k));
    } else if (SCHEMA_VALUED.has(k) || k === "additionalProperties") {
      m[k] = pair(k, m[k], v, under(xAt, k));
    } else if (!FIRST_WINS.has(k) && !k.startsWith("x-") && !deepEqual(m[k], v)) {
      left ??= {};
      left[k] = v;
    }
  }
  if (left !== undefined) {
    where.set(`allOf/${rest.length}`, xAt);
    rest.push(left);
  }
}

/** A merged view being built: the merged schema, the places of its fields and its leftovers. */
interface View {
  merged: Obj;
  /** Where the schema whose `allOf` is merged is. */
  at: Place;
  where: Map<string, Place>;
  rest: Obj[];
}

/** What a side keeps while it is compared: its merged views, and what is left of its budget for pairs. */
interface SideState {
  /** Merged views made so far: a schema compared with many others is merged once. */
  views: WeakMap<Obj, Obj>;
  /** Members that merges of pairs of references may still merge (see {@link mergeRefPair}). */
  pairBudget: number;
}

/**
 * Most members merged, per side, to merge pairs of references compared with one schema: each such merge follows
 * the references, and a changed document can pair whole chains of them.
 */
export const pairMergeLimit = { members: 200_000 };

const states = new WeakMap<Side, SideState>();

function stateOf(side: Side): SideState {
  let st = states.get(side);
  if (st === undefined) states.set(side, st = { views: new WeakMap(), pairBudget: pairMergeLimit.members });
  return st;
}

/**
 * The schema with its `allOf` merged in (the schema itself when it has none, or when it is a pair of references).
 * Null is allowed only when every merged part that restricts the type allows it.
 */
export function mergeAllOf(side: Side, schema: Obj, at: Place): Obj {
  if (!Array.isArray(schema.allOf) || schema.allOf.length === 0 || refPairs.has(schema)) return schema;
  return mergedView(side, schema, at);
}

/**
 * A pair of references compared with one schema (not a pair): merged like any `allOf`, so that the comparison says
 * what the second reference adds, while the side's budget lasts; after it, the pair as it is (compared member by
 * member, each member as if it were added to the schema).
 */
export function mergeRefPair(side: Side, pair: Obj, at: Place): Obj {
  const st = stateOf(side);
  const known = st.views.get(pair);
  if (known !== undefined) return known;
  if (st.pairBudget <= 0) return pair;
  const before = mergeCounts.members;
  const out = mergedView(side, pair, at);
  st.pairBudget -= mergeCounts.members - before;
  return out;
}

function mergedView(side: Side, schema: Obj, at: Place): Obj {
  const memo = stateOf(side).views;
  const known = memo.get(schema);
  if (known !== undefined) return known;
  const merged: Obj = {};
  const view: View = { merged, at, where: new Map(), rest: [] };
  const own: Obj = {};
  for (const k of Object.keys(schema)) if (k !== "allOf") own[k] = schema[k];
  mergeInto(view, own, at);
  let nullable = allowsNull(own);
  // Expand members in order with an explicit stack; each resolved member once (cycles end).
  const seen = new Set<unknown>([schema]);
  const stack: [unknown, Place][] = [];
  const pushMembers = (owner: Obj, ownerAt: Place) => {
    const list = owner.allOf as unknown[];
    const known = places.get(owner);
    for (let i = list.length - 1; i >= 0; i--) {
      stack.push([list[i], known?.get(`allOf/${i}`) ?? under(ownerAt, "allOf", i)]);
    }
  };
  pushMembers(schema, at);
  let count = 0;
  while (stack.length > 0 && count++ < MAX_MEMBERS) {
    const [raw, rawAt] = stack.pop()!;
    const r = side.resolve(raw, rawAt);
    if (!isObject(r.value) || seen.has(r.value)) continue;
    seen.add(r.value);
    const member = r.value;
    if (!allowsNull(member)) nullable = false;
    mergeInto(view, member, r.at);
    if (Array.isArray(member.allOf)) pushMembers(member, r.at);
  }
  const types = typeList(merged);
  if (!nullable) {
    delete merged.nullable;
    if (types?.includes("null")) {
      const rest = types.filter((t) => t !== "null");
      merged.type = rest.length === 1 ? rest[0] : rest;
    }
  } else if (
    types !== undefined && !types.includes("null") && side.version !== "3.0" && side.version !== "2.0"
  ) {
    merged.type = [...types, "null"];
  } else if (types !== undefined) merged.nullable = true;
  if (view.rest.length > 0) merged.allOf = view.rest;
  places.set(merged, view.where);
  memo.set(schema, merged);
  return merged;
}

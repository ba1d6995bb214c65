/**
 * The structural difference of two values (schemas, components, path items): the first place where they differ
 * and why, under a comparison depth. The joiner's `dedup-equivalent` uses it; so will diff and convert.
 *
 * @module
 */
import { isObject, type Obj } from "./json.ts";

/** Comparison depth of {@link findDifference}: `none` never equal, `shallow` top-level fields, `deep` everything. */
export type DifferenceMode = "none" | "shallow" | "deep";

/** Resolves a local `$ref` of one side to its target; undefined when it is not local or points at nothing. */
export type RefLookup = (ref: string) => unknown;

/** Options of {@link findDifference}. */
export interface DifferenceOptions {
  /** Comparison depth. */
  mode: DifferenceMode;
  /** Resolves `$ref`s of the left value (deep mode). */
  resolveLeft?: RefLookup;
  /** Resolves `$ref`s of the right value (deep mode). */
  resolveRight?: RefLookup;
  /**
   * Pairs of objects (left → right) already found equivalent by earlier deep comparisons with the same lookups:
   * they are not compared again, and a comparison that finds no difference adds the pairs of objects it compared
   * (their subtrees hold no difference). Lets many comparisons that follow references into the same components
   * share the work.
   */
  known?: Map<object, Set<object>>;
}

/** Where two values differ: path segments from the compared values (empty: at the top) and why. */
export interface Difference {
  /** Path segments from the compared values to the first difference (empty: at the top). */
  segments: (string | number)[];
  /** Why they differ, such as `"string" on the left, "integer" on the right`. */
  reason: string;
}

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "list";
  return typeof v === "object" ? "object" : typeof v;
}

/** Whether two lists hold the same strings, in any order (for `required`). */
function sameStringSet(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  if (!a.every((x) => typeof x === "string") || !b.every((x) => typeof x === "string")) return false;
  const sa = [...new Set(a as string[])].sort();
  const sb = [...new Set(b as string[])].sort();
  return sa.length === sb.length && sa.every((x, i) => x === sb[i]);
}

function sameKeys(a: Obj, b: Obj): string | undefined {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  for (const k of ka) if (!Object.hasOwn(b, k)) return `"${k}" is only on the left`;
  if (kb.length !== ka.length) {
    for (const k of kb) if (!Object.hasOwn(a, k)) return `"${k}" is only on the right`;
  }
  return undefined;
}

/**
 * Finds the first difference between two values, or undefined when they are equivalent under the mode.
 * `none` never finds them equivalent. `shallow` compares top-level fields: scalars and lists of scalars by value,
 * nested objects and lists of objects by their field names and lengths. `deep` compares everything, maps
 * regardless of key order, `required` lists regardless of order, and follows local `$ref`s of each side with its
 * own lookup; pairs already under comparison are assumed equal, so recursive schemas terminate.
 */
export function findDifference(
  left: unknown,
  right: unknown,
  options: DifferenceOptions,
): Difference | undefined {
  if (options.mode === "none") return { segments: [], reason: "equivalence mode none never merges values" };
  if (options.mode === "shallow") return shallowDifference(left, right);
  return deepDifference(left, right, options);
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s.length > 60 ? s.slice(0, 57) + "…" : s;
}

function scalarDifference(a: unknown, b: unknown): string | undefined {
  if (kindOf(a) !== kindOf(b)) return `${kindOf(a)} on the left, ${kindOf(b)} on the right`;
  if (a !== b) return `${show(a)} on the left, ${show(b)} on the right`;
  return undefined;
}

function shallowDifference(left: unknown, right: unknown): Difference | undefined {
  if (!isObject(left) || !isObject(right)) {
    const r = isObject(left) === isObject(right) && !Array.isArray(left)
      ? scalarDifference(left, right)
      : `${kindOf(left)} on the left, ${kindOf(right)} on the right`;
    return r === undefined ? undefined : { segments: [], reason: r };
  }
  const keys = sameKeys(left, right);
  if (keys) return { segments: [], reason: keys };
  for (const k of Object.keys(left)) {
    const a = left[k];
    const b = right[k];
    if (kindOf(a) !== kindOf(b)) {
      return { segments: [k], reason: `${kindOf(a)} on the left, ${kindOf(b)} on the right` };
    }
    if (Array.isArray(a)) {
      const bl = b as unknown[];
      if (k === "required" && sameStringSet(a, bl)) continue;
      if (a.length !== bl.length) {
        return { segments: [k], reason: `${a.length} items on the left, ${bl.length} on the right` };
      }
      for (let i = 0; i < a.length; i++) {
        const x = a[i];
        const y = bl[i];
        if ((x === null || typeof x !== "object") && (y === null || typeof y !== "object")) {
          const r = scalarDifference(x, y);
          if (r) return { segments: [k, i], reason: r };
        } else if (kindOf(x) !== kindOf(y)) {
          return { segments: [k, i], reason: `${kindOf(x)} on the left, ${kindOf(y)} on the right` };
        }
      }
    } else if (isObject(a)) {
      const r = sameKeys(a, b as Obj);
      if (r) return { segments: [k], reason: r };
    } else {
      const r = scalarDifference(a, b);
      if (r) return { segments: [k], reason: r };
    }
  }
  return undefined;
}

interface Link {
  parent: Link | undefined;
  key: string | number;
}

interface Frame {
  a: unknown;
  b: unknown;
  at: Link | undefined;
}

function segmentsOf(link: Link | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  for (let l = link; l !== undefined; l = l.parent) out.push(l.key);
  return out.reverse();
}

function localTarget(node: Obj, lookup: RefLookup | undefined): unknown {
  if (lookup === undefined || typeof node.$ref !== "string" || !node.$ref.startsWith("#")) return undefined;
  return lookup(node.$ref);
}

function deepDifference(left: unknown, right: unknown, options: DifferenceOptions): Difference | undefined {
  const assumed = new Map<object, Set<object>>();
  const stack: Frame[] = [{ a: left, b: right, at: undefined }];
  while (stack.length > 0) {
    const { a: a0, b: b0, at } = stack.pop()!;
    let a = a0;
    let b = b0;
    if (isObject(a) && isObject(b)) {
      // Follow local references on each side: the targets are what the values mean.
      const ta = localTarget(a, options.resolveLeft);
      const tb = localTarget(b, options.resolveRight);
      if (ta !== undefined || tb !== undefined) {
        const siblingsA = Object.keys(a).filter((k) => k !== "$ref" || ta === undefined);
        const siblingsB = Object.keys(b).filter((k) => k !== "$ref" || tb === undefined);
        const onlyRefA = ta !== undefined && siblingsA.length === 0;
        const onlyRefB = tb !== undefined && siblingsB.length === 0;
        if (onlyRefA || onlyRefB) {
          a = onlyRefA ? ta : a;
          b = onlyRefB ? tb : b;
        } else if (ta !== undefined && tb !== undefined) {
          // Both are references with sibling fields (3.1 summary/description): compare the targets and the siblings.
          stack.push({ a: ta, b: tb, at: { parent: at, key: "$ref" } });
          const sa: Obj = {};
          const sb: Obj = {};
          for (const k of siblingsA) sa[k] = a[k];
          for (const k of siblingsB) sb[k] = b[k];
          a = sa;
          b = sb;
        }
      }
    }
    if (a === b) continue;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
      const r = scalarDifference(a, b);
      if (r) return { segments: segmentsOf(at), reason: r };
      continue;
    }
    if (Array.isArray(a) !== Array.isArray(b)) {
      return { segments: segmentsOf(at), reason: `${kindOf(a)} on the left, ${kindOf(b)} on the right` };
    }
    let pairs = assumed.get(a);
    if (pairs?.has(b) || options.known?.get(a)?.has(b)) continue;
    if (pairs === undefined) assumed.set(a, pairs = new Set());
    pairs.add(b);
    if (Array.isArray(a)) {
      const bl = b as unknown[];
      if (at?.key === "required" && sameStringSet(a, bl)) continue;
      if (a.length !== bl.length) {
        return {
          segments: segmentsOf(at),
          reason: `${a.length} items on the left, ${bl.length} on the right`,
        };
      }
      for (let i = a.length - 1; i >= 0; i--) stack.push({ a: a[i], b: bl[i], at: { parent: at, key: i } });
      continue;
    }
    const ao = a as Obj;
    const bo = b as Obj;
    const r = sameKeys(ao, bo);
    if (r) return { segments: segmentsOf(at), reason: r };
    const keys = Object.keys(ao);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push({ a: ao[keys[i]], b: bo[keys[i]], at: { parent: at, key: keys[i] } });
    }
  }
  if (options.known !== undefined) rememberEquivalent(assumed, options.known);
  return undefined;
}

/**
 * Adds the object pairs of a comparison that found no difference to `known`. Lists are left out: whether two
 * lists are equal depends on where they stand (`required` is compared in any order), objects do not.
 */
function rememberEquivalent(compared: Map<object, Set<object>>, known: Map<object, Set<object>>): void {
  for (const [a, bs] of compared) {
    if (Array.isArray(a)) continue;
    let to = known.get(a);
    if (to === undefined) known.set(a, to = new Set());
    for (const b of bs) to.add(b);
  }
}

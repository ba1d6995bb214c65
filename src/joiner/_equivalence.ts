/**
 * Structural equivalence of two same-named values during one round of a join: the left value in the merged
 * document, the right one in the incoming document, each side's local `$ref`s followed in its own document.
 * The indexes are built once per round (the merged document does not change while a round's collisions are
 * decided). With `ignoreDocs`, the documentation strings (`description`, `summary`) do not count.
 *
 * @module
 */
import type { OASVersion } from "../core/mod.ts";
import { type Difference, findDifference } from "../core/difference.ts";
import { isObject, type Obj } from "../core/json.ts";
import { RefIndex } from "../refs/ref_index.ts";
import type { EquivalenceMode } from "./collision_strategy.ts";

/** Keys whose string values are documentation, not meaning. */
const DOC_KEYS: ReadonlySet<string> = new Set(["description", "summary"]);

/** Compares the values of one incoming document with the merged document's. */
export class RoundEquivalence {
  readonly #merged: Obj;
  readonly #oasVersion: OASVersion;
  readonly #ignoreDocs: boolean;
  #round: { doc: Obj; left: RefIndex; right: RefIndex; known: Map<object, Set<object>> } | undefined;
  readonly #stripped = new WeakMap<object, unknown>();

  constructor(merged: Obj, oasVersion: OASVersion, ignoreDocs: boolean) {
    this.#merged = merged;
    this.#oasVersion = oasVersion;
    this.#ignoreDocs = ignoreDocs;
  }

  /** Forgets the indexes (call when the merged document has changed). */
  endRound(): void {
    this.#round = undefined;
  }

  /** The first difference of `left` (merged) and `right` (in `rightDoc`) under `mode`; undefined: equivalent. */
  difference(left: unknown, right: unknown, rightDoc: Obj, mode: EquivalenceMode): Difference | undefined {
    if (this.#round?.doc !== rightDoc) {
      this.#round = {
        doc: rightDoc,
        left: new RefIndex(this.#merged, this.#oasVersion),
        right: RefIndex.of(rightDoc, this.#oasVersion),
        // Components found equal once in a round are not compared again (many components refer to the same).
        known: new Map(),
      };
    }
    const { left: li, right: ri, known } = this.#round;
    const lookup = (index: RefIndex, ref: string): unknown => {
      const r = index.resolve(ref);
      return r.ok ? this.#view(r.value) : undefined;
    };
    return findDifference(this.#view(left), this.#view(right), {
      mode,
      resolveLeft: (ref) => lookup(li, ref),
      resolveRight: (ref) => lookup(ri, ref),
      known,
    });
  }

  /** The value as compared: itself, or (ignoring documentation) a copy without documentation strings. */
  #view(value: unknown): unknown {
    if (!this.#ignoreDocs || !isObject(value)) return value;
    return withoutDocs(value, this.#stripped);
  }
}

/**
 * A copy of a JSON value without the string-valued `description` and `summary` members of its objects (a
 * property named `description` holds a schema, an object, and stays). Iterative; copies are memoized by source
 * object, so shared objects are copied once.
 */
export function withoutDocs(value: unknown, memo: WeakMap<object, unknown> = new WeakMap()): unknown {
  if (value === null || typeof value !== "object") return value;
  const known = memo.get(value);
  if (known !== undefined) return known;
  const copyOf = (v: object): unknown[] | Obj => Array.isArray(v) ? new Array(v.length) : {};
  const root = copyOf(value);
  memo.set(value, root);
  const stack: [object, unknown[] | Obj][] = [[value, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const [k, v] of Object.entries(from)) {
      if (!Array.isArray(from) && DOC_KEYS.has(k) && typeof v === "string") continue;
      let out: unknown = v;
      if (v !== null && typeof v === "object") {
        out = memo.get(v);
        if (out === undefined) {
          out = copyOf(v);
          memo.set(v, out);
          stack.push([v, out as unknown[] | Obj]);
        }
      }
      if (Array.isArray(to)) to[Number(k)] = out;
      else Object.defineProperty(to, k, { value: out, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

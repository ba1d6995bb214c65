/**
 * The state of one comparison: both sides (document, reference index, places), the changes found so far, and
 * the memory of which pairs of objects were already compared.
 *
 * @module
 */
import { formatPath, formatPointer, type OASVersion, RefResolutionError } from "../core/mod.ts";
import { isObject } from "../core/json.ts";
import { fitsJson, MAX_MESSAGE_CHARS, quote, shorten } from "../core/bounded_text.ts";
import { placeTexts } from "../core/place_texts.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import type { DocumentSet } from "../io/document_set.ts";
import { componentSections } from "../walker/mod.ts";
import { type CheckId, CHECKS } from "./checks.ts";
import type { Change, ChangeType } from "./types.ts";

/** Where a value is: the file (reference index key) and its path inside it. */
export interface Place {
  /** Key of the file in the side's reference index. */
  file: string;
  /** Path from that file's root. */
  segments: readonly (string | number)[];
}

/** A value with its place. */
export interface Located {
  /** The value (references followed). */
  value: unknown;
  /** Where it is. */
  at: Place;
}

/** Two values compared, each with its place, and the operation or endpoint they belong to. */
export interface Pair {
  /** Source value. */
  s: unknown;
  /** Its place. */
  sAt: Place;
  /** Target value. */
  t: unknown;
  /** Its place. */
  tAt: Place;
  /** The operation or endpoint, for messages and ignore lists. */
  endpoint?: string;
}

/** Appends segments to a place. */
export function under(at: Place, ...more: (string | number)[]): Place {
  return { file: at.file, segments: [...at.segments, ...more] };
}

/** One side of the comparison. */
export class Side {
  /** The stable references: local component references whose target is unchanged on the other side. */
  stableRefs: Set<string> = new Set();
  /** Objects reached through references while comparing (the components in use). */
  readonly reached: Set<unknown> = new Set();
  /**
   * For a side compared as its bundle: where a place of the bundle was copied from, so that a change names the
   * file users edit (`schemas/pet.yaml#properties.name`) rather than the bundle's component.
   */
  origins: DocumentSet["origins"];
  constructor(
    /** The document. */
    readonly document: Record<string, unknown>,
    /** Its version family. */
    readonly version: OASVersion,
    /** Its reference index. */
    readonly index: RefIndex,
    /** Name for messages. */
    readonly source: string,
  ) {}

  /** The root place. */
  get root(): Place {
    return { file: this.index.rootKey, segments: [] };
  }

  /**
   * Follows a Reference Object (and chains of them) to its target; other values are returned as they are. An
   * unresolvable reference is invalid input.
   *
   * @throws {RefResolutionError}
   */
  resolve(value: unknown, at: Place): Located {
    if (!isObject(value) || typeof value.$ref !== "string") return { value, at };
    const r = this.index.follow(value.$ref, at.file);
    if (!r.ok) {
      throw new RefResolutionError(`${this.source}: ${formatPath(at.segments) || "(root)"}: ${r.message}`);
    }
    this.reached.add(r.value);
    return { value: r.value, at: { file: r.file, segments: r.segments } };
  }

  /** The local `$ref` string of each component, by section (for the stable-reference pass). */
  componentRefs(): { ref: string; section: string; name: string; value: unknown }[] {
    const out: { ref: string; section: string; name: string; value: unknown }[] = [];
    for (const section of componentSections(this.version)) {
      let map: unknown = this.document;
      for (const s of section.segments) map = isObject(map) ? map[s] : undefined;
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        out.push({
          ref: "#" + formatPointer([...section.segments, name]),
          section: section.name,
          name,
          value: map[name],
        });
      }
    }
    return out;
  }
}

/** Direction of a schema: what clients send (`request`) or receive (`response`). */
export type Direction = "request" | "response";

/** Flips a direction (callbacks and webhooks: the API calls the client). */
export function flip(dir: Direction): Direction {
  return dir === "request" ? "response" : "request";
}

/**
 * In webhooks and callbacks the API sends the request, so what breaks clients (the receivers) is the opposite of
 * a request they send: these checks take the place of the usual ones there.
 */
const OUTGOING: Readonly<Partial<Record<CheckId, CheckId>>> = {
  "new-required-request-parameter": "callback-parameter-added",
  "new-optional-request-parameter": "callback-parameter-added",
  "request-parameter-removed": "callback-parameter-removed",
  "request-parameter-became-required": "callback-parameter-became-required",
  "request-parameter-became-optional": "callback-parameter-became-optional",
  "new-required-request-body": "callback-request-body-added",
  "new-optional-request-body": "callback-request-body-added",
  "request-body-removed": "callback-request-body-removed",
  "request-body-became-required": "callback-request-body-became-required",
  "request-body-became-optional": "callback-request-body-became-optional",
};

/** The check of a request-side change: the usual one, or its webhook/callback form when the API sends it. */
export function requestCheck(id: CheckId, dir: Direction): CheckId {
  return dir === "response" ? OUTGOING[id] ?? id : id;
}

/** Extra fields of a change. */
export interface EmitExtra {
  /** The operation or endpoint concerned. */
  endpoint?: string;
  /** Old value. */
  old?: unknown;
  /** New value. */
  new?: unknown;
  /** For a modification: the place of the changed value in the source (for source positions). */
  from?: Place;
}

const SMALL = 200;
/** Longest endpoint (`GET /path`) a change names, in characters (start and end kept around `…`). */
const MAX_ENDPOINT_CHARS = 400;

function small(value: unknown): boolean {
  if (value === undefined) return false;
  if (value === null || typeof value !== "object") return true;
  return fitsJson(value, SMALL);
}

/** Collects changes: additions and modifications in the order found, removals after them. */
export class Collector {
  readonly found: Change[] = [];
  readonly removals: Change[] = [];
  /** Resolved source objects compared through references (components in use). */
  readonly used: Set<object> = new Set();
  readonly #pairs = new Map<object, Map<object, number>>();
  /** 2.0: the document-wide `consumes` or `produces` changed, so no operation can be skipped as unchanged. */
  readonly rootMediaChanged: boolean;

  constructor(readonly source: Side, readonly target: Side) {
    const differ = (k: string) => JSON.stringify(source.document[k]) !== JSON.stringify(target.document[k]);
    this.rootMediaChanged = source.version === "2.0" && (differ("consumes") || differ("produces"));
  }

  /**
   * Records that a pair of objects is compared in a direction; false when it already was (the changes it holds
   * are reported once per direction, where it is first met).
   */
  firstVisit(a: object, b: object, dir: Direction | "none"): boolean {
    this.used.add(a);
    let m = this.#pairs.get(a);
    if (m === undefined) this.#pairs.set(a, m = new Map());
    const bit = dir === "request" ? 1 : dir === "response" ? 2 : 4;
    const seen = m.get(b) ?? 0;
    if (seen & bit) return false;
    m.set(b, seen | bit);
    return true;
  }

  /** Records one change of a check at a place (target side, or source side for removals). */
  emit(
    id: CheckId,
    type: ChangeType,
    at: Place,
    side: "source" | "target",
    message: string,
    extra: EmitExtra = {},
  ): void {
    const check = CHECKS.get(id)!;
    const s = side === "source" ? this.source : this.target;
    const inRoot = at.file === s.index.rootKey;
    const origin = inRoot ? s.origins?.(at.segments) : undefined;
    const { path, pointer } = placeTexts(origin?.segments ?? at.segments);
    // A place in another file names that file in its path and its pointer (as validate's findings do).
    const file = origin !== undefined
      ? origin.file
      : inRoot
      ? undefined
      : s.index.document(at.file)?.source ?? at.file;
    const change: Change = {
      id,
      rule: id,
      category: check.category,
      type,
      severity: check.severity,
      path: file === undefined ? path : `${file}#${path}`,
      pointer: file === undefined ? pointer : `${file}#${pointer}`,
      message: shorten(message, MAX_MESSAGE_CHARS),
    };
    if (extra.endpoint !== undefined) change.endpoint = shorten(extra.endpoint, MAX_ENDPOINT_CHARS);
    if (small(extra.old)) change.old = extra.old;
    if (small(extra.new)) change.new = extra.new;
    placeOf.set(change, { side, at, from: extra.from });
    (type === "removed" ? this.removals : this.found).push(change);
  }

  /**
   * Every change: additions and modifications in the target's document order, then removals in the source's.
   * Changes are found section by section; a stable sort by the top-level section each is in (in the order the
   * document has them) puts them in document order, keeping the order found inside a section.
   */
  changes(): Change[] {
    const bySection = (list: Change[], side: Side) => {
      const order = new Map(Object.keys(side.document).map((k, i) => [k, i]));
      const rank = (c: Change) => {
        const at = placeOf.get(c)!.at;
        if (at.file !== side.index.rootKey) return order.size;
        return order.get(String(at.segments[0])) ?? -1;
      };
      return list.map((c) => [rank(c), c] as const).sort((a, b) => a[0] - b[0]).map(([, c]) => c);
    };
    return [...bySection(this.found, this.target), ...bySection(this.removals, this.source)];
  }
}

/** Where each change was found (for source positions), kept beside the change rather than in it. */
export const placeOf: WeakMap<Change, { side: "source" | "target"; at: Place; from?: Place }> = new WeakMap();

/** Quotes a document-supplied name for a message. */
export function q(value: unknown): string {
  return quote(value, 80);
}

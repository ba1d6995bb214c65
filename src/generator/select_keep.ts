/**
 * What a slice of the API keeps beyond its components: a selected operation (or a kept component) may refer
 * into the place of an operation the selection leaves out — `#/paths/~1x/get/parameters/0`,
 * `#/paths/~1x/get/responses/200`, a schema under a response — as the bundle of a multi-file description writes
 * a part used twice. Such a place is not in the slice, so the reference would dangle (in the code's types and in
 * the embedded document). The referenced part is copied to the reference's own place instead (its siblings
 * kept over it); a later reference to the same part, or into it, points at that first copy, so a recursive part
 * is copied once and stays recursive. References that dangle in the source too are left for the generator to
 * report.
 *
 * @module
 */
import { isObject, type Obj } from "../core/json.ts";
import { escapePointerSegment, getAt, parsePointer } from "../core/pointer.ts";

/** Keys whose values are data, not schemas: a `$ref` there is not a reference. */
export const DATA = new Set(["example", "default", "enum", "const"]);
/**
 * Keys whose values map names to objects: a property named `example`, a `default` response or an example named
 * `default` are not data.
 */
export const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "responses",
  "headers",
  "content",
  "examples",
  "links",
  "callbacks",
  "encoding",
  "paths",
  "webhooks",
]);

/** A name as a segment of a URI-fragment JSON pointer. */
export function pointerName(name: string): string {
  return encodeURIComponent(escapePointerSegment(name));
}

/** Most nodes looked at in one pass over the slice (a bound on hostile input). */
const MAX_NODES = 50_000_000;
/**
 * Most passes. A pass walks each copy it makes too; another is needed only where a part shared by two places
 * (a YAML alias) was walked at one of them.
 */
const MAX_PASSES = 16;

/** A place in the slice: its key and its parent's place. */
interface Place {
  key: string;
  up: Place | undefined;
}

function segmentsOf(place: Place | undefined): string[] {
  const out: string[] = [];
  for (let p = place; p !== undefined; p = p.up) out.push(p.key);
  return out.reverse();
}

/** A pointer's segments as one key. */
const keyOf = (segments: readonly string[]) => segments.map(escapePointerSegment).join("/");

/**
 * Makes every local reference of `out` (the slice of `doc`) that `doc` resolves resolve in `out` too, copying
 * the parts it refers to from `doc`. `out`'s own objects are replaced, never changed, where they are `doc`'s.
 */
export function keepReferenced(doc: Obj, out: Obj): void {
  /** A part of `doc` copied (its pointer's key) → the place of its copy in `out`. */
  const copied = new Map<string, string[]>();
  for (let pass = 0; pass < MAX_PASSES; pass++) if (!keepPass(doc, out, copied)) return;
}

/** One walk over `out`, answering each dangling reference; whether it changed anything. */
function keepPass(doc: Obj, out: Obj, copied: Map<string, string[]>): boolean {
  let changed = false;
  // Each node with its place and whether it is a map of names (whose keys are not keywords).
  const stack: [unknown, Place | undefined, boolean][] = [[out, undefined, false]];
  const seen = new Set<object>();
  let budget = MAX_NODES;
  while (stack.length > 0 && budget-- > 0) {
    const [node, place, names] = stack.pop()!;
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, v] of node.entries()) stack.push([v, { key: String(i), up: place }, false]);
      continue;
    }
    const o = node as Obj;
    const ref = !names && place !== undefined && typeof o.$ref === "string" && o.$ref.startsWith("#")
      ? parsePointer(o.$ref)
      : undefined;
    if (ref !== undefined && getAt(out, ref) === undefined) {
      const at = segmentsOf(place);
      const value = answer(doc, o, ref, at, copied);
      if (value !== undefined) {
        replaceAt(out, at, value);
        changed = true;
        // The copy's own references are answered in this walk.
        stack.push([value, place, false]);
        continue;
      }
    }
    for (const [k, v] of Object.entries(o)) {
      if (typeof v !== "object" || v === null || (!names && DATA.has(k))) continue;
      stack.push([v, { key: k, up: place }, !names && NAME_MAPS.has(k)]);
    }
  }
  return changed;
}

/**
 * What replaces the reference object `node` at `at`: the reference redirected into the copy of a part that
 * holds its target, else its target copied (recorded in `copied`); undefined when `doc` does not resolve it.
 */
function answer(doc: Obj, node: Obj, ref: string[], at: string[], copied: Map<string, string[]>): unknown {
  for (let i = ref.length; i > 0; i--) {
    const copy = copied.get(keyOf(ref.slice(0, i)));
    if (copy !== undefined) {
      return { ...node, $ref: `#/${[...copy, ...ref.slice(i)].map(pointerName).join("/")}` };
    }
  }
  const target = getAt(doc, ref);
  if (target === undefined) return undefined;
  copied.set(keyOf(ref), at);
  const { $ref: _, ...siblings } = node;
  return isObject(target) ? { ...target, ...siblings } : target;
}

/** Puts `value` at `segments` of `out`, copying the objects and arrays on the way (they may be `doc`'s). */
function replaceAt(out: Obj, segments: readonly string[], value: unknown): void {
  // An array's index as a string key is the same element.
  let node = out as Record<string, unknown>;
  for (const [i, s] of segments.entries()) {
    if (i === segments.length - 1) {
      node[s] = value;
      return;
    }
    const child: unknown = node[s];
    const copy: Record<string, unknown> = Array.isArray(child)
      ? [...child] as unknown as Obj
      : { ...(child as Obj) };
    node[s] = copy;
    node = copy;
  }
}

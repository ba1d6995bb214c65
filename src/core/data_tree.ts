/**
 * Plain data trees (parsed JSON or YAML): the deepest nesting oatool accepts and its check, which every parser
 * runs, and a copy that needs no recursion.
 *
 * @module
 */
import { ParseError } from "./errors.ts";
import { setMember } from "./json.ts";

/**
 * Deepest nesting oatool accepts. Real OpenAPI documents stay far below it (GitHub's REST description nests 21
 * levels); the limit keeps every later step, including the runtime's own JSON serialiser, clear of stack limits.
 */
export const MAX_DEPTH = 1000;

/** Why a document nested too deeply is refused, and what to do. */
export function tooDeep(): string {
  return `the document nests deeper than ${MAX_DEPTH} levels; oatool refuses documents nested that deeply, flatten it.`;
}

/**
 * Refuses data nested deeper than {@link MAX_DEPTH}, without recursion. Returns the number of object keys and
 * whether any number is not finite, for the JSON checks.
 */
export function checkDepth(data: unknown, source: string): { keys: number; nonFinite: boolean } {
  let keys = 0;
  let nonFinite = false;
  if (data === null || typeof data !== "object") {
    return { keys, nonFinite: typeof data === "number" && !isFinite(data) };
  }
  const nodes: object[] = [data as object];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_DEPTH) throw new ParseError(`${source}: ${tooDeep()}`, { file: source });
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v = node[i];
        if (typeof v === "object") {
          if (v !== null) {
            nodes.push(v);
            depths.push(depth + 1);
          }
        } else if (typeof v === "number" && v - v !== 0) nonFinite = true;
      }
    } else {
      for (const k in node) {
        keys++;
        const v = (node as Record<string, unknown>)[k];
        if (typeof v === "object") {
          if (v !== null) {
            nodes.push(v);
            depths.push(depth + 1);
          }
        } else if (typeof v === "number" && v - v !== 0) nonFinite = true;
      }
    }
  }
  return { keys, nonFinite };
}

/** Copies plain JSON-like data into a fresh tree without recursion. */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  const root: unknown = Array.isArray(value) ? new Array(value.length) : {};
  const stack: [unknown, unknown][] = [[value, root]];
  while (stack.length > 0) {
    const [src, dst] = stack.pop()!;
    if (Array.isArray(src)) {
      const out = dst as unknown[];
      for (let i = 0; i < src.length; i++) {
        const v = src[i];
        if (v !== null && typeof v === "object") {
          const c = Array.isArray(v) ? new Array(v.length) : {};
          out[i] = c;
          stack.push([v, c]);
        } else out[i] = v;
      }
    } else {
      const out = dst as Record<string, unknown>;
      for (const k of Object.keys(src as object)) {
        const v = (src as Record<string, unknown>)[k];
        let c: unknown = v;
        if (v !== null && typeof v === "object") {
          c = Array.isArray(v) ? new Array(v.length) : {};
          stack.push([v, c]);
        }
        setMember(out, k, c);
      }
    }
  }
  return root as T;
}

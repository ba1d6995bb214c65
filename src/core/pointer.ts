/**
 * JSON Pointers (RFC 6901) and readable paths.
 *
 * @module
 */

/** Escapes one pointer segment (`~` → `~0`, `/` → `~1`). */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Unescapes one pointer segment. */
export function unescapePointerSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Formats segments as an RFC 6901 pointer: `["paths", "/pets"]` → `/paths/~1pets`. The root is `""`. */
export function formatPointer(segments: readonly (string | number)[]): string {
  let out = "";
  for (const s of segments) out += "/" + escapePointerSegment(s);
  return out;
}

/**
 * Parses an RFC 6901 pointer (with or without a leading `#`, percent-decoded when it is a URI fragment) into segments.
 * Returns undefined when the text is not a pointer.
 */
export function parsePointer(pointer: string): string[] | undefined {
  let p = pointer;
  if (p.startsWith("#")) {
    try {
      p = decodeURIComponent(p.slice(1));
    } catch {
      return undefined;
    }
  }
  if (p === "") return [];
  if (!p.startsWith("/")) return undefined;
  return p.slice(1).split("/").map(unescapePointerSegment);
}

/**
 * Styles of {@link formatPath}:
 * - `readable` (findings): `paths./pets/{id}.get.parameters[0]`; keys with dots, brackets, quotes or spaces (or
 *   empty) as `['…']`;
 * - `jsonpath` (joiner messages): `$.components.schemas.User`, `$.paths['/pets/{id}']`; shorthand for names
 *   like identifiers, `['…']` otherwise;
 * - `normalized`: an RFC 9535 §2.7 normalized path, `$['paths']['/pets'][0]`, names escaped as the RFC
 *   prescribes (control characters as `\b \t \n \f \r` or `\u00XX`).
 */
export type PathStyle = "readable" | "jsonpath" | "normalized";

const PLAIN = /^[^.\[\]'\s]+$/;
const SHORTHAND = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Formats segments as a path: numbers are array indices and appear as `[n]`; member names appear as `.name`
 * where the style allows it and as a quoted `['name']` otherwise. The default style is the readable one findings
 * show: `paths./pets/{id}.get.parameters[0]`, `paths['/users/{name}.json']`. See {@link PathStyle}.
 *
 * @example
 * ```ts
 * import { formatPath } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(formatPath(["paths", "/pets", "get", "parameters", 0]), "paths./pets.get.parameters[0]");
 * assertEquals(formatPath(["components", "schemas", "User"], "jsonpath"), "$.components.schemas.User");
 * assertEquals(formatPath(["paths", "/pets", 0], "normalized"), "$['paths']['/pets'][0]");
 * ```
 */
export function formatPath(segments: readonly (string | number)[], style: PathStyle = "readable"): string {
  let out = style === "readable" ? "" : "$";
  for (const s of segments) {
    if (typeof s === "number") {
      out += `[${s}]`;
    } else if (style === "normalized") {
      out += `['${escapeNormalizedName(s)}']`;
    } else if (style === "readable" ? s !== "" && PLAIN.test(s) : SHORTHAND.test(s)) {
      out += out === "" ? s : "." + s;
    } else {
      out += `['${s.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}']`;
    }
  }
  return out;
}

/** Escapes a member name for a normalized path (RFC 9535 §2.7 `normal-single-quoted`). */
function escapeNormalizedName(name: string): string {
  let out = "";
  let chunk = 0;
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    if (unit >= 0x20 && unit !== 0x27 && unit !== 0x5c) continue;
    out += name.slice(chunk, i) + escapeUnit(unit);
    chunk = i + 1;
  }
  return chunk === 0 ? name : out + name.slice(chunk);
}

function escapeUnit(unit: number): string {
  switch (unit) {
    case 0x08:
      return "\\b";
    case 0x09:
      return "\\t";
    case 0x0a:
      return "\\n";
    case 0x0c:
      return "\\f";
    case 0x0d:
      return "\\r";
    case 0x27:
      return "\\'";
    case 0x5c:
      return "\\\\";
    default:
      return `\\u00${unit.toString(16).padStart(2, "0")}`;
  }
}

/** Turns pointer segments into path segments, with array indices as numbers, by looking at the document. */
export function typedSegments(root: unknown, segments: readonly string[]): (string | number)[] {
  const out: (string | number)[] = [];
  let cur: unknown = root;
  for (const s of segments) {
    if (Array.isArray(cur) && /^(0|[1-9][0-9]*)$/.test(s)) {
      out.push(Number(s));
      cur = cur[Number(s)];
    } else {
      out.push(s);
      cur = cur !== null && typeof cur === "object" ? (cur as Record<string, unknown>)[s] : undefined;
    }
  }
  return out;
}

/** Reads the value at segments; undefined when absent. */
export function getAt(root: unknown, segments: readonly (string | number)[]): unknown {
  let cur: unknown = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== "object") return undefined;
    if (Array.isArray(cur)) {
      const i = typeof s === "number" ? s : /^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : NaN;
      if (!(i >= 0 && i < cur.length)) return undefined;
      cur = cur[i];
    } else {
      const key = String(s);
      if (!Object.hasOwn(cur, key)) return undefined;
      cur = (cur as Record<string, unknown>)[key];
    }
  }
  return cur;
}

/** Reads the value a pointer names; undefined when absent or when the pointer is malformed. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  const segments = parsePointer(pointer);
  return segments === undefined ? undefined : getAt(root, segments);
}

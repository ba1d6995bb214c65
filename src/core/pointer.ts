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

const PLAIN = /^[^.\[\]'\s]+$/;

/**
 * Formats segments as a readable path, as findings show them: `paths./pets/{id}.get.parameters[0]`.
 * Numbers are array indices and appear as `[n]`; keys with dots, brackets, quotes or spaces are quoted:
 * `paths['/users/{name}.json']`.
 */
export function formatPath(segments: readonly (string | number)[]): string {
  let out = "";
  for (const s of segments) {
    if (typeof s === "number") {
      out += `[${s}]`;
    } else if (s !== "" && PLAIN.test(s)) {
      out += out === "" ? s : "." + s;
    } else {
      out += `['${s.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}']`;
    }
  }
  return out;
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

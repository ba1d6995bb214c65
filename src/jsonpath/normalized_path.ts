/**
 * Formats a location as an RFC 9535 §2.7 normalized path: `$` followed by `['name']` and `[index]` segments,
 * with names escaped as the RFC prescribes.
 *
 * @example
 * ```ts
 * import { formatNormalizedPath } from "./normalized_path.ts";
 * formatNormalizedPath(["paths", "/pets", "get", "parameters", 0]); // "$['paths']['/pets']['get']['parameters'][0]"
 * ```
 */
export function formatNormalizedPath(segments: readonly (string | number)[]): string {
  let out = "$";
  for (const segment of segments) {
    out += typeof segment === "number" ? `[${segment}]` : `['${escapeName(segment)}']`;
  }
  return out;
}

/** Escapes a member name for a normalized path (RFC 9535 §2.7 `normal-single-quoted`). */
function escapeName(name: string): string {
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

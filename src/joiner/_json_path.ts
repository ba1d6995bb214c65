/**
 * JSON paths for messages: `$.components.schemas.User`, `$.paths['/pets/{id}']`.
 *
 * @module
 */

const SHORTHAND = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Formats segments as a JSON path: shorthand members where possible, bracketed quoted names otherwise. */
export function formatJsonPath(segments: readonly (string | number)[]): string {
  let out = "$";
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (SHORTHAND.test(s)) out += "." + s;
    else out += `['${s.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}']`;
  }
  return out;
}

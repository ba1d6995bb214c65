/**
 * The OpenAPI version the documents declare. Documents of the same version family are compared as they are
 * (`compareInfo` reports 3.1.0 → 3.1.1); of different families the older is converted first, so the version
 * field itself is reported here: an INFO within a major version (3.0.3 → 3.1.0), and across majors (2.0 ↔ 3.x)
 * the format change, which the conversion reports per moved structure, or once here when nothing moved.
 *
 * @module
 */
import type { ParseResult } from "../core/mod.ts";
import { type Collector, q, under } from "./_context.ts";
import type { Normalised } from "./_format_change.ts";

function major(version: string): string {
  return version.split(".")[0];
}

/** Reports the version change of documents of different version families. */
export function compareDocumentVersion(
  c: Collector,
  s: ParseResult,
  t: ParseResult,
  normalised: Normalised | undefined,
): void {
  if (normalised === undefined) return;
  const key = (p: ParseResult) => (p.oasVersion === "2.0" ? "swagger" : "openapi");
  const at = under(c.target.root, key(t));
  const what = `the document declares ${key(t)} ${q(t.version)} instead of ${key(s)} ${q(s.version)}`;
  const extra = { old: s.version, new: t.version };
  if (major(s.version) === major(t.version)) {
    c.emit("openapi-version-changed", "modified", at, "target", `${what}.`, extra);
  } else if (normalised.changes.length === 0) {
    c.emit("format-structure-changed", "modified", at, "target", `${what}: the format changed.`, extra);
  }
}

/**
 * Serialising documents in the input's format: JSON with 2-space indentation, YAML in block style.
 *
 * @module
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import type { DocumentFormat } from "./parse_text.ts";

/**
 * Plain scalars that some YAML reader resolves to something other than the string: YAML 1.1's implicit types
 * (bool with y/n/yes/no/on/off, null, int in bases 2, 8, 10, 16 and 60 with underscores, float including base 60,
 * timestamp, merge `<<`, value `=`), YAML 1.2 core's numbers whatever their size, and ints with commas (Ruby's
 * Psych). Words in any case. The 1.1 float's fraction is read with one dot, as every 1.1 reader does (the
 * specification's `[0-9.]*` would make `3.0.0` a float), so version numbers stay plain.
 */
const AMBIGUOUS = new RegExp(
  "^(?:" + [
    "~|null|true|false|yes|no|on|off|y|n|<<|=",
    "[-+]?0b[0-1_]+",
    "[-+]?0o?[0-7_]+",
    "[-+]?0x[0-9a-f_]+",
    "[-+]?[0-9][0-9_]*(?:,[0-9][0-9_]*)*(?::[0-5]?[0-9])*(?:\\.[0-9_]*)?(?:e[-+]?[0-9]+)?",
    "[-+]?\\.[0-9_]*(?:e[-+]?[0-9]+)?",
    "[-+]?\\.(?:inf|nan)",
    "[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}" +
    "(?:(?:t|[ \\t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]*)?(?:[ \\t]*(?:z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?",
  ].join("|") + ")$",
  "i",
);

/** Never represents a value; only makes the writer quote the strings {@link AMBIGUOUS} matches. */
const AMBIGUOUS_TYPE = new yaml.Type("tag:oatool,2026:ambiguous-plain-scalar", {
  kind: "scalar",
  resolve: (data: string | null) =>
    data !== null && data.length > 0 && mayBeAmbiguous(data) && AMBIGUOUS.test(data),
});

/** A cheap first look: every match of {@link AMBIGUOUS} is a short word or starts with one of `0-9+-.~<=`. */
function mayBeAmbiguous(data: string): boolean {
  const c = data.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x7e || c === 0x3c ||
    c === 0x3d || data.length <= 5;
}

/** The schema the YAML writer quotes for: 1.2 core as js-yaml reads it, plus every other reading above. */
const WRITE_SCHEMA = yaml.CORE_SCHEMA.extend({ implicit: [AMBIGUOUS_TYPE] });

/**
 * Serialises a document: JSON with 2-space indentation, or YAML in block style; both end with a newline. Key
 * order is kept as it is in the objects. YAML quotes every string, key or value, that a YAML 1.1 or 1.2 reader
 * would read as something else (`yes`, `<<`, `2001-12-14`, `1:20`, `0x1F`, `.5`, `~`, …).
 *
 * @example
 * ```ts
 * import { serializeDocument } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(serializeDocument({ openapi: "3.1.0" }, "yaml"), "openapi: 3.1.0\n");
 * ```
 */
export function serializeDocument(doc: unknown, format: DocumentFormat): string {
  if (format === "json") return JSON.stringify(doc, null, 2) + "\n";
  return yaml.dump(doc, {
    noRefs: true,
    lineWidth: -1,
    schema: WRITE_SCHEMA,
    sortKeys: false,
    noCompatMode: true,
  });
}

/**
 * References anywhere in a document, not only where OpenAPI expects them: inside extensions (`x-oneOf` made by
 * the 3.x → 2.0 schema conversion, a vendor's own `x-…` data) and example data, where JSON Reference resolvers
 * such as swagger-parser follow them all the same. After a conversion they are rewritten like the others; then
 * the output is checked for references into sections its version does not have, which would be the converter's
 * own mistake ({@link ConverterInternalError}).
 *
 * @module
 */
import { type OASVersion, OatoolError } from "../core/mod.ts";

/** How many objects a tree walk of this module visits at most (far above any real description). */
const MAX_NODES = 20_000_000;
/** How deep it goes. */
const MAX_DEPTH = 512;

/**
 * A conversion whose output still refers to a section its version does not have: a mistake of the converter,
 * never of the input (references the input already had are not counted).
 */
export class ConverterInternalError extends OatoolError {
  /** The references left, as written (at most a few). */
  readonly refs: readonly string[];
  /**
   * Creates the error.
   *
   * @param target The target version of the conversion.
   * @param refs The references left into sections the target version does not have.
   */
  constructor(target: string, refs: readonly string[]) {
    super(
      `internal error of the converter: the OpenAPI ${target} output still refers to sections OpenAPI ${target} ` +
        `does not have (${refs.slice(0, 3).map((r) => `"${r}"`).join(", ")}${
          refs.length > 3 ? ", …" : ""
        }); ` +
        "please report it with the input document.",
      "CONVERTER_INTERNAL_ERROR",
    );
    this.name = "ConverterInternalError";
    this.refs = refs;
  }
}

/**
 * Calls `each` for every object of a tree holding a string `$ref`; `each` may change the holder, or return a
 * value to put in its place (and must be idempotent: an object shared through YAML aliases is met at each of
 * its places). Bounded in depth and in objects visited.
 */
export function eachRefHolder(
  root: unknown,
  each: (holder: Record<string, unknown>, ref: string) => unknown,
): void {
  // Recursive (depth is bounded far below the stack's limit), with no allocation per node; objects shared
  // through YAML aliases are visited at each place, within the budget of visits.
  let budget = MAX_NODES;
  const visit = (v: object, depth: number): unknown => {
    if (depth > MAX_DEPTH || --budget < 0) return undefined;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (typeof item !== "object" || item === null) continue;
        const replaced = visit(item, depth + 1);
        if (replaced !== undefined) v[i] = replaced;
      }
      return undefined;
    }
    const obj = v as Record<string, unknown>;
    if (typeof obj.$ref === "string") {
      const replaced = each(obj, obj.$ref);
      if (replaced !== undefined) return replaced;
    }
    for (const k in obj) {
      const item = obj[k];
      if (typeof item !== "object" || item === null) continue;
      const replaced = visit(item, depth + 1);
      if (replaced !== undefined) obj[k] = replaced;
    }
    return undefined;
  };
  if (typeof root === "object" && root !== null) visit(root, 0);
}

/** Local reference prefixes pointing into sections an OpenAPI version does not have. */
const ABSENT: Readonly<Record<OASVersion, readonly string[]>> = {
  "2.0": ["#/components/", "#/webhooks/"],
  "3.0": [
    "#/definitions/",
    "#/securityDefinitions/",
    "#/parameters/",
    "#/responses/",
    "#/webhooks/",
    "#/components/pathItems/",
    "#/components/mediaTypes/",
  ],
  "3.1": [
    "#/definitions/",
    "#/securityDefinitions/",
    "#/parameters/",
    "#/responses/",
    "#/components/mediaTypes/",
  ],
  "3.2": ["#/definitions/", "#/securityDefinitions/", "#/parameters/", "#/responses/"],
};

/** Whether a reference points into a section `version` does not have. */
export function pointsOutside(ref: string, version: OASVersion): boolean {
  return ABSENT[version].some((p) => ref.startsWith(p));
}

/** The references of a tree into sections `version` does not have, as written, each once. */
export function refsOutside(root: unknown, version: OASVersion): Set<string> {
  const out = new Set<string>();
  eachRefHolder(root, (_, ref) => {
    if (pointsOutside(ref, version)) out.add(ref);
  });
  return out;
}

/**
 * Throws {@link ConverterInternalError} when the output (of version `version`, converted from `source`) refers
 * to a section `version` does not have. References into sections the source version lacks too were the input's
 * own mistakes (the converter never writes them): they are not counted.
 */
export function checkSections(out: unknown, source: OASVersion, version: OASVersion, target: string): void {
  const left = [...refsOutside(out, version)].filter((r) => !pointsOutside(r, source));
  if (left.length > 0) throw new ConverterInternalError(target, left.sort());
}

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
 * Calls `each` for every object of a tree holding a string `$ref` (each object once, aliases included); `each`
 * may change the holder, or return a value to put in its place. Bounded in depth and in objects visited.
 */
export function eachRefHolder(
  root: unknown,
  each: (holder: Record<string, unknown>, ref: string) => unknown,
): void {
  const seen = new Set<object>();
  type Place = {
    v: unknown;
    depth: number;
    parent?: unknown[] | Record<string, unknown>;
    key?: string | number;
  };
  const stack: Place[] = [{ v: root, depth: 0 }];
  while (stack.length > 0 && seen.size < MAX_NODES) {
    const { v, depth, parent, key } = stack.pop()!;
    if (typeof v !== "object" || v === null || seen.has(v) || depth > MAX_DEPTH) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1, parent: v, key: i });
      continue;
    }
    const obj = v as Record<string, unknown>;
    if (typeof obj.$ref === "string") {
      const replaced = each(obj, obj.$ref);
      if (replaced !== undefined && parent !== undefined && key !== undefined) {
        if (Array.isArray(parent)) parent[key as number] = replaced;
        else parent[key as string] = replaced;
        continue;
      }
    }
    const keys = Object.keys(obj);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push({ v: obj[keys[i]], depth: depth + 1, parent: obj, key: keys[i] });
    }
  }
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
 * Throws {@link ConverterInternalError} when the output refers to a section `version` does not have with a
 * reference that `before` (the input's such references, see {@link refsOutside}) does not list.
 */
export function checkSections(
  out: unknown,
  version: OASVersion,
  target: string,
  before: ReadonlySet<string>,
): void {
  const left = [...refsOutside(out, version)].filter((r) => !before.has(r));
  if (left.length > 0) throw new ConverterInternalError(target, left.sort());
}

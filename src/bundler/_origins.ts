/**
 * Where the places of a bundle come from: the bundling engine records, for each part it copied from another file,
 * the file and the place there; a place under a copied part is found by its longest copied prefix, so a verb
 * that works on the bundle (diff, generate) can name the file users edit and point into its text.
 *
 * @module
 */
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import type { DocumentSet } from "../io/document_set.ts";
import { isUrlKey } from "../refs/ref_index.ts";
import { escapePointerSegment, formatPointer, parsePointer, typedSegments } from "../core/pointer.ts";
import type { SourcePosition } from "../core/source_map.ts";
import type { EngineOrigin } from "./_engine.ts";

/** Where a place of a bundle was copied from (see `DocumentSet.origins`). */
export type BundleOrigins = NonNullable<DocumentSet["origins"]>;

/**
 * The name of a file of the set for messages: its path relative to the root's folder (`local`), else its
 * source name.
 */
function displayName(set: DocumentSet, key: string): { name: string; local: boolean } {
  const rootKey = set.index.rootKey;
  const source = set.index.document(key)?.source ?? key;
  if (isUrlKey(key)) {
    const base = set.root.url ?? (isUrlKey(rootKey) ? rootKey : undefined);
    if (base === undefined) return { name: source, local: false };
    try {
      const folder = new URL(".", base).href;
      if (key.startsWith(folder) && key.length > folder.length) {
        return { name: key.slice(folder.length), local: false };
      }
    } catch { /* not a URL after all */ }
    return { name: source, local: false };
  }
  if (!isAbsolute(rootKey) || !isAbsolute(key)) return { name: source, local: false };
  const rel = relative(dirname(rootKey), key);
  if (rel === "" || rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) {
    return { name: source, local: false };
  }
  return { name: rel.split(sep).join("/"), local: true };
}

/**
 * The lookup of a bundle's origins: `copied` holds, by the pointer of each copied part, where it came from
 * (`null` for a part of the root under a copied part). A lookup walks the place's prefixes from the longest,
 * so it costs one map lookup per segment.
 */
export function originLookup(
  set: DocumentSet,
  bundled: unknown,
  copied: ReadonlyMap<string, EngineOrigin | null>,
): BundleOrigins {
  const names = new Map<string, { name: string; local: boolean }>();
  const nameOf = (key: string): { name: string; local: boolean } => {
    let name = names.get(key);
    if (name === undefined) names.set(key, name = displayName(set, key));
    return name;
  };
  // A referenced file's position is named as the root is (`base/schemas/pet.yaml` for `base/openapi.yaml`).
  const rootDir = set.root.path !== undefined ? dirname(set.root.source) : undefined;
  return (place) => {
    if (copied.size === 0) return undefined;
    let segments: readonly (string | number)[];
    if (typeof place === "string") {
      const parsed = parsePointer(place.startsWith("#") ? place.slice(1) : place);
      if (parsed === undefined) return undefined;
      segments = typedSegments(bundled, parsed);
    } else segments = place;
    const prefixes: string[] = [""];
    for (const s of segments) prefixes.push(`${prefixes[prefixes.length - 1]}/${escapePointerSegment(s)}`);
    for (let n = segments.length; n >= 0; n--) {
      const origin = copied.get(prefixes[n]);
      if (origin === undefined) continue;
      if (origin === null) return undefined;
      const doc = set.index.document(origin.file);
      const at = [...typedSegments(doc?.data, origin.segments.map(String)), ...segments.slice(n)];
      const key = origin.file;
      const { name, local } = nameOf(key);
      return {
        key,
        file: name,
        pointer: formatPointer(at),
        segments: at,
        position(): SourcePosition | undefined {
          let found: SourcePosition | undefined;
          try {
            found = doc?.sourceMap().positionOf(at);
          } catch {
            return undefined; // a document without text
          }
          if (found === undefined) return undefined;
          return rootDir !== undefined && local ? { ...found, file: join(rootDir, name) } : found;
        },
      };
    }
    return undefined;
  };
}

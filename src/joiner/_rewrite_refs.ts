/**
 * Rewriting references after renames: structural `$ref`s (never ones inside examples, defaults, enums or
 * extensions), `discriminator.mapping` values, and security requirement names.
 *
 * @module
 */
import {
  escapePointerSegment,
  HTTP_METHODS,
  type OASVersion,
  type PathLink,
  unescapePointerSegment,
  walkStructure,
} from "../core/mod.ts";

/** Renames of one component map: the map's location (`["components", "schemas"]`) and old name → new name. */
export interface SectionRenames {
  /** Segments of the component map from the document root. */
  section: readonly string[];
  /** Old name → new name. */
  names: ReadonlyMap<string, string>;
  /** `schema`: also rewrite `discriminator.mapping`; `security`: also rewrite security requirement names. */
  kind: "schema" | "security" | "other";
}

function decodeSegment(raw: string): string {
  let s = raw;
  if (s.includes("%")) {
    try {
      s = decodeURIComponent(s);
    } catch { /* keep as written */ }
  }
  return unescapePointerSegment(s);
}

const FRAGMENT_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@?\u0080-\uFFFF]/g;

/** Encodes a name as one segment of a `#/…` fragment. */
export function encodeRefSegment(name: string): string {
  return escapePointerSegment(name).replace(FRAGMENT_SAFE, (c) => encodeURIComponent(c));
}

/** The `$ref` to a component, e.g. `#/components/schemas/User`. */
export function componentRef(section: readonly string[], name: string): string {
  return "#/" + [...section.map(encodeRefSegment), encodeRefSegment(name)].join("/");
}

/**
 * Applies renames to one reference string. Only local references (`#/…`) into a renamed map change; the rest of
 * the reference (a deeper pointer such as `/properties/id`) is kept as written.
 */
export function renameRef(ref: string, renames: readonly SectionRenames[]): string | undefined {
  if (!ref.startsWith("#/")) return undefined;
  const parts = ref.slice(2).split("/");
  for (const r of renames) {
    const n = r.section.length;
    if (parts.length <= n) continue;
    let match = true;
    for (let i = 0; i < n; i++) {
      if (parts[i] !== r.section[i] && decodeSegment(parts[i]) !== r.section[i]) {
        match = false;
        break;
      }
    }
    if (!match) continue;
    const renamed = r.names.get(decodeSegment(parts[n]));
    if (renamed === undefined) return undefined;
    const out = parts.slice();
    out[n] = encodeRefSegment(renamed);
    return "#/" + out.join("/");
  }
  return undefined;
}

function isOperation(link: PathLink | undefined, methods: readonly string[]): boolean {
  if (link === undefined) return true; // the document root carries the top-level security
  if (typeof link.key !== "string") return false;
  if (link.parent?.key === "additionalOperations") return true;
  return methods.includes(link.key);
}

/**
 * Rewrites every reference in `root` to a renamed component. Each object is rewritten once, even when it is
 * reachable twice (YAML aliases). Returns the number of values changed.
 */
export function rewriteReferences(
  root: unknown,
  oasVersion: OASVersion,
  renames: readonly SectionRenames[],
): number {
  const active = renames.filter((r) => r.names.size > 0);
  if (active.length === 0) return 0;
  const schemaRenames = active.find((r) => r.kind === "schema");
  const securityRenames = active.find((r) => r.kind === "security");
  const methods = [...HTTP_METHODS["3.2"]];
  const seen = new Set<object>();
  let changed = 0;
  walkStructure(root, oasVersion, (node, link, kind) => {
    if (kind !== "object") return true;
    if (seen.has(node)) return false;
    seen.add(node);
    if (typeof node.$ref === "string") {
      const next = renameRef(node.$ref, active);
      if (next !== undefined) {
        node.$ref = next;
        changed++;
      }
    }
    if (schemaRenames !== undefined) {
      const d = node.discriminator;
      if (d !== null && typeof d === "object" && !Array.isArray(d)) {
        const mapping = (d as Record<string, unknown>).mapping;
        if (mapping !== null && typeof mapping === "object" && !Array.isArray(mapping)) {
          const m = mapping as Record<string, unknown>;
          for (const key of Object.keys(m)) {
            const value = m[key];
            if (typeof value !== "string") continue;
            const next = value.startsWith("#")
              ? renameRef(value, [schemaRenames])
              : schemaRenames.names.get(value);
            if (next !== undefined) {
              m[key] = next;
              changed++;
            }
          }
        }
      }
    }
    if (securityRenames !== undefined && Array.isArray(node.security) && isOperation(link, methods)) {
      for (let i = 0; i < node.security.length; i++) {
        const req = node.security[i];
        if (req === null || typeof req !== "object" || Array.isArray(req)) continue;
        if (!Object.keys(req).some((k) => securityRenames.names.has(k))) continue;
        node.security[i] = renameKeys(req as Record<string, unknown>, securityRenames.names);
        changed++;
      }
    }
    return true;
  });
  return changed;
}

/** A copy of a map with keys renamed in place (the order of keys is kept). */
export function renameKeys(
  map: Record<string, unknown>,
  names: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(map)) {
    const key = names.get(k) ?? k;
    if (key === "__proto__") {
      Object.defineProperty(out, key, {
        value: map[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = map[k];
  }
  return out;
}

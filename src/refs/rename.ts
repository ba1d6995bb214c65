/**
 * Renaming components with every reference to them: the keys of the component maps, structural `$ref`s (never
 * ones inside examples, defaults, enums or extensions), references into the renamed document from other files,
 * `discriminator.mapping` values, and security requirement names; with a report of each change. The joiner uses
 * it for collisions and semantic deduplication; fix and convert will use it too.
 *
 * @example
 * ```ts
 * import { renameComponents } from "./rename.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const doc = {
 *   openapi: "3.1.0",
 *   paths: { "/u": { get: { responses: { "200": { $ref: "#/components/responses/Ok" } } } } },
 *   components: {
 *     schemas: { User: { type: "object" } },
 *     responses: { Ok: { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } } } },
 *   },
 * };
 * const report = renameComponents(doc, [
 *   { section: ["components", "schemas"], names: new Map([["User", "Account"]]), kind: "schema" },
 * ], { oasVersion: "3.1" });
 * // the $ref is now "#/components/schemas/Account"
 * assertEquals(report.references.map((r) => r.to), ["#/components/schemas/Account"]);
 * ```
 *
 * @module
 */
import { isObject, setMember } from "../core/json.ts";
import { escapePointerSegment, formatPointer, unescapePointerSegment } from "../core/pointer.ts";
import { HTTP_METHODS } from "./stats.ts";
import { Walker } from "../walker/mod.ts";
import type { OASVersion } from "../core/version.ts";

/** Renames of one component map: the map's location (`["components", "schemas"]`) and old name → new name. */
export interface SectionRenames {
  /** Segments of the component map from the document root. */
  section: readonly string[];
  /** Old name → new name. */
  names: ReadonlyMap<string, string>;
  /** `schema`: also rewrite `discriminator.mapping`; `security`: also rewrite security requirement names. */
  kind: "schema" | "security" | "other";
  /**
   * The map's new location when it moves (`["components", "schemas"]` for 2.0's `["definitions"]`): references
   * into `section` then point into `to`, renamed or not. Used by version conversion.
   */
  to?: readonly string[];
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
 * Applies renames to one reference string. Local references (`#/…`) into a renamed map change; so do references
 * into another file (`common.yaml#/…`) when `isRenamedDocument` says that file is the renamed document. The rest
 * of the reference (the file part, a deeper pointer such as `/properties/id`) is kept as written. Returns
 * undefined when the reference does not change.
 */
export function renameRef(
  ref: string,
  renames: readonly SectionRenames[],
  isRenamedDocument?: (file: string) => boolean,
): string | undefined {
  const hash = ref.indexOf("#");
  if (hash < 0) return undefined;
  const file = ref.slice(0, hash);
  if (file !== "" && (isRenamedDocument === undefined || !isRenamedDocument(file))) return undefined;
  if (ref[hash + 1] !== "/") return undefined;
  const parts = ref.slice(hash + 2).split("/");
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
    if (renamed === undefined && r.to === undefined) return undefined;
    const out = parts.slice();
    if (renamed !== undefined) out[n] = encodeRefSegment(renamed);
    if (r.to !== undefined) out.splice(0, n, ...r.to.map(encodeRefSegment));
    return file + "#/" + out.join("/");
  }
  return undefined;
}

function isOperation(path: readonly (string | number)[], methods: readonly string[]): boolean {
  const n = path.length;
  if (n === 0) return true; // the document root carries the top-level security
  const key = path[n - 1];
  if (typeof key !== "string") return false;
  if (n > 1 && path[n - 2] === "additionalOperations") return true;
  return methods.includes(key);
}

/** One value {@link rewriteReferences} changed. */
export interface ReferenceChange {
  /** RFC 6901 pointer of the changed value (the `$ref`, the mapping value, the security requirement). */
  pointer: string;
  /** What changed: a `$ref`, a `discriminator.mapping` value, or the names of a security requirement. */
  kind: "ref" | "mapping" | "security";
  /** The value before: the reference, or the renamed requirement's old name. */
  from: string;
  /** The value after. */
  to: string;
}

/** Options of {@link rewriteReferences}. */
export interface RewriteReferencesOptions {
  /**
   * Whether a file part of a reference (`common.yaml` in `common.yaml#/components/schemas/User`), as written, names
   * the document whose components are renamed; such references are rewritten too. By default only local
   * references are.
   */
  isRenamedDocument?: (file: string) => boolean;
  /** Called for every change, in document order. */
  onChange?: (change: ReferenceChange) => void;
}

/**
 * Rewrites every reference in `root` to a renamed component. Each object is rewritten once, even when it is
 * reachable twice (YAML aliases). Returns the number of values changed.
 */
export function rewriteReferences(
  root: unknown,
  oasVersion: OASVersion,
  renames: readonly SectionRenames[],
  options: RewriteReferencesOptions = {},
): number {
  const active = renames.filter((r) => r.names.size > 0 || r.to !== undefined);
  if (active.length === 0) return 0;
  const schemaRenames = active.find((r) => r.kind === "schema");
  const securityRenames = active.find((r) => r.kind === "security");
  const methods = [...HTTP_METHODS["3.2"]];
  const { isRenamedDocument, onChange } = options;
  const report = (
    path: readonly (string | number)[],
    tail: (string | number)[],
    kind: ReferenceChange["kind"],
    from: string,
    to: string,
  ) => {
    if (onChange) onChange({ pointer: formatPointer([...path, ...tail]), kind, from, to });
  };
  const seen = new Set<object>();
  let changed = 0;
  // The lenient walk visits structure only; the Paths, Responses and Callback maps (keys are names) are passed
  // through, and an object reached a second time (a YAML alias) is not walked again.
  const visit = (node: Record<string, unknown>, path: readonly (string | number)[]): boolean => {
    if (seen.has(node)) return false;
    seen.add(node);
    if (typeof node.$ref === "string") {
      const next = renameRef(node.$ref, active, isRenamedDocument);
      if (next !== undefined) {
        report(path, ["$ref"], "ref", node.$ref, next);
        node.$ref = next;
        changed++;
      }
    }
    if (schemaRenames !== undefined) {
      const d = node.discriminator;
      if (isObject(d)) {
        const mapping = d.mapping;
        if (isObject(mapping)) {
          for (const key of Object.keys(mapping)) {
            const value = mapping[key];
            if (typeof value !== "string") continue;
            const next = value.startsWith("#") || (isRenamedDocument !== undefined && value.includes("#"))
              ? renameRef(value, [schemaRenames], isRenamedDocument)
              : schemaRenames.names.get(value);
            if (next !== undefined) {
              report(path, ["discriminator", "mapping", key], "mapping", value, next);
              mapping[key] = next;
              changed++;
            }
          }
        }
      }
    }
    if (securityRenames !== undefined && Array.isArray(node.security) && isOperation(path, methods)) {
      for (let i = 0; i < node.security.length; i++) {
        const req = node.security[i];
        if (!isObject(req)) continue;
        if (!Object.keys(req).some((k) => securityRenames.names.has(k))) continue;
        if (onChange) {
          for (const k of Object.keys(req)) {
            const to = securityRenames.names.get(k);
            if (to !== undefined) report(path, ["security", i, k], "security", k, to);
          }
        }
        node.security[i] = renameKeys(req, securityRenames.names);
        changed++;
      }
    }
    return true;
  };
  new Walker(oasVersion, [{
    enter(node, at) {
      const map = at.kind === "paths" || at.kind === "responses" ||
        (at.kind === "callback" && typeof node.$ref !== "string");
      if (!map && !visit(node, at.path)) at.skip();
    },
  }], { lenient: true }).walk(root, "", "root");
  return changed;
}

/** One component {@link renameComponents} renamed. */
export interface ComponentRename {
  /** Segments of the component map from the document root, such as `["components", "schemas"]`. */
  section: readonly string[];
  /** The old name. */
  from: string;
  /** The new name. */
  to: string;
}

/** Options of {@link renameComponents}. */
export interface RenameComponentsOptions extends RewriteReferencesOptions {
  /** The version family of the document, which decides where references can be. */
  oasVersion: OASVersion;
}

/** What {@link renameComponents} changed. */
export interface RenameReport {
  /** The components renamed, in the order of their maps. */
  components: ComponentRename[];
  /** Every reference, mapping value and security requirement rewritten, in document order. */
  references: ReferenceChange[];
}

/**
 * Renames components of the given kinds in `root` (keys keep their order) and rewrites every reference to them
 * (see {@link rewriteReferences}); reports what changed. A name that is not in its map is not renamed, and
 * references to it are left alone. Choosing free names is the caller's job: a taken one is a programming error.
 *
 * @throws {TypeError} when a new name is already a component of its map, or two old names get one new name.
 */
export function renameComponents(
  root: Record<string, unknown>,
  renames: readonly SectionRenames[],
  options: RenameComponentsOptions,
): RenameReport {
  const { oasVersion } = options;
  const components: ComponentRename[] = [];
  const applied: SectionRenames[] = [];
  for (const r of renames) {
    let parent: unknown = root;
    for (const s of r.section.slice(0, -1)) {
      parent = isObject(parent) && Object.hasOwn(parent, s) ? parent[s] : undefined;
    }
    const last = r.section[r.section.length - 1];
    const map = isObject(parent) && Object.hasOwn(parent, last) ? parent[last] : undefined;
    if (!isObject(parent) || !isObject(map)) continue;
    const names = new Map<string, string>();
    const targets = new Set<string>();
    for (const [from, to] of r.names) {
      if (!Object.hasOwn(map, from) || from === to) continue;
      if (targets.has(to) || (Object.hasOwn(map, to) && !r.names.has(to))) {
        throw new TypeError(
          `cannot rename ${formatPointer([...r.section, from])} to '${to}': the name is taken`,
        );
      }
      targets.add(to);
      names.set(from, to);
    }
    if (names.size === 0) continue;
    for (const k of Object.keys(map)) {
      const to = names.get(k);
      if (to !== undefined) components.push({ section: r.section, from: k, to });
    }
    parent[last] = renameKeys(map, names);
    applied.push({ ...r, names });
  }
  const references: ReferenceChange[] = [];
  const onChange = options.onChange;
  rewriteReferences(root, oasVersion, applied, {
    isRenamedDocument: options.isRenamedDocument,
    onChange: (c) => {
      references.push(c);
      onChange?.(c);
    },
  });
  return { components, references };
}

/** A copy of a map with keys renamed in place (the order of keys is kept). */
export function renameKeys(
  map: Record<string, unknown>,
  names: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(map)) {
    const key = names.get(k) ?? k;
    setMember(out, key, map[k]);
  }
  return out;
}

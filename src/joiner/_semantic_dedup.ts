/**
 * Semantic deduplication: structurally identical schemas with different names are consolidated into the
 * alphabetically first of them.
 *
 * Identity is decided by canonical structural signatures, never by comparing pairs:
 *
 * 1. Each schema gets its {@link canonicalForm}: keys sorted, descriptive keywords (title, description,
 *    example(s), deprecated, `$comment`, externalDocs) left out, and every reference into the schema section
 *    left as a slot.
 * 2. The reference graph between schemas is split into strongly connected components (iterative Tarjan), which
 *    come out dependencies first. A schema outside any cycle gets the class of its signature with each slot
 *    filled by the class of the referenced schema, so two schemas are identical exactly when their structures
 *    are identical and their references point at identical schemas (not merely at the same names).
 * 3. The schemas of a cycle (recursive schemas) are split by partition refinement inside their component,
 *    starting from one block and splitting by signature until stable; the final table of block signatures,
 *    which is independent of names, identifies the component, so isomorphic recursive structures in different
 *    documents are recognised too. Termination is guaranteed: each round splits at least one block or stops.
 *
 * Cost: linear in the total size of the schemas for acyclic references; a cycle of k schemas costs at most
 * k refinement rounds over that cycle. Empty schemas (see {@link isEmptySchema}) are never consolidated.
 *
 * @module
 */

import type { OASVersion } from "../core/mod.ts";
import { stronglyConnected } from "../core/ref_index.ts";
import { rewriteReferences } from "./_rewrite_refs.ts";
import { type CanonicalForm, canonicalForm, isEmptySchema, schemaSection } from "./_canonical.ts";

/** Result of {@link findSemanticDuplicates}. */
export interface SemanticDedupResult {
  /** Removed schema name → surviving schema name (the alphabetically first of its group). */
  renames: Map<string, string>;
  /** Number of removed duplicates. */
  count: number;
  /** `semantic deduplication: consolidated <n> duplicate definition(s)` when `count > 0`. */
  warning?: string;
}

/**
 * Finds structurally identical, non-empty schemas of a document's schema section (`definitions` for 2.0,
 * `components.schemas` for 3.x). For a join, pass the merged document so that schemas of different inputs are
 * compared too. Does not modify the document; see {@link applySemanticDedup}.
 *
 * @example
 * ```ts
 * import { findSemanticDuplicates } from "./_semantic_dedup.ts";
 * const doc = { openapi: "3.1.0", components: { schemas: {
 *   User: { type: "object", properties: { id: { type: "integer" } } },
 *   Account: { type: "object", properties: { id: { type: "integer" } } },
 * } } };
 * findSemanticDuplicates(doc, "3.1").renames; // Map { "User" => "Account" }
 * ```
 */
export function findSemanticDuplicates(
  doc: Record<string, unknown>,
  oasVersion: OASVersion,
): SemanticDedupResult {
  const section = schemaSection(doc, oasVersion);
  const renames = new Map<string, string>();
  if (!section) return { renames, count: 0 };
  const names = Object.keys(section);
  const index = new Map<string, number>();
  names.forEach((n, i) => index.set(n, i));

  const forms: CanonicalForm[] = names.map((n) => canonicalForm(section[n], oasVersion));
  // Slot targets as node indices; -1 for a reference to a name that does not exist (kept as text).
  const slots: number[][] = forms.map((f) => f.targets.map((t) => index.get(t) ?? -1));
  const empty: boolean[] = names.map((n) => isEmptySchema(section[n]));

  const classes = new Int32Array(names.length).fill(-1);
  const interned = new Map<string, number>();
  const intern = (key: string): number => {
    let id = interned.get(key);
    if (id === undefined) {
      id = interned.size;
      interned.set(key, id);
    }
    return id;
  };
  let uniqueClass = -2; // empty schemas get distinct negative classes that never group

  const fill = (node: number, local: (target: number) => string): string => {
    const { texts, targets } = forms[node];
    let out = texts[0];
    for (let i = 0; i < targets.length; i++) {
      const t = slots[node][i];
      out += (t < 0 ? "?" + JSON.stringify(targets[i]) : local(t)) + texts[i + 1];
    }
    return out;
  };

  for (const component of stronglyConnected(slots)) {
    if (component.length === 1 && !slots[component[0]].includes(component[0])) {
      const node = component[0];
      if (empty[node]) {
        classes[node] = uniqueClass--;
        continue;
      }
      classes[node] = intern("A" + fill(node, (t) => "#" + classes[t]));
      continue;
    }
    const members = new Set(component);
    const local = new Map<number, number>();
    for (const m of component) local.set(m, 0);
    let blocks = 1;
    let signatures: string[] = [];
    for (;;) {
      const sig = new Map<number, string>();
      for (const m of component) {
        sig.set(
          m,
          local.get(m) + "|" + fill(m, (t) => (members.has(t) ? "L" + local.get(t) : "#" + classes[t])),
        );
      }
      const distinct = [...new Set(sig.values())].sort();
      const numbering = new Map(distinct.map((s, i) => [s, i]));
      for (const m of component) local.set(m, numbering.get(sig.get(m)!)!);
      signatures = distinct;
      if (distinct.length === blocks) break;
      blocks = distinct.length;
    }
    const table = JSON.stringify(signatures);
    for (const m of component) classes[m] = intern("C" + table + "|" + local.get(m));
  }

  const groups = new Map<number, string[]>();
  names.forEach((n, i) => {
    const c = classes[i];
    if (c < 0) return;
    const g = groups.get(c);
    if (g) g.push(n);
    else groups.set(c, [n]);
  });
  const sortedGroups = [...groups.values()].filter((g) => g.length > 1);
  for (const group of sortedGroups) {
    group.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 1; i < group.length; i++) renames.set(group[i], group[0]);
  }
  const ordered = new Map([...renames].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const count = ordered.size;
  return count > 0
    ? {
      renames: ordered,
      count,
      warning: `semantic deduplication: consolidated ${count} duplicate definition(s)`,
    }
    : { renames: ordered, count };
}

/** Strongly connected components (iterative Tarjan), shared with the reference index. */
export { stronglyConnected };

/**
 * Finds duplicates with {@link findSemanticDuplicates}, then, IN PLACE: deletes the duplicates from the schema
 * section and rewrites every reference to them anywhere in the document (`$ref` in structural positions, and
 * `discriminator.mapping` values, which may be bare names in 3.x) to the survivor, keeping any pointer suffix
 * (`#/components/schemas/Dup/properties/id` → `#/components/schemas/Survivor/properties/id`). Examples,
 * defaults, enums and extensions are data and are left alone. Returns the same result as the finder.
 */
export function applySemanticDedup(
  doc: Record<string, unknown>,
  oasVersion: OASVersion,
): SemanticDedupResult {
  const result = findSemanticDuplicates(doc, oasVersion);
  if (result.count === 0) return result;
  const section = schemaSection(doc, oasVersion)!;
  for (const removed of result.renames.keys()) delete section[removed];
  rewriteSchemaRefs(doc, oasVersion, result.renames);
  return result;
}

/**
 * Rewrites references to renamed schemas everywhere in a document, in place: `$ref`s in structural positions
 * and `discriminator.mapping` values. `renames` maps old schema names to new ones.
 */
export function rewriteSchemaRefs(
  doc: Record<string, unknown>,
  oasVersion: OASVersion,
  renames: ReadonlyMap<string, string>,
): void {
  const section = oasVersion === "2.0" ? ["definitions"] : ["components", "schemas"];
  rewriteReferences(doc, oasVersion, [{ section, names: renames, kind: "schema" }]);
}

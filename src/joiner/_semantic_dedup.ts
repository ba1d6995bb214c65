/**
 * Semantic deduplication: structurally identical schemas with different names are consolidated into the
 * alphabetically first of them.
 *
 * Identity is decided by canonical structural signatures, never by comparing pairs:
 *
 * 1. Each schema gets its {@link canonicalForm}: keys sorted, descriptive keywords (title, description,
 *    example(s), deprecated, `$comment`, externalDocs) left out, and every reference into the schema section
 *    left as a slot.
 * 2. Two schemas are identical exactly when their signatures are equal and each pair of corresponding slots
 *    refers to identical schemas (not merely to the same names): the coarsest partition of the schemas that is
 *    stable under "same signature, slots into the same blocks" (a bisimulation). It is computed by partition
 *    refinement in the manner of Hopcroft's automaton minimisation (slot positions are the letters), so
 *    recursive schemas (reference cycles) and isomorphic recursive structures of different documents are
 *    recognised too, names never mattering.
 *
 * Cost: O(m log n) for n schemas and m slots, chains and cycles of references included (no refinement round
 * per member of a cycle). Empty schemas (see {@link isEmptySchema}) are never consolidated.
 *
 * @module
 */

import type { OASVersion } from "../core/mod.ts";
import { stronglyConnected } from "../refs/ref_index.ts";
import { rewriteReferences } from "../refs/rename.ts";
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
 * import { findSemanticDuplicates } from "@oatool/cli/joiner";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const doc = { openapi: "3.1.0", components: { schemas: {
 *   User: { type: "object", properties: { id: { type: "integer" } } },
 *   Account: { type: "object", properties: { id: { type: "integer" } } },
 * } } };
 * assertEquals(findSemanticDuplicates(doc, "3.1").renames, new Map([["User", "Account"]]));
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

  const classes = coarsestPartition(forms, slots, empty);

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

/**
 * The classes of the coarsest stable partition of the schemas (see the module's description); -1 for empty
 * schemas, which never group. Hopcroft-style: a worklist of splitter blocks, each splitting the blocks of the
 * schemas whose slot `i` leads into it, the smaller half going back on the worklist.
 */
function coarsestPartition(
  forms: readonly CanonicalForm[],
  slots: readonly (readonly number[])[],
  empty: readonly boolean[],
): Int32Array {
  const n = forms.length;
  // Initial blocks: one per signature (slots into the section as markers, other slots literal).
  const labelBlock = new Map<string, number>();
  const blockOf = new Int32Array(n);
  let blocks = 0;
  for (let v = 0; v < n; v++) {
    if (empty[v]) {
      blockOf[v] = blocks++;
      continue;
    }
    const { texts, targets } = forms[v];
    let label = texts[0];
    for (let i = 0; i < targets.length; i++) {
      label += (slots[v][i] < 0 ? "?" + JSON.stringify(targets[i]) : "\u0000@") + texts[i + 1];
    }
    let b = labelBlock.get(label);
    if (b === undefined) {
      b = blocks++;
      labelBlock.set(label, b);
    }
    blockOf[v] = b;
  }
  // Refinable partition: members of each block contiguous in `elems`.
  const size = new Int32Array(Math.max(1, n) * 2 + 1);
  for (let v = 0; v < n; v++) size[blockOf[v]]++;
  const start: number[] = [];
  const end: number[] = [];
  let at = 0;
  for (let b = 0; b < blocks; b++) {
    start.push(at);
    end.push(at);
    at += size[b];
  }
  const elems = new Int32Array(n);
  const loc = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const b = blockOf[v];
    elems[end[b]] = v;
    loc[v] = end[b]++;
  }
  // Incoming slots of each schema: (source, slot position).
  const inSource: number[][] = Array.from({ length: n }, () => []);
  const inSlot: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) {
    const out = slots[v];
    for (let i = 0; i < out.length; i++) {
      const t = out[i];
      if (t >= 0) {
        inSource[t].push(v);
        inSlot[t].push(i);
      }
    }
  }
  const marked: number[] = [];
  const inWork: boolean[] = [];
  const work: number[] = [];
  for (let b = 0; b < blocks; b++) {
    work.push(b);
    inWork.push(true);
  }
  while (work.length > 0) {
    const splitter = work.pop()!;
    inWork[splitter] = false;
    // Sources into the splitter, grouped by slot position.
    const bySlot = new Map<number, number[]>();
    for (let k = start[splitter]; k < end[splitter]; k++) {
      const t = elems[k];
      const sources = inSource[t];
      const positions = inSlot[t];
      for (let j = 0; j < sources.length; j++) {
        let list = bySlot.get(positions[j]);
        if (list === undefined) bySlot.set(positions[j], list = []);
        list.push(sources[j]);
      }
    }
    for (const sources of bySlot.values()) {
      // Move every source to the front of its block; then split the blocks partly moved.
      const touched: number[] = [];
      for (const v of sources) {
        const b = blockOf[v];
        if (marked[b] === undefined || marked[b] === 0) touched.push(b);
        marked[b] = marked[b] ?? 0;
        const first = start[b] + marked[b];
        if (loc[v] < first) continue; // already moved
        const other = elems[first];
        elems[loc[v]] = other;
        loc[other] = loc[v];
        elems[first] = v;
        loc[v] = first;
        marked[b]++;
      }
      for (const b of touched) {
        const count = marked[b];
        marked[b] = 0;
        if (count === end[b] - start[b]) continue;
        const nb = blocks++;
        start.push(start[b]);
        end.push(start[b] + count);
        start[b] += count;
        for (let k = start[nb]; k < end[nb]; k++) blockOf[elems[k]] = nb;
        if (inWork[b]) {
          work.push(nb);
          inWork.push(true);
        } else {
          const smaller = count <= end[b] - start[b] ? nb : b;
          inWork.push(false);
          work.push(smaller);
          inWork[smaller] = true;
        }
      }
    }
  }
  const classes = new Int32Array(n);
  for (let v = 0; v < n; v++) classes[v] = empty[v] ? -1 : blockOf[v];
  return classes;
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

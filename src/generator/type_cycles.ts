/**
 * Recursion in the generated types, cut where Go needs it: loops of schemas that only name one another (Go
 * types defined by each other, which Go refuses) and struct fields that hold their own struct by value.
 *
 * @module
 */
import { GO_ANY, goPointer } from "./go_type.ts";
import { stronglyConnected } from "../refs/ref_index.ts";
import type { GoDecl } from "./go_decls.ts";

/**
 * Schemas that only name one another (`A: {$ref: B}`, `B: {allOf: [{$ref: A}]}`) would be Go types defined by
 * each other: each such loop is cut by making its members `interface{}` (any value is valid for them), each
 * with a warning through `warn`.
 */
export function breakDefinitionLoops(
  decls: readonly GoDecl[],
  byName: (name: string) => GoDecl | undefined,
  warn: (at: (string | number)[], message: string) => void,
): void {
  const state = new Map<string, "open" | "done">();
  for (const start of decls) {
    if (start.kind !== "defined" || state.has(start.name)) continue;
    const chain: GoDecl[] = [];
    let d: GoDecl | undefined = start;
    while (d !== undefined && d.kind === "defined" && !state.has(d.name)) {
      state.set(d.name, "open");
      chain.push(d);
      d = d.type.kind === "named" ? byName(d.type.name) : undefined;
    }
    if (d !== undefined && state.get(d.name) === "open") {
      const loop = chain.slice(chain.indexOf(d));
      const names = loop.map((m) => m.name).join(" → ");
      for (const m of loop) {
        if (m.kind !== "defined") continue;
        m.type = GO_ANY;
        m.alias = true;
        warn(m.at, `schema "${m.name}" only refers to itself through ${names}; generated as interface{}.`);
      }
    }
    for (const m of chain) state.set(m.name, "done");
  }
}

/**
 * A struct field holding by value a type that leads back to its struct becomes a pointer (found with the
 * strongly connected components of the by-value graph).
 */
export function pointRecursiveFields(decls: readonly GoDecl[]): void {
  const structs = decls.filter((d) => d.kind === "struct" || d.kind === "defined");
  const index = new Map(structs.map((d, i) => [d.name, i]));
  const adjacency: number[][] = structs.map((d) => {
    if (d.kind === "struct") return d.fields.map((f) => (f.valueOf ? index.get(f.valueOf) ?? -1 : -1));
    if (d.kind === "defined") return [d.type.kind === "named" ? index.get(d.type.name) ?? -1 : -1];
    return [];
  });
  const component = new Int32Array(structs.length).fill(-1);
  stronglyConnected(adjacency).forEach((c, n) => {
    for (const m of c) component[m] = n;
  });
  structs.forEach((d, i) => {
    if (d.kind !== "struct") return;
    for (const f of d.fields) {
      const j = f.valueOf === undefined ? undefined : index.get(f.valueOf);
      if (j !== undefined && component[j] === component[i]) {
        f.type = goPointer(f.type);
        f.valueOf = undefined;
      }
    }
  });
}

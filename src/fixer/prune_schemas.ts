/**
 * `--prune-schemas`: schemas nothing uses are removed, transitively. A schema is used when a reference from
 * anywhere outside the schema section leads into it — operations, webhooks, callbacks, other components (used
 * or not), discriminator mappings — or from a used schema. Schemas reachable only from unused ones go too, and
 * so do unused cycles. References in Path Items that `--prune-paths` removes in the same run do not count, so
 * a second run has nothing left to prune.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { getAt, parsePointer } from "../core/mod.ts";
import { RefIndex } from "../refs/ref_index.ts";
import { type FixContext, q } from "./_context.ts";
import { emptyPaths } from "./prune_paths.ts";
import { schemaSection } from "./schema_names.ts";

/** Removes the schemas nothing uses. */
export function pruneSchemas(ctx: FixContext): void {
  const section = schemaSection(ctx.v2);
  const map = getAt(ctx.doc, section);
  if (!isObject(map)) return;
  const n = section.length;
  const removedPaths = new Set(ctx.options.prunePaths ? emptyPaths(ctx.doc, ctx.oasVersion) : []);
  const inSection = (segments: readonly (string | number)[]): string | undefined => {
    if (segments.length <= n) return undefined;
    for (let i = 0; i < n; i++) if (segments[i] !== section[i]) return undefined;
    const name = String(segments[n]);
    return Object.hasOwn(map, name) ? name : undefined;
  };
  const roots = new Set<string>();
  const edges = new Map<string, Set<string>>();
  const link = (from: readonly (string | number)[], to: string) => {
    if (from[0] === "paths" && removedPaths.has(String(from[1]))) return;
    const owner = inSection(from);
    if (owner === undefined) roots.add(to);
    else if (owner !== to) {
      let set = edges.get(owner);
      if (set === undefined) edges.set(owner, set = new Set());
      set.add(to);
    }
  };
  // One walk (following references into places the layout does not describe) for references and mappings.
  const index = RefIndex.of(ctx.doc, ctx.oasVersion);
  const root = index.rootKey;
  index.walk({
    $ref(_holder, ref, _expected, at) {
      if (at.file !== root) return;
      const r = index.resolve(ref, at.file);
      if (!r.ok || r.file !== root) return;
      const to = inSection(r.segments);
      if (to !== undefined) link(at.path, to);
    },
    discriminator(d, at) {
      if (at.file !== root || !isObject(d.mapping)) return;
      for (const value of Object.values(d.mapping)) {
        if (typeof value !== "string") continue;
        const hash = value.indexOf("#");
        let to: string | undefined;
        if (hash < 0) to = Object.hasOwn(map, value) ? value : undefined;
        else if (hash === 0) {
          const r = index.resolve(value);
          to = r.ok ? inSection(r.segments) : inSection(parsePointer(value) ?? []);
        }
        if (to !== undefined) link(at.path, to);
      }
    },
  }, { follow: true });
  const used = new Set<string>();
  const queue = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const name = queue[i];
    if (used.has(name)) continue;
    used.add(name);
    for (const next of edges.get(name) ?? []) if (!used.has(next)) queue.push(next);
  }
  const original = new Map([...ctx.renamedSchemas].map(([from, to]) => [to, from]));
  const referenced = new Set<string>();
  for (const set of edges.values()) for (const to of set) referenced.add(to);
  for (const name of Object.keys(map)) {
    if (used.has(name)) continue;
    const before = map[name];
    delete map[name];
    ctx.add(
      "prune-schema",
      [...section, name],
      referenced.has(name)
        ? `removed the schema ${q(name)}, used only by schemas that are removed too.`
        : `removed the schema ${q(name)}, which nothing references.`,
      { before, at: [...section, original.get(name) ?? name] },
    );
  }
}

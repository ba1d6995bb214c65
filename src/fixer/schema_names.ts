/**
 * `--fix-schema-names`: schemas (3.x `components.schemas`, 2.0 `definitions`) whose names are not valid
 * component names are renamed by the generic naming strategy (`componentNameOf` of `src/template`); a new name
 * that is taken gets the first free suffix `_2`, `_3`, …. Every `$ref` and discriminator mapping is rewritten
 * by core's `renameComponents`.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { parsePointer } from "../core/mod.ts";
import { renameComponents } from "../refs/rename.ts";
import { COMPONENT_NAME, componentNameOf } from "../template/mod.ts";
import { type FixContext, q } from "./_context.ts";

/** The location of the schema map of a version family. */
export function schemaSection(v2: boolean): readonly string[] {
  return v2 ? ["definitions"] : ["components", "schemas"];
}

/** Renames the schemas whose names are not valid component names. */
export function fixSchemaNames(ctx: FixContext): void {
  const section = schemaSection(ctx.v2);
  let map: unknown = ctx.doc;
  for (const s of section) map = isObject(map) && Object.hasOwn(map, s) ? map[s] : undefined;
  if (!isObject(map)) return;
  const o = ctx.options;
  const names = new Map<string, string>();
  const taken = new Set(Object.keys(map));
  const nextSuffix = new Map<string, number>();
  for (const name of Object.keys(map)) {
    if (COMPONENT_NAME.test(name)) continue;
    const base = componentNameOf(name, {
      strategy: o.genericNaming,
      separator: o.genericSeparator,
      paramSeparator: o.genericParamSeparator,
      preserveCasing: o.preserveCasing,
    });
    let next = base;
    if (taken.has(next)) {
      // Suffixes counted on from the last one used for this base: linear however many names collide.
      let k = nextSuffix.get(base) ?? 2;
      while (taken.has(`${base}_${k}`)) k++;
      nextSuffix.set(base, k + 1);
      next = `${base}_${k}`;
    }
    taken.add(next);
    names.set(name, next);
  }
  if (names.size === 0) return;
  const report = renameComponents(ctx.doc, [{ section, names, kind: "schema" }], {
    oasVersion: ctx.oasVersion,
  });
  // References rewritten per new name (new names are valid, so they stand in references as written).
  const refs = new Map<string, number>();
  for (const r of report.references) {
    const hash = r.to.indexOf("#");
    const name = hash < 0 ? r.to : parsePointer(r.to.slice(hash))?.[section.length];
    if (name !== undefined) refs.set(name, (refs.get(name) ?? 0) + 1);
  }
  for (const c of report.components) {
    ctx.renamedSchemas.set(c.from, c.to);
    const n = refs.get(c.to) ?? 0;
    ctx.add(
      "schema-name",
      [...section, c.to],
      `renamed the schema ${q(c.from)} to ${q(c.to)}${
        n > 0 ? ` and rewrote ${n} reference${n === 1 ? "" : "s"} to it` : ""
      }.`,
      { before: c.from, after: c.to, at: [...section, c.from] },
    );
  }
}

/**
 * Unions: a `oneOf`/`anyOf` schema as a struct with one pointer per alternative (a `null` alternative makes the
 * union nullable instead), named after each alternative's Go type, tagged by the discriminator's values.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { parsePointer } from "../core/pointer.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import type { DeclSite, GoAlternative, GoDecl, TypeUse } from "./go_decls.ts";
import { goTypeText, goTypeWord } from "./go_type.ts";
import { goName, NameRegistry } from "./naming.ts";
import { followRef, isRef } from "./follow_ref.ts";

/** What a union needs of the type model: the Go type of each alternative, and a place for issues. */
export interface UnionTyper {
  /** The Go type of a schema used at `at` (see TypeModel.use). */
  use(schema: unknown, at: (string | number)[], hint: string, depth: number, file: string): TypeUse;
  /** Adds an issue. */
  issue(
    severity: "warning" | "info" | "error",
    at: readonly (string | number)[],
    message: string,
    rule: string,
  ): void;
}

/** Names a union's alternatives never take: its methods (each alternative also has its `As<Name>`). */
const UNION_RESERVED: readonly string[] = ["Raw", "MarshalJSON", "UnmarshalJSON"];

/** The union declaration of `d`'s schema, its alternatives typed by `model`. */
export function unionDecl(model: UnionTyper, index: RefIndex, d: DeclSite): GoDecl {
  const { name, schema, at, depth, doc, deprecated } = d;
  const key = Array.isArray(schema.oneOf) ? "oneOf" : "anyOf";
  const list = schema[key] as unknown[];
  const altNames = new NameRegistry(UNION_RESERVED);
  const alternatives: GoAlternative[] = [];
  const disc = isObject(schema.discriminator) && typeof schema.discriminator.propertyName === "string" &&
      /^[A-Za-z0-9_.\-@$]+$/.test(schema.discriminator.propertyName)
    ? schema.discriminator
    : undefined;
  const mapping = disc && isObject(disc.mapping) ? disc.mapping : {};
  for (let i = 0; i < list.length; i++) {
    const alt = list[i];
    if (
      isObject(alt) &&
      (alt.type === "null" || (Array.isArray(alt.type) && alt.type.length === 1 && alt.type[0] === "null"))
    ) continue;
    const u = model.use(alt, [...at, key, i], `${name} ${i + 1}`, depth + 1, d.file);
    const many = u.type.kind === "slice";
    const base = goTypeWord(u.type);
    const altName = takeAlternative(altNames, goName(many ? `${base} List` : base, `Option${i + 1}`));
    const tags: string[] = [];
    if (disc !== undefined && isRef(alt)) {
      const target = followRef(index, alt, d.file);
      for (const [value, ref] of Object.entries(mapping)) {
        if (typeof ref !== "string") continue;
        const r = ref.includes("/") || ref.startsWith("#")
          ? index.follow(ref, d.file)
          : index.follow(`#/components/schemas/${ref}`);
        if (r.ok && target.ok && r.value === target.value) tags.push(value);
      }
      if (tags.length === 0) {
        const segs = parsePointer(alt.$ref.slice(alt.$ref.indexOf("#") + 1)) ?? [];
        tags.push(segs.at(-1) ?? goTypeText(u.type));
      }
    }
    alternatives.push({ name: altName, type: u.type, tags });
  }
  if (disc !== undefined && alternatives.some((a) => a.tags.length === 0)) {
    model.issue(
      "info",
      [...at, "discriminator"],
      `some alternatives of ${name} are inline; the discriminator selects only the referenced ones, the others are tried in order.`,
      "generate-discriminator",
    );
  }
  return {
    kind: "union",
    name,
    doc,
    deprecated,
    alternatives,
    discriminator: disc?.propertyName as string | undefined,
    at,
  };
}

/**
 * A union alternative's name: neither it nor its accessor `As<name>` is taken by another alternative or method
 * (a field `AsPet` and an accessor `AsPet` of an alternative `Pet` would clash).
 */
function takeAlternative(names: NameRegistry, wanted: string): string {
  let name = wanted;
  for (let n = 2; names.has(name) || names.has(`As${name}`); n++) name = `${wanted}${n}`;
  names.take(name);
  names.take(`As${name}`);
  return name;
}

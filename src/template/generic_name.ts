/**
 * Component names from generic type names: `Response[User]`, `Map<string,int>`, `pkg/Pet` or `Café` are not
 * valid component names (`^[a-zA-Z0-9._-]+$`); {@link componentNameOf} turns them into one by a naming
 * strategy. Shared by `fix --fix-schema-names` and every other place that must turn a type name into a
 * component name.
 *
 * @example
 * ```ts
 * import { componentNameOf } from "@oatool/cli/fixer";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(componentNameOf("Response[User]"), "Response_User_");
 * assertEquals(componentNameOf("Map[string,int]", { strategy: "of" }), "MapOfStringOfInt");
 * assertEquals(componentNameOf("pkg/Pet"), "pkg_Pet");
 * ```
 *
 * @module
 */
import { pascalCase } from "./case.ts";

/** How the type parameters of a generic name are written (see {@link componentNameOf}). */
export type GenericNamingStrategy = "underscore" | "of" | "for" | "flat" | "dot";

/** The generic naming strategies, in the order of the specification. */
export const GENERIC_NAMING_STRATEGIES: readonly GenericNamingStrategy[] = [
  "underscore",
  "of",
  "for",
  "flat",
  "dot",
];

/** Options of {@link componentNameOf}. */
export interface GenericNameOptions {
  /** The strategy. @default "underscore" */
  strategy?: GenericNamingStrategy;
  /** Separator of the underscore strategy, around the type parameters. @default "_" */
  separator?: string;
  /** Separator between several type parameters (underscore strategy). @default "_" */
  paramSeparator?: string;
  /** Keep the casing of type parameters (by default they are PascalCased: `string` → `String`). @default false */
  preserveCasing?: boolean;
}

/** A valid component name: ASCII letters, digits, `.`, `-` and `_` (OpenAPI 3.x `components` keys). */
export const COMPONENT_NAME: RegExp = /^[a-zA-Z0-9._-]+$/;

/** Most nested brackets followed in one name; deeper ones are sanitised as plain text. */
const MAX_NESTING = 32;

interface TypeNode {
  base: string;
  params: TypeNode[];
}

const OPEN: Record<string, string> = { "[": "]", "<": ">" };

/** Parses `Base[P1, P2[Q]]` / `Base<P1,P2>`; undefined when the brackets do not balance. */
function parseType(text: string): TypeNode | undefined {
  let i = 0;
  const parse = (depth: number): TypeNode | undefined => {
    let base = "";
    while (i < text.length && !"[]<>,".includes(text[i])) base += text[i++];
    const node: TypeNode = { base: base.trim(), params: [] };
    if (i < text.length && OPEN[text[i]] !== undefined) {
      if (depth >= MAX_NESTING) return undefined;
      const close = OPEN[text[i++]];
      for (;;) {
        const p = parse(depth + 1);
        if (p === undefined) return undefined;
        node.params.push(p);
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] !== close) return undefined;
        i++;
        break;
      }
    }
    return node;
  };
  const node = parse(0);
  return node !== undefined && i === text.length && node.base !== "" ? node : undefined;
}

/** Letters with accents lose them (`é` → `e`); other runs of invalid characters become `_` (trimmed). */
export function sanitizeComponentName(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}+/gu, "").replace(/[^a-zA-Z0-9._-]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

function render(node: TypeNode, o: Required<GenericNameOptions>, outer: boolean): string {
  const base = sanitizeComponentName(node.base);
  if (node.params.length === 0) {
    return outer || o.preserveCasing ? base : pascalCase(base) || base;
  }
  const params = node.params.map((p) => render(p, o, false));
  switch (o.strategy) {
    case "of":
      return base + params.map((p) => `Of${p}`).join("");
    case "for":
      return base + params.map((p) => `For${p}`).join("");
    case "flat":
      return base + params.join("");
    case "dot":
      return [base, ...params].join(".");
    default:
      return base + o.separator + params.join(o.paramSeparator) + o.separator;
  }
}

/**
 * A valid component name for a type name. A name that is already valid comes back unchanged. A generic name
 * (`Base[P]`, `Base<P1,P2>`, nested) is written by the strategy — `underscore`: `Base_P_` (several:
 * `Base_P1_P2_`, separators configurable), `of`: `BaseOfP`, `for`: `BaseForP`, `flat`: `BaseP`, `dot`:
 * `Base.P` — with type parameters PascalCased unless `preserveCasing`. Anything else has accents removed and
 * each run of other invalid characters replaced by `_`. Separators are sanitised too, so the result is always
 * valid; an empty result is `Schema`.
 */
export function componentNameOf(name: string, options: GenericNameOptions = {}): string {
  if (COMPONENT_NAME.test(name)) return name;
  const o: Required<GenericNameOptions> = {
    strategy: options.strategy ?? "underscore",
    separator: options.separator ?? "_",
    paramSeparator: options.paramSeparator ?? "_",
    preserveCasing: options.preserveCasing ?? false,
  };
  const node = parseType(name);
  const raw = node === undefined || node.params.length === 0 ? name : render(node, o, true);
  // Only what the separators added can still be invalid: sanitise without trimming the separators' ends.
  const out = COMPONENT_NAME.test(raw)
    ? raw
    : raw.normalize("NFKD").replace(/\p{M}+/gu, "").replace(/[^a-zA-Z0-9._-]+/g, "_");
  const trimmed = node === undefined || node.params.length === 0 ? out.replace(/^_+|_+$/g, "") : out;
  return trimmed === "" || /^_+$/.test(trimmed) ? "Schema" : trimmed;
}

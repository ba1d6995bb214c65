import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/** Patches whose Reference Object sentence has the comma (3.0.4, 3.1.1 and later). */
const COMMA = new Set(["3.0.4", "3.1.1", "3.1.2"]);

/** The sentence of a version that makes the siblings of a `$ref` ignored. */
function sentence(version: string): string {
  if (version === "2.0") {
    return "The Reference Object is defined by JSON Reference and follows the same structure, behavior and " +
      'rules." (JSON Reference: "Any members other than "$ref" in a JSON Reference object SHALL be ignored.")';
  }
  const comma = COMMA.has(version) || version.startsWith("3.2.") ? "," : "";
  return `This object cannot be extended with additional properties${comma} and any properties added SHALL be ` +
    'ignored."';
}

/**
 * `ref-siblings`: keys beside a Reference Object's `$ref` that the declared version ignores: every sibling in
 * 2.0 and 3.0 (a Schema Object's `$ref` is a Reference Object there), and from 3.1 every sibling but `summary`
 * and `description` of a reference that is not a Schema Object (whose `$ref` is a JSON Schema keyword that
 * combines with its siblings). A Path Item's `$ref` is not a Reference Object (its siblings are not ignored).
 */
export const refSiblings: Rule = {
  id: "ref-siblings",
  severity: "warning",
  description:
    "Keys beside a $ref that the version ignores (2.0, 3.0: all; 3.1+: all but summary, description)",
  anchor: "reference-object",
  create(ctx) {
    const modern = ctx.oasVersion === "3.1" || ctx.oasVersion === "3.2";
    const kept = new Set(modern ? ["$ref", "summary", "description"] : ["$ref"]);
    return {
      $ref(holder, _ref, expected, at) {
        if (expected === "pathItem" || (modern && expected === "schema")) return;
        const ignored = Object.keys(holder).filter((k) => !kept.has(k));
        if (ignored.length === 0) return;
        const names = ignored.length > 5
          ? `${ignored.slice(0, 5).map(q).join(", ")} and ${ignored.length - 5} more`
          : ignored.map(q).join(", ");
        ctx.report(
          at.path,
          `${names} beside "$ref" ${
            ignored.length === 1 ? "is" : "are"
          } ignored: the reference stands for its ` +
            `target alone; the specification ${ctx.version} says: "${sentence(ctx.version)}`,
        );
      },
    };
  },
};

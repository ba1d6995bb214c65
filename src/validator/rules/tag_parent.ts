import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/** `tag-parent` (3.2): a tag's `parent` names a declared tag, and parents do not form a cycle. */
export const tagParent: Rule = {
  id: "tag-parent",
  severity: "error",
  description: "3.2: tag parent names an existing tag, without cycles",
  anchor: "tag-object",
  versions: ["3.2"],
  create(ctx) {
    return {
      root(root) {
        if (!Array.isArray(root.tags)) return;
        const parentOf = new Map<string, string | undefined>();
        for (const t of root.tags) {
          if (isObject(t) && typeof t.name === "string") {
            parentOf.set(t.name, typeof t.parent === "string" ? t.parent : undefined);
          }
        }
        root.tags.forEach((t, i) => {
          if (!isObject(t) || typeof t.parent !== "string" || typeof t.name !== "string") return;
          if (!parentOf.has(t.parent)) {
            ctx.report(["tags", i, "parent"], `parent tag ${q(t.parent)} is not declared in tags.`);
            return;
          }
          // Follow parents; coming back to this tag means a cycle.
          const seen = new Set<string>([t.name]);
          for (let p: string | undefined = t.parent; p !== undefined; p = parentOf.get(p)) {
            if (seen.has(p)) {
              if (p === t.name) {
                ctx.report(
                  ["tags", i, "parent"],
                  `tag ${q(t.name)} is its own ancestor (a cycle of parents).`,
                );
              }
              break;
            }
            seen.add(p);
          }
        });
      },
    };
  },
};

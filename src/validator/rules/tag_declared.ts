import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/** `tag-declared`: tags used by operations are declared in the top-level `tags` (warning, once per tag). */
export const tagDeclared: Rule = {
  id: "tag-declared",
  severity: "warning",
  description: "Tags used by operations are declared in the top-level tags list",
  anchor: "tag-object",
  create(ctx) {
    let declared: Set<string> | undefined;
    const reported = new Set<string>();
    return {
      operation(op, at) {
        if (!Array.isArray(op.tags)) return;
        declared ??= new Set(
          Array.isArray(ctx.document.tags)
            ? ctx.document.tags.filter(isObject).map((t) => t.name).filter((n): n is string =>
              typeof n === "string"
            )
            : [],
        );
        op.tags.forEach((tag, i) => {
          if (typeof tag !== "string" || declared!.has(tag) || reported.has(tag)) return;
          reported.add(tag);
          ctx.report(
            [...at.path, "tags", i],
            `tag ${q(tag)} is used but not declared in the top-level tags.`,
          );
        });
      },
    };
  },
};

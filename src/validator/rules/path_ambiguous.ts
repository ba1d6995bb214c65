import type { Rule } from "../rule.ts";
import { templateShape } from "../../core/path_template.ts";
import { q } from "./_helpers.ts";

/** `path-ambiguous`: two paths that differ only in the names of their parameters cannot be told apart. */
export const pathAmbiguous: Rule = {
  id: "path-ambiguous",
  severity: "error",
  description: "Paths do not differ only in parameter names (/pets/{id} and /pets/{name})",
  anchor: "paths-object",
  create(ctx) {
    return {
      paths(paths, at) {
        const seen = new Map<string, string>();
        for (const path of Object.keys(paths)) {
          if (path.startsWith("x-")) continue;
          const shape = templateShape(path);
          const first = seen.get(shape);
          if (first === undefined) seen.set(shape, path);
          else if (first !== path) {
            ctx.report(
              [...at.path, path],
              `path ${q(path)} differs from ${
                q(first)
              } only in parameter names, so requests cannot be matched to one of them.`,
            );
          }
        }
      },
    };
  },
};

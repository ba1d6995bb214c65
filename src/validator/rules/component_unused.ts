import { componentSections } from "../../walker/mod.ts";
import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/**
 * `component-unused`: reusable components (3.x `components.*`, 2.0 `definitions`/`parameters`/`responses`) that
 * nothing references, and security schemes no requirement names (warning).
 */
export const componentUnused: Rule = {
  id: "component-unused",
  severity: "warning",
  description: "Every reusable component is referenced somewhere",
  anchor: "components-object",
  create(ctx) {
    const v2 = ctx.oasVersion === "2.0";
    const sectionList = componentSections(ctx.oasVersion);
    const used = new Set<string>();
    const schemesUsed = new Set<string>();
    return {
      $ref(_holder, ref, _expected, at) {
        const r = ctx.lookup(ref, at.file);
        if (!r.ok || r.file !== ctx.rootFile) return;
        const s = r.segments;
        // Keyed by the section's last segment (`schemas`, 2.0 `definitions`) and the component's name.
        if (v2 && s.length >= 2) used.add(`${s[0]}\0${s[1]}`);
        if (!v2 && s.length >= 3 && s[0] === "components") used.add(`${s[1]}\0${s[2]}`);
      },
      securityRequirement(req) {
        for (const name of Object.keys(req)) schemesUsed.add(name);
      },
      done() {
        const doc = ctx.document;
        for (const section of sectionList) {
          const path = section.segments;
          const entries = path.length === 1
            ? doc[path[0]]
            : isObject(doc[path[0]])
            ? (doc[path[0]] as Record<string, unknown>)[path[1]]
            : undefined;
          if (!isObject(entries)) continue;
          for (const name of Object.keys(entries)) {
            const isUsed = used.has(`${path[path.length - 1]}\0${name}`) ||
              (section.name === "securitySchemes" && schemesUsed.has(name));
            if (!isUsed) {
              ctx.report([...path, name], `component ${q(name)} is not used anywhere.`, {
                file: ctx.rootFile,
              });
            }
          }
        }
      },
    };
  },
};

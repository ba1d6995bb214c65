import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

const SECTIONS_2 = ["definitions", "parameters", "responses"];

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
    const used = new Set<string>();
    const schemesUsed = new Set<string>();
    return {
      $ref(_holder, ref, _expected, at) {
        const r = ctx.lookup(ref, at.file);
        if (!r.ok || r.file !== ctx.rootFile) return;
        const s = r.segments;
        if (v2 && s.length >= 2 && SECTIONS_2.includes(String(s[0]))) used.add(`${s[0]}\0${s[1]}`);
        if (!v2 && s.length >= 3 && s[0] === "components") used.add(`${s[1]}\0${s[2]}`);
      },
      securityRequirement(req) {
        for (const name of Object.keys(req)) schemesUsed.add(name);
      },
      done() {
        const doc = ctx.document;
        const sections: [string, Record<string, unknown>, (string | number)[]][] = [];
        if (v2) {
          for (const s of SECTIONS_2) {
            if (isObject(doc[s])) sections.push([s, doc[s] as Record<string, unknown>, [s]]);
          }
          if (isObject(doc.securityDefinitions)) {
            sections.push(["securitySchemes", doc.securityDefinitions, ["securityDefinitions"]]);
          }
        } else if (isObject(doc.components)) {
          for (const [s, v] of Object.entries(doc.components)) {
            if (isObject(v) && !s.startsWith("x-")) sections.push([s, v, ["components", s]]);
          }
        }
        for (const [section, entries, path] of sections) {
          for (const name of Object.keys(entries)) {
            const isUsed = section === "securitySchemes"
              ? schemesUsed.has(name) || used.has(`${path[path.length - 1]}\0${name}`)
              : used.has(`${section}\0${name}`);
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

import { KIND_NAMES } from "../../walker/mod.ts";
import type { Rule } from "../rule.ts";
import { q } from "./_helpers.ts";

/**
 * `ref-kind`: a `$ref` points at the kind of object its place expects (a parameter reference at a Parameter
 * Object, a schema reference at a Schema Object). Targets whose kind their place does not tell (other files,
 * custom places) are not judged.
 */
export const refKind: Rule = {
  id: "ref-kind",
  severity: "error",
  description: "A $ref points at the kind of object its place expects",
  anchor: "reference-object",
  create(ctx) {
    return {
      $ref(_holder, ref, expected, at) {
        const r = ctx.lookup(ref, at.file);
        if (!r.ok) return;
        const actual = ctx.kindAt(r.file, r.segments);
        if (actual === undefined || actual === expected) return;
        ctx.report(
          [...at.path, "$ref"],
          `${q(ref)} points at a ${KIND_NAMES[actual]}, but a ${KIND_NAMES[expected]} is expected here.`,
        );
      },
    };
  },
};

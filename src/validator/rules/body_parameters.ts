import type { Rule } from "../rule.ts";
import { type ParameterAt, parametersOf } from "./_helpers.ts";

/** Operation parameters after merging the Path Item's (the operation's win on the same name and location). */
function merged(common: ParameterAt[], own: ParameterAt[]): ParameterAt[] {
  const key = (p: ParameterAt) => `${p.parameter.in}\0${p.parameter.name}`;
  const overridden = new Set(own.map(key));
  return [...common.filter((p) => !overridden.has(key(p))), ...own];
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * `body-parameters` (2.0): at most one `body` parameter, never together with `formData` parameters; `formData`
 * parameters need `consumes` of `application/x-www-form-urlencoded` or `multipart/form-data` (`multipart/form-data`
 * for `type: file`).
 */
export const bodyParameters: Rule = {
  id: "body-parameters",
  severity: "error",
  description: "2.0: one body parameter at most, not mixed with formData; formData needs a form consumes",
  anchor: "parameter-object",
  versions: ["2.0"],
  create(ctx) {
    return {
      operation(op, at) {
        const item = at.parentKind === "pathItem" ? at.parent : undefined;
        const path = [...at.path];
        const common = item
          ? parametersOf(ctx, item.parameters, at.file, [...path.slice(0, -1), "parameters"])
          : [];
        const own = parametersOf(ctx, op.parameters, at.file, [...path, "parameters"]);
        const all = merged(common, own);
        const bodies = all.filter((p) => p.parameter.in === "body");
        const forms = all.filter((p) => p.parameter.in === "formData");
        for (const extra of bodies.slice(1)) {
          ctx.report(extra.path, "an operation can have only one body parameter.", { file: at.file });
        }
        if (bodies.length > 0 && forms.length > 0) {
          ctx.report(
            bodies[0].path,
            "body and formData parameters cannot be used together in one operation.",
            { file: at.file },
          );
        }
        if (forms.length === 0) return;
        const consumes = Array.isArray(op.consumes) ? op.consumes : ctx.document.consumes;
        const types = Array.isArray(consumes)
          ? consumes.filter((c): c is string => typeof c === "string").map((c) =>
            c.split(";")[0].trim().toLowerCase()
          )
          : [];
        const hasFile = forms.some((p) => p.parameter.type === "file");
        if (hasFile && !types.includes("multipart/form-data")) {
          ctx.report(
            path,
            'a parameter of type "file" needs "consumes" with "multipart/form-data" (on the operation or the document).',
            { file: at.file },
          );
        } else if (!types.some((t) => FORM_TYPES.includes(t))) {
          ctx.report(
            path,
            'formData parameters need "consumes" with "application/x-www-form-urlencoded" or "multipart/form-data".',
            { file: at.file },
          );
        }
      },
    };
  },
};

import type { Rule } from "../rule.ts";
import { parseTemplate, type TemplatePart, templateShape } from "../../core/path_template.ts";
import { q } from "./_helpers.ts";

/**
 * The sentence a path template breaks, as the declared version words it: 3.2 gives the grammar (RFC 3986's path,
 * with `{name}` expressions) and forbids a repeated expression; earlier versions say a key is a relative path and
 * that templating marks a section of a URL path.
 */
function sentence(version: string, repeated: boolean): string {
  if (version.startsWith("3.2.")) {
    return repeated
      ? "Each template expression MUST NOT appear more than once in a single path template."
      : 'path-template = "/" *( path-segment "/" ) [ path-segment ]; path-segment = 1*( path-literal / ' +
        'template-expression ); path-literal = 1*pchar; template-expression = "{" ' +
        'template-expression-param-name "}" (the param name holds no brace)';
  }
  return repeated
    ? "Each template expression in the path MUST correspond to a path parameter (a parameter is unique by name " +
      "and location, so one name cannot stand for two sections of the path)"
    : `A relative path to an individual endpoint. … Path templating refers to the usage of ${
      version === "2.0" ? "curly braces ({})" : "template expressions, delimited by curly braces ({}),"
    } to mark a section of a URL path as replaceable using path parameters.`;
}

/** What is wrong with the text parts of a template (`//`, `?`, `#`), in order. */
function textProblems(template: string, parts: readonly TemplatePart[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part.kind !== "text") continue;
    const text = part.text;
    const query = text.indexOf("?");
    if (query !== -1) {
      out.push(
        `it holds "?" (at offset ${part.start + query}), which starts a query string, not a part of the path`,
      );
    }
    const hash = text.indexOf("#");
    if (hash !== -1) {
      out.push(
        `it holds "#" (at offset ${part.start + hash}), which starts a fragment, not a part of the path`,
      );
    }
  }
  // An empty segment, outside the names of expressions (`/{a}//b` spans parts: the shape joins them).
  if (templateShape(template).includes("//")) out.push('it has an empty segment ("//")');
  return out;
}

/**
 * `path-template`: every key of the Paths Object is a path template: a path (no empty segment `//`, no `?` or
 * `#`), with balanced, unnested `{name}` expressions, each name at most once.
 */
export const pathTemplate: Rule = {
  id: "path-template",
  severity: "error",
  description: "Path keys are path templates: no //, ? or #, balanced unnested braces, no repeated name",
  anchor: "path-templating",
  create(ctx) {
    return {
      paths(paths, at) {
        for (const template of Object.keys(paths)) {
          if (template.startsWith("x-")) continue;
          const parts = parseTemplate(template);
          const problems = textProblems(template, parts);
          const stray = parts.find((p) => p.kind === "brace");
          if (stray !== undefined) {
            problems.push(
              `its brace "${stray.brace}" (at offset ${stray.start}) neither opens nor closes a {name} expression ` +
                "(braces are unbalanced or nested)",
            );
          }
          if (problems.length > 0) {
            ctx.report(
              [...at.path, template],
              `the path ${q(template)} is not a path template: ${
                problems.join("; ")
              }. The specification ${ctx.version} says: "${sentence(ctx.version, false)}"`,
            );
          }
          const seen = new Set<string>();
          const repeated = new Set<string>();
          for (const part of parts) {
            if (part.kind !== "expression" || part.name === "") continue;
            if (seen.has(part.name)) repeated.add(part.name);
            seen.add(part.name);
          }
          for (const name of repeated) {
            ctx.report(
              [...at.path, template],
              `the path ${
                q(template)
              } has the expression {${name}} more than once. The specification ${ctx.version} ` +
                `says: "${sentence(ctx.version, true)}"`,
            );
          }
        }
      },
    };
  },
};

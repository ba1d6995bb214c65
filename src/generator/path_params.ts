/**
 * The parameters of a path template as the generated code matches them, read with the one template scanner
 * (`core/path_template.ts`): each `{name}` expression with a name; `{}` (no name) is text, matched as written.
 *
 * @module
 */
import { type TemplateExpression, templateExpressions } from "../core/path_template.ts";

/** The `{name}` expressions of a path template that have a name, in order (repeats kept). */
export function pathParams(path: string): TemplateExpression[] {
  return templateExpressions(path).filter((e) => e.name !== "");
}

/** The names of a path template's parameters, in order (repeats kept). */
export function pathParamNames(path: string): string[] {
  return pathParams(path).map((e) => e.name);
}

/**
 * Operations (or routes) in matching order: fewer path parameters first, then by path and by method (code-unit
 * order), so that the most literal template matches first and the order does not depend on the document's.
 */
export function matchingOrder<T extends { path: string; method: string }>(ops: readonly T[]): T[] {
  const counts = new Map<string, number>();
  const params = (path: string) => {
    let n = counts.get(path);
    if (n === undefined) counts.set(path, n = pathParams(path).length);
    return n;
  };
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...ops].sort((a, b) =>
    params(a.path) - params(b.path) || cmp(a.path, b.path) || cmp(a.method, b.method)
  );
}

import type { Rule, RuleContext } from "../rule.ts";
import { operationsOf, type ParameterAt, parametersOf, q } from "./_helpers.ts";

const SENTENCE =
  "querystring … MUST NOT appear more than once, and MUST NOT appear in the same operation (or in " +
  'the operation\'s path-item) as any in: "query" parameters.';

/** Where a parameter entry is written, for messages: `the operation's parameters[1] "name"`. */
function entryLabel(p: ParameterAt, itemList: readonly (string | number)[]): string {
  const name = typeof p.parameter.name === "string" ? ` ${q(p.parameter.name)}` : "";
  const onItem = p.path.length === itemList.length + 1 && itemList.every((s, i) => p.path[i] === s);
  return `the ${onItem ? "Path Item" : "operation"}'s parameters[${p.path[p.path.length - 1]}]${name}`;
}

/**
 * The parameters that apply to an operation: its own, then the Path Item's that it does not override (a unique
 * parameter is its name and location).
 */
function effective(pathLevel: ParameterAt[], own: ParameterAt[]): ParameterAt[] {
  const key = (p: ParameterAt) => `${String(p.parameter.in)}\0${String(p.parameter.name)}`;
  const overridden = new Set(own.map(key));
  return [...own, ...pathLevel.filter((p) => !overridden.has(key(p)))];
}

/** Reports the conflicts of one set of parameters (each place once: `done` holds what was reported). */
function checkSet(
  ctx: RuleContext,
  set: ParameterAt[],
  listPath: readonly (string | number)[],
  itemList: readonly (string | number)[],
  done: Set<string>,
): void {
  const querystrings = set.filter((p) => p.parameter.in === "querystring");
  if (querystrings.length === 0) return;
  const first = querystrings[0];
  const conflicts = [
    ...querystrings.slice(1).map((p) => ({ p, what: `a second "in: querystring" parameter` })),
    ...set.filter((p) => p.parameter.in === "query").map((p) => ({ p, what: `an "in: query" parameter` })),
  ];
  for (const { p, what } of conflicts) {
    // Two entries of one list are that list's problem (where the structural schema puts it, and once however many
    // operations share a Path Item's list); across lists, the entry that brings the conflict in.
    const sameList = p.path.length === first.path.length &&
      p.path.slice(0, -1).every((s, i) => first.path[i] === s);
    const at = sameList ? p.path.slice(0, -1) : (p.path.length === listPath.length + 1 ? p.path : first.path);
    const label = [first, p].map((x) => entryLabel(x, itemList)).join(" and ");
    const id = `${at.join("\0")}\0${label}`;
    if (done.has(id)) continue;
    done.add(id);
    ctx.report(
      at,
      `${what} applies together with an "in: querystring" parameter (${label}); the specification ` +
        `${ctx.version} says: "${SENTENCE}"`,
    );
  }
}

/**
 * `querystring-parameter` (3.2): an operation has at most one `in: querystring` parameter, and none together
 * with `in: query` parameters, counting the Path Item's parameters it does not override (references followed).
 * That it uses `content`, not `schema`, the structural schema checks.
 */
export const querystringParameter: Rule = {
  id: "querystring-parameter",
  severity: "error",
  description: "3.2: at most one in: querystring parameter per operation, and none with in: query parameters",
  anchor: "parameter-locations",
  versions: ["3.2"],
  create(ctx) {
    return {
      pathItem(item, at) {
        if (typeof item.$ref === "string") return;
        const done = new Set<string>();
        const itemPath = [...at.path];
        const listPath = [...itemPath, "parameters"];
        const pathLevel = parametersOf(ctx, item.parameters, at.file, listPath);
        const ops = operationsOf(item, ctx.oasVersion);
        if (ops.length === 0) checkSet(ctx, pathLevel, listPath, listPath, done);
        for (const { operation, rel } of ops) {
          const opList = [...itemPath, ...rel, "parameters"];
          const own = parametersOf(ctx, operation.parameters, at.file, opList);
          checkSet(ctx, effective(pathLevel, own), opList, listPath, done);
        }
      },
    };
  },
};

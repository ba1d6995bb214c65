/**
 * Always performed: every `{name}` of a path template that neither the Path Item nor the operation declares as
 * an `in: path` parameter (directly or through a `$ref`) is added to the operation's parameters, with
 * `required: true` and type `string` (with `--infer`: by name, see {@link inferType}). Only `paths` have
 * templates: webhook names and callback expressions are not path templates.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { RefIndex } from "../refs/ref_index.ts";
import { templateParams } from "../core/path_template.ts";
import { type FixContext, type FixStep, q } from "./_context.ts";

/** The type (and format) of an added path parameter from its name: see the fix command's table. */
export function inferType(name: string, infer: boolean): { type: string; format?: string } {
  if (!infer) return { type: "string" };
  if (/uuid|guid/i.test(name)) return { type: "string", format: "uuid" };
  if (/(id|Id|ID)$/.test(name)) return { type: "integer" };
  return { type: "string" };
}

/** The `{name}`s of a path template, each once, in order (an empty `{}` names nothing). */
export function templateNames(template: string): string[] {
  return [...new Set(templateParams(template))].filter((name) => name !== "");
}

interface Pending {
  operation: Record<string, unknown>;
  path: (string | number)[];
  template: string;
  missing: string[];
}

/** Adds the missing path parameters (a step of the shared walk). */
export function addMissingPathParams(ctx: FixContext): FixStep {
  let index: RefIndex | undefined;
  const resolve = (p: unknown): unknown => {
    if (!isObject(p) || typeof p.$ref !== "string") return p;
    index ??= RefIndex.of(ctx.doc, ctx.oasVersion);
    const r = index.follow(p.$ref);
    return r.ok ? r.value : undefined;
  };
  const declaredIn = (list: unknown, into: Set<string>) => {
    if (!Array.isArray(list)) return;
    for (const p of list) {
      const v = resolve(p);
      if (isObject(v) && v.in === "path" && typeof v.name === "string") into.add(v.name);
    }
  };
  const pending: Pending[] = [];
  const visitors: FixStep["visitors"] = {
    operation(op, at) {
      const template = at.enclosingPath;
      const item = at.parent;
      if (template === undefined || item === undefined || at.path[0] !== "paths" || at.path.length > 4) {
        return;
      }
      const names = templateNames(template);
      if (names.length === 0) return;
      const declared = new Set<string>();
      declaredIn(item.parameters, declared);
      declaredIn(op.parameters, declared);
      const missing = names.filter((n) => !declared.has(n));
      if (missing.length > 0 && (op.parameters === undefined || Array.isArray(op.parameters))) {
        pending.push({ operation: op, path: [...at.path], template, missing });
      }
    },
  };
  return { visitors, apply: () => addParameters(ctx, pending) };
}

function addParameters(ctx: FixContext, pending: readonly Pending[]): void {
  const infer = ctx.options.infer === true;
  for (const p of pending) {
    const list = (p.operation.parameters ??= []) as unknown[];
    for (const name of p.missing) {
      const { type, format } = inferType(name, infer);
      const typed: Record<string, unknown> = format === undefined ? { type } : { type, format };
      const param: Record<string, unknown> = ctx.v2
        ? { name, in: "path", required: true, ...typed }
        : { name, in: "path", required: true, schema: typed };
      list.push(param);
      ctx.add(
        "missing-path-parameter",
        [...p.path, "parameters", list.length - 1],
        `added the path parameter ${q(name)} (${format ?? type}) that the path ${
          q(p.template)
        } uses but no parameter declares.`,
        { after: param, at: p.path },
      );
    }
  }
}

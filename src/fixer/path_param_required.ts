/**
 * Always performed: every `in: path` parameter without `required: true` gets it — inline parameters of
 * operations and Path Items (in paths, webhooks and callbacks), 3.x `components.parameters` and 2.0's root
 * `parameters`. A `$ref` parameter is fixed at its definition, once (the walker visits Reference Objects as
 * references, and each definition at its own place).
 *
 * @module
 */
import { type FixContext, type FixStep, q } from "./_context.ts";

/** Sets `required: true` on path parameters (a step of the shared walk). */
export function requirePathParams(ctx: FixContext): FixStep {
  const found: { param: Record<string, unknown>; path: (string | number)[] }[] = [];
  const seen = new Set<object>(); // one object reached twice (YAML aliases) is fixed once
  const visitors: FixStep["visitors"] = {
    parameter(p, at) {
      if (p.in !== "path" || p.required === true || seen.has(p)) return;
      seen.add(p);
      found.push({ param: p, path: [...at.path] });
    },
  };
  return { visitors, apply: () => setRequired(ctx, found) };
}

function setRequired(
  ctx: FixContext,
  found: readonly { param: Record<string, unknown>; path: (string | number)[] }[],
): void {
  for (const { param, path } of found) {
    const before = param.required;
    param.required = true;
    ctx.add(
      "path-parameter-required",
      [...path, "required"],
      `set "required: true" on the path parameter ${q(param.name)}${
        before === undefined ? "" : ` (was ${q(before)})`
      }.`,
      before === undefined ? { after: true, at: path } : { before, after: true },
    );
  }
}

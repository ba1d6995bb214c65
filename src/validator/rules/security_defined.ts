import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

/** The declared security schemes (resolved), by name. */
function schemesOf(
  ctx: Parameters<Rule["create"]>[0],
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const doc = ctx.document;
  const [container, path] = ctx.oasVersion === "2.0"
    ? [doc.securityDefinitions, ["securityDefinitions"]]
    : [isObject(doc.components) ? doc.components.securitySchemes : undefined, [
      "components",
      "securitySchemes",
    ]];
  if (!isObject(container)) return out;
  for (const [name, value] of Object.entries(container)) {
    const r = ctx.resolve(value, ctx.rootFile, [...path, name]);
    out.set(name, r !== undefined && isObject(r.value) ? r.value : {});
  }
  return out;
}

/** Every scope an OAuth2 scheme declares (2.0 `scopes`, 3.x every flow's `scopes`). */
function scopesOf(scheme: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const add = (scopes: unknown) => {
    if (isObject(scopes)) { for (const s of Object.keys(scopes)) out.add(s); }
  };
  add(scheme.scopes);
  if (isObject(scheme.flows)) {
    for (const flow of Object.values(scheme.flows)) if (isObject(flow)) add(flow.scopes);
  }
  return out;
}

/**
 * `security-defined`: security requirements name declared security schemes; OAuth2 scopes exist in the scheme's
 * flows; in 2.0 and 3.0, requirements of other scheme types list no scopes.
 */
export const securityDefined: Rule = {
  id: "security-defined",
  severity: "error",
  description: "Security requirements name declared schemes and existing OAuth2 scopes",
  anchor: "security-requirement-object",
  create(ctx) {
    let schemes: Map<string, Record<string, unknown>> | undefined;
    const where = ctx.oasVersion === "2.0" ? "securityDefinitions" : "components.securitySchemes";
    return {
      securityRequirement(req, at) {
        schemes ??= schemesOf(ctx);
        for (const [name, scopes] of Object.entries(req)) {
          const scheme = schemes.get(name);
          if (scheme === undefined) {
            ctx.report([...at.path, name], `security scheme ${q(name)} is not declared in ${where}.`);
            continue;
          }
          if (!Array.isArray(scopes) || scopes.length === 0) continue;
          if (scheme.type === "oauth2") {
            const known = scopesOf(scheme);
            scopes.forEach((scope, i) => {
              if (typeof scope === "string" && !known.has(scope)) {
                ctx.report(
                  [...at.path, name, i],
                  `scope ${q(scope)} is not defined by the OAuth2 scheme ${q(name)}.`,
                );
              }
            });
          } else if (
            (ctx.oasVersion === "2.0" || ctx.oasVersion === "3.0") && scheme.type !== "openIdConnect"
          ) {
            ctx.report(
              [...at.path, name],
              `security scheme ${q(name)} is of type ${q(scheme.type)}, so its list of scopes must be empty.`,
            );
          }
        }
      },
    };
  },
};

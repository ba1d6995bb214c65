/**
 * The security_enforce.go emitter (`--security-enforce`, with the server): `SecurityMiddleware`, which finds
 * the operation of a request (method and path template, patterns compiled once) and checks its security
 * requirements — one alternative must be met, every scheme within it: the credential present (API key in a
 * header, query or cookie; basic; bearer), accepted by the user's `SecurityValidator`, and granting the
 * required scopes. 401 with `WWW-Authenticate` when credentials are missing or rejected, 403
 * (`insufficient_scope`) when only scopes are missing; the principals go into the request's context. The
 * operations' table splits like the other per-operation files.
 *
 * @module
 */
import type { EmitContext } from "./context.ts";
import type { GeneratedFile } from "./split.ts";
import { securitySchemes, tableFiles } from "./_security_extras.ts";
import { ENFORCE_RUNTIME } from "./go_runtime.ts";

/** security_enforce.go (and its per-group parts when the operations' table is split). */
export function emitSecurityEnforceFiles(ctx: EmitContext): GeneratedFile[] {
  const schemes = securitySchemes(ctx.index);
  const byName = new Map(schemes.map((s) => [s.name, s]));
  if (ctx.ops.every((op) => op.security.length === 0)) {
    ctx.model.issue(
      "info",
      [],
      "--security-enforce: no operation has a security requirement, so the middleware lets every request through.",
      "generate-security-enforce",
    );
  }
  const reported = new Set<string>();
  for (const op of ctx.ops) {
    for (const req of op.security) {
      for (const name of Object.keys(req)) {
        if (reported.has(name)) continue;
        const s = byName.get(name);
        if (s !== undefined && s.kind !== undefined) continue;
        reported.add(name);
        ctx.model.issue(
          "warning",
          s?.segments ?? op.at,
          s === undefined
            ? `security requirement names the undeclared scheme "${name}"; the middleware never accepts a requirement that needs it.`
            : `security scheme "${name}" (${s.type}) cannot be checked by the middleware; a requirement that needs it is never met.`,
          "generate-security-enforce",
        );
      }
    }
  }
  return tableFiles(ctx, "security_enforce", ENFORCE_RUNTIME, "secEnf", schemes, true);
}

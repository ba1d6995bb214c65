/**
 * The credentials.go emitter (`--credential-mgmt`): the `CredentialProvider` interface with a static and a
 * rotating provider (neither reads the environment), and `WithCredentials`, a request editor that sends each
 * scheme an operation needs the way the document says (API key in a header, query or cookie; basic; bearer
 * for bearer, OAuth2 and OpenID Connect schemes). With the client or the server generated, the operations'
 * security requirements are in the file (split like the other per-operation files); without them the editor
 * applies the schemes it is given or every scheme the provider has a credential for.
 *
 * @module
 */
import type { EmitContext } from "./context.ts";
import type { GeneratedFile } from "./split.ts";
import { securitySchemes, tableFiles } from "./_security_extras.ts";
import { CREDENTIALS_RUNTIME } from "./go_runtime.ts";

/** credentials.go (and its per-group parts when the operations' table is split). */
export function emitCredentialFiles(ctx: EmitContext): GeneratedFile[] {
  const schemes = securitySchemes(ctx.index);
  if (schemes.length === 0) {
    ctx.model.issue(
      "info",
      [],
      "--credential-mgmt: the document declares no security scheme; WithCredentials has no scheme to apply (the providers are generated).",
      "generate-credentials",
    );
  }
  for (const s of schemes) {
    if (s.kind !== undefined) continue;
    ctx.model.issue(
      "info",
      s.segments,
      `credentials.go: security scheme "${s.name}" (${s.type}) is not applied by WithCredentials; send it with a request editor of your own.`,
      "generate-credentials",
    );
  }
  return tableFiles(ctx, "credentials", CREDENTIALS_RUNTIME, "cred", schemes, false);
}
